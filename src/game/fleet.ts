import type { Coord } from './grid';

/** Ship numbers 0..4 and their lengths (docs/game.md, The rules). */
export const SHIP_LENGTHS = [5, 4, 3, 3, 2] as const;
export const SHIP_KEYS = ['0', '1', '2', '3', '4'] as const;
export type ShipKey = (typeof SHIP_KEYS)[number];
/** Names used for display keys (i18n) and announcements. */
export const SHIP_NAMES: Readonly<Record<ShipKey, string>> = {
  '0': 'carrier',
  '1': 'battleship',
  '2': 'cruiser',
  '3': 'submarine',
  '4': 'destroyer',
};
export const FLEET_CELLS = SHIP_LENGTHS.reduce((a, b) => a + b, 0);

/** Each ship's cells form a straight contiguous run, first cell first. */
export type ShipMap = Readonly<Record<ShipKey, readonly Coord[]>>;
/** A subset of a fleet, e.g. the opponent ships sunk so far. */
export type PartialShipMap = Readonly<Partial<Record<ShipKey, readonly Coord[]>>>;

export type Orientation = 'horizontal' | 'vertical';

export function shipLength(key: ShipKey): number {
  return SHIP_LENGTHS[Number(key)] ?? 0;
}

export function isShipKey(value: string): value is ShipKey {
  return (SHIP_KEYS as readonly string[]).includes(value);
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
