import type { Coord } from './grid';
import { CLASSIC_RULES, fleetLengths, type Rules } from './rules';

/**
 * Ship numbers, counted from 0 in fleet order (docs/game.md, "Rule variants"). The largest fleet
 * (russian) has ten ships, so a ship number is one digit.
 */
export const ALL_SHIP_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type ShipKey = (typeof ALL_SHIP_KEYS)[number];
/** The classic fleet's ship numbers and lengths (the default rules). Every fleet has ships 0..4. */
export const SHIP_KEYS = ['0', '1', '2', '3', '4'] as const;
export type ClassicShipKey = (typeof SHIP_KEYS)[number];
export const SHIP_LENGTHS = [5, 4, 3, 3, 2] as const;
/** Names of the classic ships, used for display keys (i18n) and announcements. */
export const SHIP_NAMES: Readonly<Record<ClassicShipKey, string>> = {
  '0': 'carrier',
  '1': 'battleship',
  '2': 'cruiser',
  '3': 'submarine',
  '4': 'destroyer',
};
/** Cells of the classic fleet; `fleetCellCount(rules)` for any fleet. */
export const FLEET_CELLS = SHIP_LENGTHS.reduce((a, b) => a + b, 0);

/**
 * A placed fleet: each ship's cells form a straight contiguous run, first cell first. Every fleet
 * has ships 0..4; a larger fleet (russian) has more, which is why ships past 4 are optional here:
 * `shipEntries` walks whatever ships a fleet has, and `validateFleet` checks them against the rules.
 */
export type ShipMap = Readonly<Record<ClassicShipKey, readonly Coord[]>> &
  Readonly<Partial<Record<ShipKey, readonly Coord[]>>>;
/** A subset of a fleet, e.g. the opponent ships sunk so far. */
export type PartialShipMap = Readonly<Partial<Record<ShipKey, readonly Coord[]>>>;

export type Orientation = 'horizontal' | 'vertical';

/** The ship numbers of the rules' fleet, in fleet order. */
export function fleetKeys(rules: Rules = CLASSIC_RULES): readonly ShipKey[] {
  return ALL_SHIP_KEYS.slice(0, fleetLengths(rules).length);
}

/** Length of ship `key` in the rules' fleet (0 for a ship the fleet does not have). */
export function shipLength(key: ShipKey, rules: Rules = CLASSIC_RULES): number {
  return fleetLengths(rules)[Number(key)] ?? 0;
}

/** Cells of the whole fleet of the rules (17 classic, 20 russian). */
export function fleetCellCount(rules: Rules = CLASSIC_RULES): number {
  return fleetLengths(rules).reduce((a, b) => a + b, 0);
}

/** Any ship number (0..9); whether the rules' fleet has it is `fleetKeys(rules).includes`. */
export function isShipKey(value: string): value is ShipKey {
  return (ALL_SHIP_KEYS as readonly string[]).includes(value);
}

/** The ships a (possibly partial) fleet holds, in ship number order. */
export function shipEntries(fleet: PartialShipMap): [ShipKey, readonly Coord[]][] {
  const out: [ShipKey, readonly Coord[]][] = [];
  for (const key of ALL_SHIP_KEYS) {
    const cells = fleet[key];
    if (cells !== undefined) out.push([key, cells]);
  }
  return out;
}

/** The run of `length` cells starting at `start` going right (horizontal) or down (vertical). */
export function shipCells(start: Coord, length: number, orientation: Orientation): Coord[] {
  return Array.from({ length }, (_, i) =>
    orientation === 'horizontal' ? { x: start.x + i, y: start.y } : { x: start.x, y: start.y + i },
  );
}

/** Orientation derived from the cells (docs/game.md, The rules); a one-cell or broken run counts as horizontal. */
export function orientationOf(cells: readonly Coord[]): Orientation {
  const [a, b] = cells;
  return a && b && a.x === b.x && a.y !== b.y ? 'vertical' : 'horizontal';
}

const KIND_BY_LENGTH: Readonly<Record<number, string>> = {
  5: 'carrier',
  4: 'battleship',
  3: 'cruiser',
  2: 'destroyer',
  1: 'boat',
};

/** The kind of ship `key` is under the rules, the display key for its name ('carrier' … 'boat'). */
export function shipKind(key: ShipKey, rules: Rules = CLASSIC_RULES): string {
  if (rules.fleet === 'classic') return (SHIP_NAMES as Readonly<Record<string, string>>)[key] ?? 'ship';
  return KIND_BY_LENGTH[shipLength(key, rules)] ?? 'ship';
}
