import { CELLS } from '../knowledge';
import { placementsOf } from '../tables';
import { cellIndex, randomFleet, SHIP_KEYS, SHIP_LENGTHS, type ShipMap } from '../../game';
import type { PlacementStrategy } from '../types';

/** Layouts drawn per fleet; the least likely one (under a uniform prior) is kept. */
const CANDIDATES = 40;

/**
 * How often each cell is covered by a uniformly placed ship on an empty board, summed over the
 * fleet: the opening map of every shooter that assumes uniform placement (centre high, edges low).
 */
const PRIOR: Float64Array = (() => {
  const prior = new Float64Array(CELLS);
  for (const length of SHIP_LENGTHS) {
    const table = placementsOf(length);
    for (let p = 0; p < table.count * length; p++) {
      const c = table.cells[p] ?? 0;
      prior[c] = (prior[c] ?? 0) + 1 / table.count;
    }
  }
  return prior;
})();

function priorOf(fleet: ShipMap): number {
  let sum = 0;
  for (const key of SHIP_KEYS) for (const c of fleet[key]) sum += PRIOR[cellIndex(c)] ?? 0;
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
  place(rng) {
    let best = randomFleet(rng);
    let bestScore = priorOf(best);
    for (let i = 1; i < CANDIDATES; i++) {
      const fleet = randomFleet(rng);
      const score = priorOf(fleet);
      if (score < bestScore) {
        best = fleet;
        bestScore = score;
      }
    }
    return best;
  },
};
