import {
  ALL_SHIP_KEYS,
  CLASSIC_RULES,
  type Cell,
  type Coord,
  fleetKeys,
  type PartialShipMap,
  type Rules,
  type ShipKey,
  type ShotStats,
  shipEntries,
  sunkOnGrid,
} from '../game';

/**
 * What the fleet tracker and the shot figures show, from a player's view. Pure: the board headers
 * render it, tests check it. An opponent ship's damage is unknown until it sinks (the view only
 * says a cell was hit, not which ship it belongs to), so it reads as afloat until then. Whether a
 * ship is sunk and what the shots amount to are src/game's rules (`sunkOnGrid`, `shotStats`).
 */
type ReadonlyGrid = readonly (readonly Cell[])[];

export type ShipState = 'afloat' | 'damaged' | 'sunk';

export interface ShipStatus {
  readonly ship: ShipKey;
  readonly state: ShipState;
  /** Which of the ship's cells (0 = its first) are known to be hit. */
  readonly hits: readonly number[];
}

const at = (grid: ReadonlyGrid, c: Coord) => grid[c.y]?.[c.x];

/**
 * The tracker's ships: those of the rules' fleet, and any other ship the map holds (so a fleet
 * larger than the rules the caller knows still shows whole), in ship number order.
 */
function trackedKeys(ships: PartialShipMap | null, rules: Rules): ShipKey[] {
  const keys = new Set<ShipKey>(fleetKeys(rules));
  if (ships) for (const [key] of shipEntries(ships)) keys.add(key);
  return ALL_SHIP_KEYS.filter((key) => keys.has(key));
}

/** The own fleet: each ship's hits from the opponent's shots on the own grid. */
export function ownFleetStatus(
  fleet: PartialShipMap | null,
  playerBoats: ReadonlyGrid,
  rules: Rules = CLASSIC_RULES,
): ShipStatus[] {
  return trackedKeys(fleet, rules).map((ship) => {
    const cells = fleet?.[ship] ?? [];
    const hits = cells.flatMap((c, i) => (at(playerBoats, c) === 'H' || at(playerBoats, c) === 'D' ? [i] : []));
    const state = sunkOnGrid(playerBoats, cells) ? 'sunk' : hits.length > 0 ? 'damaged' : 'afloat';
    return { ship, hits, state };
  });
}

/** The enemy fleet as this player knows it: sunk once every cell of a revealed ship is 'D'. */
export function enemyFleetStatus(
  revealed: PartialShipMap,
  opponentBoats: ReadonlyGrid,
  rules: Rules = CLASSIC_RULES,
): ShipStatus[] {
  return trackedKeys(revealed, rules).map((ship) => {
    const cells = revealed[ship] ?? [];
    const sunk = sunkOnGrid(opponentBoats, cells);
    return { ship, hits: sunk ? cells.map((_, i) => i) : [], state: sunk ? 'sunk' : 'afloat' };
  });
}

/** A ship the scene draws on a grid, and whether it is drawn sunk. */
export interface DrawnShip {
  readonly ship: ShipKey;
  readonly cells: readonly Coord[];
  readonly sunk: boolean;
}

/** Every ship of `ships` (however many the fleet has), sunk as the grid shows it. */
export function drawnShips(ships: PartialShipMap | null | undefined, grid: ReadonlyGrid): DrawnShip[] {
  if (!ships) return [];
  return shipEntries(ships).map(([ship, cells]) => ({ ship, cells, sunk: sunkOnGrid(grid, cells) }));
}

/**
 * The accuracy as the header's text shows it: whole per cent, or null before the first shot.
 * Rounded from the counts (not from the fraction) so the figure is exactly what it always was.
 */
export function accuracyPercent(stats: ShotStats): number | null {
  return stats.accuracy === null ? null : Math.round((100 * stats.hits) / stats.shots);
}

export function afloatCount(statuses: readonly ShipStatus[]): number {
  return statuses.filter((s) => s.state !== 'sunk').length;
}

/** Whether two tracker states show the same thing (the tracker skips re-rendering then). */
export function sameFleet(a: readonly ShipStatus[], b: readonly ShipStatus[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => {
      const o = b[i];
      return o !== undefined && o.ship === s.ship && o.state === s.state && o.hits.join() === s.hits.join();
    })
  );
}
