import { cellIndex, GRID_SIZE, SHIP_KEYS, type ShipKey, shipLength } from '../game';
import { type PlacementTable, placementsOf } from './tables';
import type { ShotView } from './types';

export const CELLS = GRID_SIZE * GRID_SIZE;

/** Cell codes of the view as small integers, for tight loops. */
export const UNKNOWN = 0;
export const MISS = 1;
export const HIT = 2;
export const DESTROYED = 3;

/** A ship still afloat and the placements it may still occupy. */
export interface AfloatShip {
  readonly key: ShipKey;
  readonly table: PlacementTable;
  /** Placement indexes (into `table`) consistent with every miss, sunk ship and hit rule. */
  readonly candidates: Int32Array;
  /** For each candidate, how many H cells it covers. */
  readonly hitsCovered: Int32Array;
}

/** The view's cells as small integers, and the unknown and hit cells listed. */
export interface Board {
  readonly cells: Uint8Array;
  readonly hits: readonly number[];
  readonly unknown: readonly number[];
}

/**
 * What the view implies, decoded once per shot. The rules that narrow where an afloat ship can be:
 * - it never covers an M cell (water) nor a D cell (those belong to the sunk ships, known exactly);
 * - it never lies wholly on H cells, since a ship whose every cell is hit would be sunk (D);
 * - every H cell belongs to some afloat ship (a sunk ship's cells are all D).
 */
export interface Knowledge extends Board {
  readonly afloat: readonly AfloatShip[];
}

function codeOf(cell: string | undefined): number {
  if (cell === 'M') return MISS;
  if (cell === 'H') return HIT;
  if (cell === 'D') return DESTROYED;
  return UNKNOWN;
}

export function readBoard(view: ShotView): Board {
  const cells = new Uint8Array(CELLS);
  const hits: number[] = [];
  const unknown: number[] = [];
  // The sunk map is the authority on which ships are gone and where: its cells count as D even if
  // a grid frame arrived late without the D marks.
  for (const key of SHIP_KEYS) for (const c of view.sunk[key] ?? []) cells[cellIndex(c)] = DESTROYED;
  for (let y = 0; y < GRID_SIZE; y++) {
    const row = view.grid[y];
    for (let x = 0; x < GRID_SIZE; x++) {
      const i = y * GRID_SIZE + x;
      const code = cells[i] === DESTROYED ? DESTROYED : codeOf(row?.[x]);
      cells[i] = code;
      if (code === UNKNOWN) unknown.push(i);
      else if (code === HIT) hits.push(i);
    }
  }
  return { cells, hits, unknown };
}

export function readKnowledge(view: ShotView): Knowledge {
  const board = readBoard(view);
  const { cells } = board;
  const afloat: AfloatShip[] = [];
  for (const key of SHIP_KEYS) {
    if (view.sunk[key] !== undefined) continue;
    const table = placementsOf(shipLength(key));
    const kept: number[] = [];
    const covered: number[] = [];
    for (let p = 0; p < table.count; p++) {
      let hitCount = 0;
      let ok = true;
      for (let i = 0; i < table.length; i++) {
        const code = cells[table.cells[p * table.length + i] ?? 0];
        if (code === MISS || code === DESTROYED) {
          ok = false;
          break;
        }
        if (code === HIT) hitCount++;
      }
      if (!ok || hitCount === table.length) continue;
      kept.push(p);
      covered.push(hitCount);
    }
    afloat.push({ key, table, candidates: Int32Array.from(kept), hitsCovered: Int32Array.from(covered) });
  }
  return { ...board, afloat };
}
