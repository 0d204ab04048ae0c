import type { Cell } from './grid';

/** What one player's shooting amounted to, read from the grid those shots landed on. */
export interface ShotStats {
  /** Cells shot at: misses, hits and the cells of sunk ships (every one of them was hit). */
  readonly shots: number;
  /** Shots that struck a ship. */
  readonly hits: number;
  /** hits / shots, 0..1 (a view shows it as a percentage); null before the first shot. */
  readonly accuracy: number | null;
}

/**
 * Counts the shots marked on a grid: `M` a miss, `H` a hit, `D` a cell of a sunk ship (a ship sinks
 * only once each of its cells was hit, so each `D` is one hit). `E` and `S` were never shot. A turn
 * lost to the clock leaves no mark, so it is not counted as a shot.
 */
export function shotStats(grid: readonly (readonly Cell[])[]): ShotStats {
  let shots = 0;
  let hits = 0;
  for (const row of grid) {
    for (const cell of row) {
      if (cell === 'M') shots += 1;
      else if (cell === 'H' || cell === 'D') {
        shots += 1;
        hits += 1;
      }
    }
  }
  return { shots, hits, accuracy: shots === 0 ? null : hits / shots };
}
