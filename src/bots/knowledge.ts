import {
  CLASSIC_RULES,
  cellIndex,
  fleetKeys,
  GRID_SIZE,
  type Rules,
  type ShipKey,
  shipEntries,
  shipLength,
} from '../game';
import { haloStride, type PlacementTable, placementsOf } from './tables';
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
  readonly rules: Rules;
  readonly cells: Uint8Array;
  readonly hits: readonly number[];
  readonly unknown: readonly number[];
}

/**
 * What the view implies, decoded once per shot. The rules that narrow where an afloat ship can be:
 * - it never covers an M cell (water) nor a D cell (those belong to the sunk ships, known exactly);
 * - it never lies wholly on H cells, since a ship whose every cell is hit would be sunk (D);
 * - every H cell belongs to some afloat ship (a sunk ship's cells are all D);
 * - under `touch: false` rules, a placement never has a hit it does not cover next to it (that hit
 *   is another ship's, and ships do not touch), and the cells around a sunk ship are water.
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

/** Marks the in-bounds cells around `c` that are still unknown as water (MISS). */
function waterAround(cells: Uint8Array, c: number, diagonalOnly: boolean): void {
  const cx = c % GRID_SIZE;
  const cy = Math.floor(c / GRID_SIZE);
  for (let y = Math.max(0, cy - 1); y <= Math.min(GRID_SIZE - 1, cy + 1); y++)
    for (let x = Math.max(0, cx - 1); x <= Math.min(GRID_SIZE - 1, cx + 1); x++) {
      if (diagonalOnly && (x === cx || y === cy)) continue;
      const i = y * GRID_SIZE + x;
      if (cells[i] === UNKNOWN) cells[i] = MISS;
    }
}

/**
 * The view as small integers. Under `touch: false` rules what the rules reveal is filled in as
 * water: every cell around a sunk ship, and the diagonal neighbours of a hit (a ship through the hit
 * runs straight, and no other ship may touch it).
 */
export function readBoard(view: ShotView): Board {
  const rules = view.rules ?? CLASSIC_RULES;
  const cells = new Uint8Array(CELLS);
  const hits: number[] = [];
  const unknown: number[] = [];
  // The sunk map is the authority on which ships are gone and where: its cells count as D even if
  // a grid frame arrived late without the D marks.
  for (const [, ship] of shipEntries(view.sunk)) for (const c of ship) cells[cellIndex(c)] = DESTROYED;
  for (let y = 0; y < GRID_SIZE; y++) {
    const row = view.grid[y];
    for (let x = 0; x < GRID_SIZE; x++) {
      const i = y * GRID_SIZE + x;
      if (cells[i] !== DESTROYED) cells[i] = codeOf(row?.[x]);
    }
  }
  if (!rules.touch) {
    for (let i = 0; i < CELLS; i++) {
      if (cells[i] === DESTROYED) waterAround(cells, i, false);
      else if (cells[i] === HIT) waterAround(cells, i, true);
    }
  }
  for (let i = 0; i < CELLS; i++) {
    if (cells[i] === UNKNOWN) unknown.push(i);
    else if (cells[i] === HIT) hits.push(i);
  }
  return { rules, cells, hits, unknown };
}

/** The rules' ships not in the sunk map, in fleet order, with their lengths. */
export function afloatShips(view: ShotView): { key: ShipKey; length: number }[] {
  const rules = view.rules ?? CLASSIC_RULES;
  return fleetKeys(rules)
    .filter((key) => view.sunk[key] === undefined)
    .map((key) => ({ key, length: shipLength(key, rules) }));
}

export function readKnowledge(view: ShotView): Knowledge {
  const board = readBoard(view);
  const { cells, rules } = board;
  const afloat: AfloatShip[] = [];
  for (const { key, length } of afloatShips(view)) {
    const table = placementsOf(length);
    const stride = haloStride(length);
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
      if (ok && !rules.touch) {
        for (let i = 0; i < stride; i++) {
          const c = table.halo[p * stride + i] ?? -1;
          if (c >= 0 && cells[c] === HIT) {
            ok = false;
            break;
          }
        }
      }
      if (!ok || hitCount === table.length) continue;
      kept.push(p);
      covered.push(hitCount);
    }
    afloat.push({ key, table, candidates: Int32Array.from(kept), hitsCovered: Int32Array.from(covered) });
  }
  return { ...board, afloat };
}
