import { describe, expect, it } from 'vitest';
import { explain } from '../../../src/bots/explain';
import { HIT, MISS, DESTROYED, readKnowledge } from '../../../src/bots/knowledge';
import { rejectionOccupancy } from '../../../src/bots/rejection';
import { placementsOf } from '../../../src/bots/tables';
import { createRng } from '../../../src/game';
import { run, viewOf } from './helpers';

/**
 * Brute force over every pair of placements of the two afloat ships (3 and 4, lengths 3 and 2):
 * keep the pairs that avoid misses and sunk cells, do not overlap, cover every hit, and where
 * neither ship lies wholly on hits. Returns each cell's share of the kept pairs.
 */
function bruteForce(cells: Uint8Array): Float64Array {
  const a = placementsOf(3);
  const b = placementsOf(2);
  const cellsOf = (t: typeof a, p: number): number[] => Array.from(t.cells.subarray(p * t.length, (p + 1) * t.length));
  const fits = (run: number[]): boolean =>
    run.every((c) => cells[c] !== MISS && cells[c] !== DESTROYED) && !run.every((c) => cells[c] === HIT);
  const hits = [...cells.keys()].filter((c) => cells[c] === HIT);
  const out = new Float64Array(100);
  let total = 0;
  for (let p = 0; p < a.count; p++) {
    const ra = cellsOf(a, p);
    if (!fits(ra)) continue;
    for (let q = 0; q < b.count; q++) {
      const rb = cellsOf(b, q);
      if (!fits(rb) || rb.some((c) => ra.includes(c))) continue;
      if (!hits.every((h) => ra.includes(h) || rb.includes(h))) continue;
      total++;
      for (const c of [...ra, ...rb]) out[c] = (out[c] ?? 0) + 1;
    }
  }
  return out.map((v) => v / total);
}

const sunk = { '0': run(0, 9, 5), '1': run(6, 9, 4), '2': run(9, 0, 3, true) };
const rows = ['', '..o', '....x', '...ox', '', 'o......o', '', '', '', '#####.####'];

describe('rejection sampling of the posterior', () => {
  it('lists every explanation of the hits once', () => {
    const k = readKnowledge(viewOf(rows, sunk));
    // Both hits by the cruiser (vertical through both: 2 placements), or one ship per hit.
    const ex = explain(k, 1000);
    expect(ex.truncated).toBe(false);
    const seen = new Set<string>();
    for (let e = 0; e < ex.count; e++) seen.add(Array.from(ex.chosen.subarray(e * 2, e * 2 + 2)).join(','));
    expect(seen.size).toBe(ex.count);
  });

  it('matches brute force over every placement pair, hits and sunk ships included', () => {
    const k = readKnowledge(viewOf(rows, sunk));
    const occ = rejectionOccupancy(k, createRng(5), 200_000, 10_000_000);
    expect(occ).not.toBeNull();
    const exact = bruteForce(k.cells);
    const tally = occ ?? new Float64Array(100);
    const boards = 200_000;
    for (let c = 0; c < 100; c++) expect(Math.abs((tally[c] ?? 0) / boards - (exact[c] ?? 0))).toBeLessThan(0.01);
  });

  it('stops listing at the limit and says so, so the caller can fall back', () => {
    const k = readKnowledge(viewOf(['', '..xx', '..xx']));
    expect(explain(k, 2).truncated).toBe(true);
    expect(explain(k, 100_000).truncated).toBe(false);
  });
});
