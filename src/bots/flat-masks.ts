import type { PlacementTable } from './tables';

/**
 * One afloat ship's candidate placements as flat arrays (mask word, low and high bits, and the
 * same with the halo of tables.ts for `touch: false` rules), copied out of the shared tables so a
 * hot loop touches nothing but local typed arrays. The sampler (importance.ts) and the exact count
 * (analysis/exact.ts) both walk these.
 */
export interface FlatMasks {
  readonly count: number;
  readonly word: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly hi2: Int32Array;
  readonly xword: Int32Array;
  readonly x0: Int32Array;
  readonly x1: Int32Array;
  readonly x2: Int32Array;
}

/** The masks of `candidates` (indexes into `table`), in their order. */
export function flatMasks(table: PlacementTable, candidates: Int32Array): FlatMasks {
  const count = candidates.length;
  const flat = {
    count,
    word: new Int32Array(count),
    lo: new Int32Array(count),
    hi: new Int32Array(count),
    hi2: new Int32Array(count),
    xword: new Int32Array(count),
    x0: new Int32Array(count),
    x1: new Int32Array(count),
    x2: new Int32Array(count),
  };
  for (let j = 0; j < count; j++) {
    const p = candidates[j] ?? 0;
    flat.word[j] = table.word[p] ?? 0;
    flat.lo[j] = table.lo[p] ?? 0;
    flat.hi[j] = table.hi[p] ?? 0;
    flat.hi2[j] = table.hi2[p] ?? 0;
    flat.xword[j] = table.xword[p] ?? 0;
    flat.x0[j] = table.x0[p] ?? 0;
    flat.x1[j] = table.x1[p] ?? 0;
    flat.x2[j] = table.x2[p] ?? 0;
  }
  return flat;
}
