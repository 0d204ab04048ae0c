/** The 10x10 board: coordinates, cell codes and grids read as grid[y][x] (docs/protocol.md, Conventions). */
export const GRID_SIZE = 10;

/** x is the column, y the row, both 0..9. */
export interface Coord {
  readonly x: number;
  readonly y: number;
}

/** E empty or unknown, S ship (own grid only), M miss, H hit, D every cell of a sunk ship. */
export type Cell = 'E' | 'S' | 'M' | 'H' | 'D';
/** The answer to a shot. */
export type ShotResult = 'M' | 'H' | 'D';
export type Grid = Cell[][];

export function inBounds(c: Coord): boolean {
  return Number.isInteger(c.x) && Number.isInteger(c.y) && c.x >= 0 && c.x < GRID_SIZE && c.y >= 0 && c.y < GRID_SIZE;
}

/** A dense index 0..99 for a cell, handy for sets and typed arrays. */
export function cellIndex(c: Coord): number {
  return c.y * GRID_SIZE + c.x;
}

export function coordOf(index: number): Coord {
  return { x: index % GRID_SIZE, y: Math.floor(index / GRID_SIZE) };
}

export function sameCoord(a: Coord, b: Coord): boolean {
  return a.x === b.x && a.y === b.y;
}

export function emptyGrid(): Grid {
  // Plain loops: this runs for every view of every shot on the server.
  const grid: Grid = new Array(GRID_SIZE);
  for (let y = 0; y < GRID_SIZE; y++) grid[y] = new Array<Cell>(GRID_SIZE).fill('E');
  return grid;
}

/** "B7"-style label: column letter A..J then row number 1..10. */
export function coordLabel(c: Coord): string {
  return `${String.fromCharCode(65 + c.x)}${c.y + 1}`;
}
