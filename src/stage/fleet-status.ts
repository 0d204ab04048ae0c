import { type Cell, type PartialShipMap, SHIP_KEYS, type ShipKey, type ShipMap } from '../game';

/**
 * What the fleet tracker and the shot figures show, from a player's view. Pure: the board headers
 * render it, tests check it. An opponent ship's damage is unknown until it sinks (the view only
 * says a cell was hit, not which ship it belongs to), so it reads as afloat until then.
 */
type ReadonlyGrid = readonly (readonly Cell[])[];

export type ShipState = 'afloat' | 'damaged' | 'sunk';

export interface ShipStatus {
  readonly ship: ShipKey;
  readonly state: ShipState;
  /** Which of the ship's cells (0 = its first) are known to be hit. */
  readonly hits: readonly number[];
}

export interface ShotStats {
  readonly shots: number;
  readonly hits: number;
  /** Whole per cent of shots that hit, or null before the first shot. */
  readonly accuracy: number | null;
}

const at = (grid: ReadonlyGrid, c: { x: number; y: number }) => grid[c.y]?.[c.x];

/** The own fleet: each ship's hits from the opponent's shots on the own grid. */
export function ownFleetStatus(fleet: ShipMap | null, playerBoats: ReadonlyGrid): ShipStatus[] {
  return SHIP_KEYS.map((ship) => {
    const cells = fleet?.[ship] ?? [];
    const hits = cells.flatMap((c, i) => (at(playerBoats, c) === 'H' || at(playerBoats, c) === 'D' ? [i] : []));
    const sunk = cells.length > 0 && cells.every((c) => at(playerBoats, c) === 'D');
    return { ship, hits, state: sunk ? 'sunk' : hits.length > 0 ? 'damaged' : 'afloat' };
  });
}

/** The enemy fleet as this player knows it: sunk once every cell of a revealed ship is 'D'. */
export function enemyFleetStatus(revealed: PartialShipMap, opponentBoats: ReadonlyGrid): ShipStatus[] {
  return SHIP_KEYS.map((ship) => {
    const cells = revealed[ship];
    const sunk = !!cells && cells.length > 0 && cells.every((c) => at(opponentBoats, c) === 'D');
    return { ship, hits: sunk ? (cells?.map((_, i) => i) ?? []) : [], state: sunk ? 'sunk' : 'afloat' };
  });
}

/** Shots fired at a grid and how many hit (a sunk ship's cells count as hits). */
export function shotStats(grid: ReadonlyGrid): ShotStats {
  let shots = 0;
  let hits = 0;
  for (const row of grid) {
    for (const code of row) {
      if (code === 'M' || code === 'H' || code === 'D') shots += 1;
      if (code === 'H' || code === 'D') hits += 1;
    }
  }
  return { shots, hits, accuracy: shots === 0 ? null : Math.round((100 * hits) / shots) };
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
