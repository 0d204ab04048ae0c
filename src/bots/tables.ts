import { GRID_SIZE } from '../game';

/**
 * Every in-bounds placement of a ship of each length, precomputed once. A placement's cells span
 * at most 41 consecutive cell indexes (vertical, length 5), so its bitmask fits in three adjacent
 * 32-bit words: `word`, `lo` (bits in that word), `hi` (bits in the next one) and `hi2` (the one
 * after, only ever set for a vertical carrier whose first cell sits in the last 8 bits of a word,
 * such as cells 59 to 99). The sampler's overlap tests are then three ANDs, which is what keeps
 * it inside its per-shot budget.
 */
export interface PlacementTable {
  readonly length: number;
  readonly count: number;
  /** cells[p * length + i] is the i-th cell index of placement p. */
  readonly cells: Int32Array;
  readonly word: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly hi2: Int32Array;
  /**
   * The cells around each placement (touching it by a side or a corner, in bounds, not its own),
   * HALO_STRIDE(length) per placement padded with -1: where no other ship may be under `touch: false`
   * rules (docs/game.md, "Rule variants").
   */
  readonly halo: Int32Array;
  /** Each placement with its halo as a bitmask in three adjacent words from `xword` (the halo spans up to 62 cells). */
  readonly xword: Int32Array;
  readonly x0: Int32Array;
  readonly x1: Int32Array;
  readonly x2: Int32Array;
}

/** Room for one placement's halo: a run of n cells has at most 2n + 6 cells around it. */
export function haloStride(length: number): number {
  return 2 * length + 6;
}

/** Words in a no-touch mask (placement plus halo): three words from a word as far as 3, so 6. */
export const HALO_MASK_WORDS = 6;

/** Words in a board mask: 100 cells in 4 words, plus spares so `word + 2` is always in range. */
export const MASK_WORDS = 6;

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
  const hi2 = new Int32Array(count);
  const stride = haloStride(length);
  const halo = new Int32Array(count * stride).fill(-1);
  const xword = new Int32Array(count);
  const x0 = new Int32Array(count);
  const x1 = new Int32Array(count);
  const x2 = new Int32Array(count);
  starts.forEach((run, p) => {
    const own = new Set(run);
    const around = new Set<number>();
    for (const c of run) {
      const cx = c % GRID_SIZE;
      const cy = Math.floor(c / GRID_SIZE);
      for (let y = Math.max(0, cy - 1); y <= Math.min(GRID_SIZE - 1, cy + 1); y++)
        for (let x = Math.max(0, cx - 1); x <= Math.min(GRID_SIZE - 1, cx + 1); x++)
          if (!own.has(y * GRID_SIZE + x)) around.add(y * GRID_SIZE + x);
    }
    [...around]
      .sort((a, b) => a - b)
      .forEach((c, i) => {
        halo[p * stride + i] = c;
      });
    const all = [...run, ...around];
    const xw = Math.min(...all) >>> 5;
    xword[p] = xw;
    for (const c of all) {
      const bit = 1 << (c & 31);
      const slot = (c >>> 5) - xw;
      if (slot === 0) x0[p] = (x0[p] ?? 0) | bit;
      else if (slot === 1) x1[p] = (x1[p] ?? 0) | bit;
      else x2[p] = (x2[p] ?? 0) | bit;
    }
  });
  starts.forEach((run, p) => {
    const first = run[0] ?? 0;
    const w = first >>> 5;
    word[p] = w;
    run.forEach((c, i) => {
      cells[p * length + i] = c;
      const slot = (c >>> 5) - w;
      if (slot === 0) lo[p] = (lo[p] ?? 0) | (1 << (c & 31));
      else if (slot === 1) hi[p] = (hi[p] ?? 0) | (1 << (c & 31));
      else hi2[p] = (hi2[p] ?? 0) | (1 << (c & 31));
    });
  });
  return { length, count, cells, word, lo, hi, hi2, halo, xword, x0, x1, x2 };
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
