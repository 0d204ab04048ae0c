import { GRID_SIZE } from '../../game';
import { afloatShips, HIT, readBoard, UNKNOWN } from '../knowledge';
import { pickAny } from '../pick';
import type { ShotStrategy } from '../types';

/** The four cells next to a cell, as (dx, dy): a ship runs on through one of them. */
export const STEPS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

function at(cells: Uint8Array, x: number, y: number): number {
  return x < 0 || y < 0 || x >= GRID_SIZE || y >= GRID_SIZE ? -1 : (cells[y * GRID_SIZE + x] ?? -1);
}

/**
 * Cells worth shooting around the unresolved hits: the open ends of a line of two or more hits
 * first (the ship most likely runs on), otherwise any open neighbour of a hit.
 */
function targets(cells: Uint8Array, hits: readonly number[]): number[] {
  const lineEnds: number[] = [];
  const neighbours: number[] = [];
  for (const h of hits) {
    const hx = h % GRID_SIZE;
    const hy = Math.floor(h / GRID_SIZE);
    for (const [dx, dy] of STEPS) {
      if (at(cells, hx + dx, hy + dy) === UNKNOWN) neighbours.push((hy + dy) * GRID_SIZE + hx + dx);
      // Walk from h away from a hit behind it: h is then the end of a line of hits.
      if (at(cells, hx - dx, hy - dy) !== HIT) continue;
      if (at(cells, hx + dx, hy + dy) === UNKNOWN) lineEnds.push((hy + dy) * GRID_SIZE + hx + dx);
    }
  }
  return lineEnds.length > 0 ? lineEnds : neighbours;
}

/**
 * Hunt/target with parity: while nothing is hit, shoot one colour of a checkerboard (every ship of
 * length ≥ 2 covers both colours); after a hit, shoot around it until the ship sinks.
 */
export const huntShooter: ShotStrategy = {
  name: 'hunt',
  description: 'hunt on a checkerboard, then target around hits (≈ 51 shots: sunk ships are revealed)',
  nextShot(view, rng) {
    const k = readBoard(view);
    const aimed = targets(k.cells, k.hits);
    if (aimed.length > 0) return pickAny(aimed, rng);
    // A one-cell boat afloat (russian fleet) may be on either colour: no parity then.
    if (afloatShips(view).some((ship) => ship.length < 2)) return pickAny(k.unknown, rng);
    const even = k.unknown.filter((c) => ((c % GRID_SIZE) + Math.floor(c / GRID_SIZE)) % 2 === 0);
    return pickAny(even.length > 0 ? even : k.unknown, rng);
  },
};
