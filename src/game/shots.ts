import { type Cell, type Coord, type ShotResult, cellIndex } from './grid';
import { SHIP_KEYS, type ShipKey, type ShipMap } from './fleet';

/** One resolved shot; `shooterId` fired at the other player's fleet. */
export interface Shot {
  readonly shooterId: string;
  readonly x: number;
  readonly y: number;
  readonly result: ShotResult;
}

/** Cell indexes (see cellIndex) of every shot already fired at a fleet; only membership is asked. */
export type ShotSet = Pick<ReadonlySet<number>, 'has'>;

export function isSunk(fleet: ShipMap, ship: ShipKey, shots: ShotSet): boolean {
  return fleet[ship].every((c) => shots.has(cellIndex(c)));
}

export function sunkShips(fleet: ShipMap, shots: ShotSet): ShipKey[] {
  return SHIP_KEYS.filter((ship) => isSunk(fleet, ship, shots));
}

export function allSunk(fleet: ShipMap, shots: ShotSet): boolean {
  return SHIP_KEYS.every((ship) => isSunk(fleet, ship, shots));
}

/** True when every one of `cells` reads `mark` on `grid` (grid[y][x]). */
export function everyCellIs(grid: readonly (readonly Cell[])[], cells: readonly Coord[], mark: Cell): boolean {
  for (const c of cells) if (grid[c.y]?.[c.x] !== mark) return false;
  return true;
}

/**
 * A ship is sunk in a view when each of its cells reads D (a view marks a sunk ship's cells D, and
 * only those): how a client tells, from the grids it is sent, which ships went down.
 */
export function sunkOnGrid(grid: readonly (readonly Cell[])[], cells: readonly Coord[]): boolean {
  return cells.length > 0 && everyCellIs(grid, cells, 'D');
}

export interface ShotOutcome {
  readonly result: ShotResult;
  /** The ship this shot sank, if it sank one. */
  readonly sunk?: ShipKey;
  /** True when this shot sank the last ship. */
  readonly won: boolean;
}

/**
 * Resolves a new shot at `target` given the shots already fired at the fleet (not including
 * this one): M on water, H on a ship with cells left, D when it takes the ship's last cell.
 */
export function resolveShot(fleet: ShipMap, previous: ShotSet, target: Coord): ShotOutcome {
  // No copy of `previous` with the target added: a cell counts as shot if it is the target or was before.
  const targetIndex = cellIndex(target);
  const after: ShotSet = { has: (cell) => cell === targetIndex || previous.has(cell) };
  const ship = SHIP_KEYS.find((key) => fleet[key].some((c) => c.x === target.x && c.y === target.y));
  if (ship === undefined) return { result: 'M', won: false };
  if (!isSunk(fleet, ship, after)) return { result: 'H', won: false };
  return { result: 'D', sunk: ship, won: allSunk(fleet, after) };
}
