import { err, ok, type Result } from './result';
import { GRID_SIZE, type Coord, cellIndex, inBounds } from './grid';
import {
  type Orientation,
  SHIP_KEYS,
  SHIP_LENGTHS,
  type ShipKey,
  type ShipMap,
  orientationOf,
  shipCells,
  shipLength,
} from './fleet';
import type { Rng } from './rng';

/** Why a fleet is not a legal layout; `ship` names the first ship that breaks the rule. */
export type FleetErrorCode = 'MISSING_SHIP' | 'WRONG_LENGTH' | 'NOT_STRAIGHT' | 'OUT_OF_BOUNDS' | 'OVERLAP';
export interface FleetError {
  readonly code: FleetErrorCode;
  readonly ship: ShipKey;
}
/** Why a move or a rotation was refused (docs/game.md, The rules: the change is then refused). */
export type PlacementError = 'OUT_OF_BOUNDS' | 'OVERLAP';

/** True when the cells run right (+x) or down (+y) one step at a time from the first cell. */
export function isStraightRun(cells: readonly Coord[]): boolean {
  if (cells.length < 2) return true;
  const [first, second] = cells as [Coord, Coord];
  const dx = second.x - first.x;
  const dy = second.y - first.y;
  if (!((dx === 1 && dy === 0) || (dx === 0 && dy === 1))) return false;
  return cells.every((c, i) => c.x === first.x + dx * i && c.y === first.y + dy * i);
}

/** Checks every rule of docs/game.md, The rules: five ships of the right lengths, straight, in bounds, no overlap. */
export function validateFleet(fleet: ShipMap): Result<ShipMap, FleetError> {
  const taken = new Uint8Array(GRID_SIZE * GRID_SIZE);
  for (const ship of SHIP_KEYS) {
    const cells = fleet[ship];
    if (!cells) return err({ code: 'MISSING_SHIP', ship });
    if (cells.length !== shipLength(ship)) return err({ code: 'WRONG_LENGTH', ship });
    if (!cells.every(inBounds)) return err({ code: 'OUT_OF_BOUNDS', ship });
    if (!isStraightRun(cells)) return err({ code: 'NOT_STRAIGHT', ship });
    for (const c of cells) {
      const i = cellIndex(c);
      if (taken[i]) return err({ code: 'OVERLAP', ship });
      taken[i] = 1;
    }
  }
  return ok(fleet);
}

/** Puts one ship at `start` with `orientation`, refusing out-of-bounds or overlapping results. */
export function placeShip(
  fleet: ShipMap,
  ship: ShipKey,
  start: Coord,
  orientation: Orientation,
): Result<ShipMap, PlacementError> {
  const cells = shipCells(start, shipLength(ship), orientation);
  if (!cells.every(inBounds)) return err('OUT_OF_BOUNDS');
  const others = new Set<number>();
  for (const key of SHIP_KEYS) if (key !== ship) for (const c of fleet[key]) others.add(cellIndex(c));
  if (cells.some((c) => others.has(cellIndex(c)))) return err('OVERLAP');
  return ok({ ...fleet, [ship]: cells });
}

/** Moves a ship so that its first cell lands on `to`, keeping its orientation. */
export function moveShip(fleet: ShipMap, ship: ShipKey, to: Coord): Result<ShipMap, PlacementError> {
  return placeShip(fleet, ship, to, orientationOf(fleet[ship]));
}

/** Rotates a ship between horizontal and vertical around its first cell (docs/game.md, The rules). */
export function rotateShip(fleet: ShipMap, ship: ShipKey): Result<ShipMap, PlacementError> {
  const cells = fleet[ship];
  const first = cells[0];
  if (!first) return err('OUT_OF_BOUNDS');
  const turned: Orientation = orientationOf(cells) === 'horizontal' ? 'vertical' : 'horizontal';
  return placeShip(fleet, ship, first, turned);
}

/** The ship whose cells contain `c`, if any. */
export function shipAt(fleet: ShipMap, c: Coord): ShipKey | undefined {
  return SHIP_KEYS.find((key) => fleet[key].some((s) => s.x === c.x && s.y === c.y));
}

/** A uniformly drawn placement (start + orientation) for a ship of `length`, ignoring other ships. */
function drawPlacement(rng: Rng, length: number): Coord[] {
  const orientation: Orientation = rng.int(2) === 0 ? 'horizontal' : 'vertical';
  const span = GRID_SIZE - length + 1;
  const start =
    orientation === 'horizontal'
      ? { x: rng.int(span), y: rng.int(GRID_SIZE) }
      : { x: rng.int(GRID_SIZE), y: rng.int(span) };
  return shipCells(start, length, orientation);
}

/**
 * A random legal fleet, uniform over all legal layouts: every ship is drawn uniformly among its
 * in-bounds placements and the whole draw is rejected on any overlap, so each legal layout has
 * exactly the same probability (about one draw in three is kept).
 */
export function randomFleet(rng: Rng): ShipMap {
  for (;;) {
    const taken = new Uint8Array(GRID_SIZE * GRID_SIZE);
    const fleet: Partial<Record<ShipKey, Coord[]>> = {};
    let clash = false;
    for (const ship of SHIP_KEYS) {
      const cells = drawPlacement(rng, SHIP_LENGTHS[Number(ship)] ?? 0);
      for (const c of cells) {
        const i = cellIndex(c);
        if (taken[i]) clash = true;
        taken[i] = 1;
      }
      if (clash) break;
      fleet[ship] = cells;
    }
    if (!clash) return fleet as ShipMap;
  }
}
