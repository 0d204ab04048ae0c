import { err, ok, type Result } from './result';
import { GRID_SIZE, type Coord, cellIndex, inBounds } from './grid';
import {
  fleetKeys,
  type Orientation,
  type PartialShipMap,
  type ShipKey,
  type ShipMap,
  orientationOf,
  shipCells,
  shipEntries,
  shipLength,
} from './fleet';
import { CLASSIC_RULES, fleetLengths, type Rules } from './rules';
import type { Rng } from './rng';

/** Why a fleet is not a legal layout; `ship` names the first ship that breaks the rule. */
export type FleetErrorCode =
  | 'MISSING_SHIP'
  | 'EXTRA_SHIP'
  | 'WRONG_LENGTH'
  | 'NOT_STRAIGHT'
  | 'OUT_OF_BOUNDS'
  | 'OVERLAP'
  | 'TOUCHING';
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

/** Calls `visit` with the index of every in-bounds cell within one step of `c` (itself included). */
function forEachAround(c: Coord, visit: (index: number) => void): void {
  for (let y = Math.max(0, c.y - 1); y <= Math.min(GRID_SIZE - 1, c.y + 1); y++)
    for (let x = Math.max(0, c.x - 1); x <= Math.min(GRID_SIZE - 1, c.x + 1); x++) visit(y * GRID_SIZE + x);
}

/**
 * The ships that touch another ship, by a side or a corner (under `touch: false` rules such a fleet
 * is refused; docs/game.md, "Rule variants"). Overlapping ships count as touching.
 */
export function touchingShips(fleet: PartialShipMap): Set<ShipKey> {
  const owner = new Int8Array(GRID_SIZE * GRID_SIZE).fill(-1);
  const ships = shipEntries(fleet);
  for (const [key, cells] of ships) for (const c of cells) if (inBounds(c)) owner[cellIndex(c)] = Number(key);
  const out = new Set<ShipKey>();
  for (const [key, cells] of ships) {
    const self = Number(key);
    for (const c of cells) {
      if (!inBounds(c)) continue;
      forEachAround(c, (i) => {
        const other = owner[i] ?? -1;
        if (other !== -1 && other !== self) out.add(key);
      });
    }
  }
  return out;
}

/**
 * Checks every placement rule (docs/game.md): exactly the rules' ships, each of its length,
 * straight, in bounds, no overlap, and under `touch: false` no two ships touching, not even by a corner.
 */
export function validateFleet(fleet: ShipMap, rules: Rules = CLASSIC_RULES): Result<ShipMap, FleetError> {
  const keys = fleetKeys(rules);
  const extra = shipEntries(fleet).find(([key]) => !keys.includes(key));
  if (extra) return err({ code: 'EXTRA_SHIP', ship: extra[0] });
  const taken = new Uint8Array(GRID_SIZE * GRID_SIZE);
  for (const ship of keys) {
    const cells = fleet[ship];
    if (!cells) return err({ code: 'MISSING_SHIP', ship });
    if (cells.length !== shipLength(ship, rules)) return err({ code: 'WRONG_LENGTH', ship });
    if (!cells.every(inBounds)) return err({ code: 'OUT_OF_BOUNDS', ship });
    if (!isStraightRun(cells)) return err({ code: 'NOT_STRAIGHT', ship });
    for (const c of cells) {
      const i = cellIndex(c);
      if (taken[i]) return err({ code: 'OVERLAP', ship });
      taken[i] = 1;
    }
  }
  if (!rules.touch) {
    const touching = keys.find((key) => touchingShips(fleet).has(key));
    if (touching !== undefined) return err({ code: 'TOUCHING', ship: touching });
  }
  return ok(fleet);
}

/**
 * Puts one ship at `start` with `orientation`, refusing out-of-bounds or overlapping results. The
 * ship keeps its length (a ship not yet in the fleet takes the rules' length). Touching ships are
 * not refused here, so a player can drag a ship past its neighbours; `touchingShips` shows them and
 * `validateFleet` refuses the fleet.
 */
export function placeShip(
  fleet: ShipMap,
  ship: ShipKey,
  start: Coord,
  orientation: Orientation,
  rules: Rules = CLASSIC_RULES,
): Result<ShipMap, PlacementError> {
  const cells = shipCells(start, fleet[ship]?.length ?? shipLength(ship, rules), orientation);
  if (!cells.every(inBounds)) return err('OUT_OF_BOUNDS');
  const others = new Set<number>();
  for (const [key, shipCellsOf] of shipEntries(fleet))
    if (key !== ship) for (const c of shipCellsOf) others.add(cellIndex(c));
  if (cells.some((c) => others.has(cellIndex(c)))) return err('OVERLAP');
  return ok({ ...fleet, [ship]: cells });
}

/** Moves a ship so that its first cell lands on `to`, keeping its orientation. */
export function moveShip(fleet: ShipMap, ship: ShipKey, to: Coord): Result<ShipMap, PlacementError> {
  const cells = fleet[ship];
  if (!cells) return err('OUT_OF_BOUNDS');
  return placeShip(fleet, ship, to, orientationOf(cells));
}

/** Rotates a ship between horizontal and vertical around its first cell (docs/game.md, The rules). */
export function rotateShip(fleet: ShipMap, ship: ShipKey): Result<ShipMap, PlacementError> {
  const cells = fleet[ship];
  const first = cells?.[0];
  if (!cells || !first) return err('OUT_OF_BOUNDS');
  const turned: Orientation = orientationOf(cells) === 'horizontal' ? 'vertical' : 'horizontal';
  return placeShip(fleet, ship, first, turned);
}

/** The ship whose cells contain `c`, if any. */
export function shipAt(fleet: PartialShipMap, c: Coord): ShipKey | undefined {
  return shipEntries(fleet).find(([, cells]) => cells.some((s) => s.x === c.x && s.y === c.y))?.[0];
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
 * Uniform over all legal layouts when ships may touch: every ship is drawn uniformly among its
 * in-bounds placements and the whole draw is rejected on any overlap, so each legal layout has
 * exactly the same probability (about one draw in three is kept).
 */
function rejectionFleet(rng: Rng, lengths: readonly number[]): ShipMap {
  for (;;) {
    const taken = new Uint8Array(GRID_SIZE * GRID_SIZE);
    const fleet: Partial<Record<ShipKey, Coord[]>> = {};
    let clash = false;
    for (const [n, length] of lengths.entries()) {
      const cells = drawPlacement(rng, length);
      for (const c of cells) {
        const i = cellIndex(c);
        if (taken[i]) clash = true;
        taken[i] = 1;
      }
      if (clash) break;
      fleet[String(n) as ShipKey] = cells;
    }
    if (!clash) return fleet as ShipMap;
  }
}

/**
 * No-touch layouts, ship after ship in fleet order (largest first): each ship is drawn uniformly
 * among the placements that keep clear of the ships already placed and of the cells around them;
 * when one finds no room (rare) the draw starts over. Whole-draw rejection would be uniform but
 * keeps only about one russian draw in 4000; this takes a few dozen microseconds and every legal
 * layout can come out.
 */
function sequentialFleet(rng: Rng, lengths: readonly number[]): ShipMap {
  const options: Coord[][] = [];
  for (;;) {
    const blocked = new Uint8Array(GRID_SIZE * GRID_SIZE);
    const fleet: Partial<Record<ShipKey, Coord[]>> = {};
    let stuck = false;
    for (const [n, length] of lengths.entries()) {
      options.length = 0;
      for (const orientation of ['horizontal', 'vertical'] as const) {
        const xs = orientation === 'horizontal' ? GRID_SIZE - length + 1 : GRID_SIZE;
        const ys = orientation === 'horizontal' ? GRID_SIZE : GRID_SIZE - length + 1;
        if (length === 1 && orientation === 'vertical') break;
        for (let y = 0; y < ys; y++)
          for (let x = 0; x < xs; x++) {
            const cells = shipCells({ x, y }, length, orientation);
            if (cells.every((c) => !blocked[cellIndex(c)])) options.push(cells);
          }
      }
      const cells = options[rng.int(options.length)];
      if (!cells) {
        stuck = true;
        break;
      }
      for (const c of cells)
        forEachAround(c, (i) => {
          blocked[i] = 1;
        });
      fleet[String(n) as ShipKey] = cells;
    }
    if (!stuck) return fleet as ShipMap;
  }
}

/** A random legal fleet for the rules (classic by default; see the two draws above). */
export function randomFleet(rng: Rng, rules: Rules = CLASSIC_RULES): ShipMap {
  const lengths = fleetLengths(rules);
  return rules.touch ? rejectionFleet(rng, lengths) : sequentialFleet(rng, lengths);
}
