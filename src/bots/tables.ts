import { GRID_SIZE } from '../game';

/**
 * Every in-bounds placement of a ship of each length, precomputed once. A placement's cells span
 * at most 41 consecutive cell indexes (vertical, length 5), so its bitmask fits in two adjacent
 * 32-bit words: `word`, `lo` (bits in that word) and `hi` (bits in the next one). The sampler's
 * overlap tests are then two ANDs, which is what keeps it inside its per-shot budget.
 */
export interface PlacementTable {
  readonly length: number;
  readonly count: number;
  /** cells[p * length + i] is the i-th cell index of placement p. */
  readonly cells: Int32Array;
  readonly word: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
}

/** Words in a board mask: 100 cells in 4 words, plus one spare so `word + 1` is always in range. */
export const MASK_WORDS = 5;

function buildTable(length: number): PlacementTable {
  const starts: number[][] = [];
  for (let y = 0; y < GRID_SIZE; y++) {
    for (let x = 0; x + length <= GRID_SIZE; x++) starts.push(Array.from({ length }, (_, i) => y * GRID_SIZE + x + i));
  }
  for (let y = 0; y + length <= GRID_SIZE; y++) {
    for (let x = 0; x < GRID_SIZE; x++) starts.push(Array.from({ length }, (_, i) => (y + i) * GRID_SIZE + x));
  }
  const count = starts.length;
  const cells = new Int32Array(count * length);
  const word = new Int32Array(count);
  const lo = new Int32Array(count);
  const hi = new Int32Array(count);
  starts.forEach((run, p) => {
    const first = run[0] ?? 0;
    const w = first >>> 5;
    word[p] = w;
    run.forEach((c, i) => {
      cells[p * length + i] = c;
      if (c >>> 5 === w) lo[p] = (lo[p] ?? 0) | (1 << (c & 31));
      else hi[p] = (hi[p] ?? 0) | (1 << (c & 31));
    });
  });
  return { length, count, cells, word, lo, hi };
}

const TABLES = new Map<number, PlacementTable>();

/** The placement table of ships of `length` (built on first use). */
export function placementsOf(length: number): PlacementTable {
  let table = TABLES.get(length);
  if (!table) {
    table = buildTable(length);
    TABLES.set(length, table);
  }
  return table;
}
