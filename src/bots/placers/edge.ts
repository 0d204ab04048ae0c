import { CELLS } from '../knowledge';
import { placementsOf } from '../tables';
import { CLASSIC_RULES, cellIndex, fleetLengths, randomFleet, type Rules, type ShipMap, shipEntries } from '../../game';
import type { PlacementStrategy } from '../types';

/** Layouts drawn per fleet; the least likely one (under a uniform prior) is kept. */
const CANDIDATES = 40;

/**
 * How often each cell is covered by a uniformly placed ship on an empty board, summed over the
 * fleet: the opening map of every shooter that assumes uniform placement (centre high, edges low).
 */
function priorOfFleet(lengths: readonly number[]): Float64Array {
  const prior = new Float64Array(CELLS);
  for (const length of lengths) {
    const table = placementsOf(length);
    for (let p = 0; p < table.count * length; p++) {
      const c = table.cells[p] ?? 0;
      prior[c] = (prior[c] ?? 0) + 1 / table.count;
    }
  }
  return prior;
}

const PRIORS = new Map<string, Float64Array>();

/** The prior of the rules' fleet, built on first use. */
function priorFor(rules: Rules): Float64Array {
  let prior = PRIORS.get(rules.fleet);
  if (!prior) {
    prior = priorOfFleet(fleetLengths(rules));
    PRIORS.set(rules.fleet, prior);
  }
  return prior;
}

function priorOf(fleet: ShipMap, prior: Float64Array): number {
  let sum = 0;
  for (const [, cells] of shipEntries(fleet)) for (const c of cells) sum += prior[cellIndex(c)] ?? 0;
  return sum;
}

/**
 * Hides from shooters that assume uniform placement: of CANDIDATES uniform layouts it keeps the
 * one whose cells they expect least, which pushes ships to edges and corners. Still random (it
 * never plays the same layout twice in a row), so it cannot be learnt by heart.
 */
export const edgePlacer: PlacementStrategy = {
  name: 'edge',
  description: `least expected of ${CANDIDATES} uniform layouts (ships hug edges and corners)`,
  place(rng, rules = CLASSIC_RULES) {
    const prior = priorFor(rules);
    let best = randomFleet(rng, rules);
    let bestScore = priorOf(best, prior);
    for (let i = 1; i < CANDIDATES; i++) {
      const fleet = randomFleet(rng, rules);
      const score = priorOf(fleet, prior);
      if (score < bestScore) {
        best = fleet;
        bestScore = score;
      }
    }
    return best;
  },
};
