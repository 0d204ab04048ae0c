import { GRID_SIZE } from '../game';
import type { Board } from './knowledge';

/**
 * How much a hunting shot prefers one colour of a checkerboard. Probability scores of neighbouring
 * cells are often nearly equal while nothing is hit; left to chance, the shots drift between both
 * colours and leave gaps that a small ship hides in until the end. Every ship (length ≥ 2) crosses
 * both colours, so a slight preference keeps the hunt on one lattice without overriding clear
 * differences in probability. Measured on 4000 games: 1.0 → 44.67 shots, 1.03 → 44.40,
 * 1.1 → 44.11, 1.3 → 44.30, 1.6 → 44.58 (density shooter).
 */
export const LATTICE_BONUS = 1.1;

/** Scales the scores of the lattice cells in place, only while no hit is unresolved. */
export function preferLattice(board: Board, score: Float64Array): void {
  if (board.hits.length > 0) return;
  for (const c of board.unknown) {
    if (((c % GRID_SIZE) + Math.floor(c / GRID_SIZE)) % 2 === 0) score[c] = (score[c] ?? 0) * LATTICE_BONUS;
  }
}
