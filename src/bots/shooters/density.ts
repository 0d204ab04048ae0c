import type { Coord, Rng } from '../../game';
import { CELLS, HIT, type Knowledge, readKnowledge } from '../knowledge';
import { preferLattice, shortestAfloat } from '../lattice';
import { argmax } from '../pick';
import type { ShotStrategy } from '../types';

/**
 * How much more a placement through k unresolved hits counts than one through none. Large enough
 * that, while a hit is unresolved, cells that could extend it always win over open water.
 */
const HIT_WEIGHT = 100;
/** HIT_WEIGHT^k for k = 0..5 hits under one placement. */
const WEIGHTS = Array.from({ length: 6 }, (_, k) => HIT_WEIGHT ** k);

/**
 * Density's counts for a decoded view: for every ship still afloat, each placement consistent with
 * what is known (no miss, no sunk cell, not wholly on hits) counted over the unknown cells it
 * covers, placements through hits weighted by HIT_WEIGHT^hits. A raw count, not a probability:
 * a ship with more placements left weighs more, which measured better than each ship's
 * probability (docs/cli.md).
 */
export function densityScores(k: Knowledge): Float64Array {
  const score = new Float64Array(CELLS);
  for (const ship of k.afloat) {
    const { table, candidates, hitsCovered } = ship;
    for (let j = 0; j < candidates.length; j++) {
      const p = candidates[j] ?? 0;
      const weight = WEIGHTS[hitsCovered[j] ?? 0] ?? 1;
      for (let i = 0; i < table.length; i++) {
        const c = table.cells[p * table.length + i] ?? 0;
        if (k.cells[c] !== HIT) score[c] = (score[c] ?? 0) + weight;
      }
    }
  }
  return score;
}

/**
 * Density's choice for a decoded view: the unknown cell with the highest count (densityScores),
 * hunting preferably on one lattice (see lattice.ts). The counts are exact, so equal views give
 * equal scores: no sampling noise in the ranking, which is why the sampler hunts with them too.
 */
export function densityShot(k: Knowledge, rng: Rng): Coord {
  const score = densityScores(k);
  preferLattice(k, score, shortestAfloat(k));
  return argmax(k.unknown, score, rng);
}

/**
 * Probability density: placements of each afloat ship counted independently of the other ships
 * (which is what the sampler improves on once something is hit); see densityShot.
 */
export const densityShooter: ShotStrategy = {
  name: 'density',
  description: 'probability density of every consistent placement of each afloat ship (≈ 44.2 shots)',
  nextShot: (view, rng) => densityShot(readKnowledge(view), rng),
};
