import { type Cell, type Coord, type ShotResult, cellIndex } from './grid';
import { type PartialShipMap, type ShipKey, shipEntries } from './fleet';

/** One resolved shot; `shooterId` fired at the other player's fleet. */
export interface Shot {
  readonly shooterId: string;
  readonly x: number;
  readonly y: number;
  readonly result: ShotResult;
}

/** Cell indexes (see cellIndex) of every shot already fired at a fleet; only membership is asked. */
export type ShotSet = Pick<ReadonlySet<number>, 'has'>;

/** True when the fleet has this ship and every one of its cells was shot. */
export function isSunk(fleet: PartialShipMap, ship: ShipKey, shots: ShotSet): boolean {
  const cells = fleet[ship];
  return cells?.every((c) => shots.has(cellIndex(c))) ?? false;
}

export function sunkShips(fleet: PartialShipMap, shots: ShotSet): ShipKey[] {
  return shipEntries(fleet)
    .filter(([ship]) => isSunk(fleet, ship, shots))
    .map(([ship]) => ship);
}

/** How many of the fleet's ships still have a cell not shot (a salvo's size, docs/game.md). */
export function shipsAfloat(fleet: PartialShipMap, shots: ShotSet): number {
  return shipEntries(fleet).filter(([ship]) => !isSunk(fleet, ship, shots)).length;
}

export function allSunk(fleet: PartialShipMap, shots: ShotSet): boolean {
  return shipEntries(fleet).every(([ship]) => isSunk(fleet, ship, shots));
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
export function resolveShot(fleet: PartialShipMap, previous: ShotSet, target: Coord): ShotOutcome {
  // No copy of `previous` with the target added: a cell counts as shot if it is the target or was before.
  const targetIndex = cellIndex(target);
  const after: ShotSet = { has: (cell) => cell === targetIndex || previous.has(cell) };
  const hit = shipEntries(fleet).find(([, cells]) => cells.some((c) => c.x === target.x && c.y === target.y));
  if (hit === undefined) return { result: 'M', won: false };
  const [ship] = hit;
  if (!isSunk(fleet, ship, after)) return { result: 'H', won: false };
  return { result: 'D', sunk: ship, won: allSunk(fleet, after) };
}
