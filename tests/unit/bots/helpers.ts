import { type Cell, type Coord, emptyGrid, type Grid, type ShipKey, type ShipMap } from '../../../src/game';
import type { ShotView } from '../../../src/bots';

/** A view from a picture: one string per row, '.' unknown, 'o' miss, 'x' hit, '#' sunk. */
export function viewOf(rows: readonly string[], sunk: Partial<Record<ShipKey, readonly Coord[]>> = {}): ShotView {
  const grid: Grid = emptyGrid();
  const codes: Record<string, Cell> = { '.': 'E', o: 'M', x: 'H', '#': 'D' };
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      const line = grid[y];
      if (line) line[x] = codes[ch] ?? 'E';
    });
  });
  return { grid, sunk };
}

export function run(x: number, y: number, length: number, vertical = false): Coord[] {
  return Array.from({ length }, (_, i) => (vertical ? { x, y: y + i } : { x: x + i, y }));
}

export const FLEET: ShipMap = {
  '0': run(0, 0, 5),
  '1': run(0, 2, 4),
  '2': run(9, 4, 3, true),
  '3': run(0, 6, 3),
  '4': run(5, 8, 2, true),
};
