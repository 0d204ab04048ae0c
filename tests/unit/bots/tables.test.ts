import { describe, expect, it } from 'vitest';
import { MASK_WORDS, placementsOf } from '../../../src/bots/tables';

describe('placement tables', () => {
  it("give each placement a board mask with exactly its cells, the vertical carrier's far cells included", () => {
    for (const length of [1, 2, 3, 4, 5]) {
      const table = placementsOf(length);
      for (let p = 0; p < table.count; p++) {
        const mask = new Int32Array(MASK_WORDS);
        const w = table.word[p] ?? 0;
        mask[w] = table.lo[p] ?? 0;
        mask[w + 1] = (mask[w + 1] ?? 0) | (table.hi[p] ?? 0);
        mask[w + 2] = (mask[w + 2] ?? 0) | (table.hi2[p] ?? 0);
        const fromMask: number[] = [];
        for (let c = 0; c < 32 * MASK_WORDS; c++) if (((mask[c >>> 5] ?? 0) & (1 << (c & 31))) !== 0) fromMask.push(c);
        const cells = Array.from(table.cells.subarray(p * length, (p + 1) * length)).sort((a, b) => a - b);
        expect(fromMask, `length ${length}, placement ${p} (${cells.join(' ')})`).toEqual(cells);
      }
    }
  });
});
