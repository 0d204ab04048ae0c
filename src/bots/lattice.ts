import { GRID_SIZE } from '../game';
import type { Board, Knowledge } from './knowledge';

/**
 * How much a hunting shot prefers one diagonal lattice. Probability scores of neighbouring cells
 * are often nearly equal while nothing is hit; left to chance, the shots drift between lattices and
 * leave gaps that a small ship hides in until the end. Measured on 4000 games with the 2-colour
 * checkerboard: 1.0 → 44.67 shots, 1.03 → 44.40, 1.1 → 44.11, 1.3 → 44.30, 1.6 → 44.58 (density).
 */
export const LATTICE_BONUS = 1.1;

/** The length of the shortest ship still afloat (2 while nothing is known). */
export function shortestAfloat(k: Knowledge): number {
  return k.afloat.reduce((n, ship) => Math.min(n, ship.table.length), GRID_SIZE);
}

/**
 * Scales the scores of the lattice cells in place, only while no hit is unresolved. A ship of
 * length ≥ L crosses every class of (x + y) mod L, so one class is enough to find it: while the
 * destroyer (2) is afloat that is a checkerboard colour, once it is sunk every third diagonal, and
 * so on. Of the L classes, the one with the fewest unknown cells left is the cheapest to finish
 * (and stays so as it is shot), which also keeps the choice stable from shot to shot. `bonus`
 * is density's LATTICE_BONUS unless a shooter tuned its own.
 */
export function preferLattice(board: Board, score: Float64Array, shortest = 2, bonus = LATTICE_BONUS): void {
  // A one-cell boat afloat (russian fleet) may sit on any cell: no lattice covers it.
  if (board.hits.length > 0 || shortest < 2) return;
  const modulus = Math.max(2, shortest);
  const left = new Int32Array(modulus);
  const classOf = (c: number): number => ((c % GRID_SIZE) + Math.floor(c / GRID_SIZE)) % modulus;
  for (const c of board.unknown) left[classOf(c)] = (left[classOf(c)] ?? 0) + 1;
  let best = 0;
  for (let r = 1; r < modulus; r++) if ((left[r] ?? 0) < (left[best] ?? 0)) best = r;
  for (const c of board.unknown) {
    if (classOf(c) === best) score[c] = (score[c] ?? 0) * bonus;
  }
}
