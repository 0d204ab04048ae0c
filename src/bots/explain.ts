import type { Knowledge } from './knowledge';
import { MASK_WORDS } from './tables';

/**
 * One way to explain every unresolved hit: a set of afloat ships, each at a placement covering at
 * least one hit, pairwise disjoint, together covering all hits. Every board consistent with the
 * view has exactly one explanation (the ships of that board that cover hits), so the posterior
 * splits exactly over explanations; the ships left out must then avoid every hit.
 */
export interface Explanations {
  /** How many explanations were found (capped: see `limit`). */
  readonly count: number;
  /** Bit s set when afloat ship s is part of the explanation. */
  readonly used: Int32Array;
  /** The explanation's cells as a board mask, MASK_WORDS words per explanation. */
  readonly masks: Int32Array;
  /** Candidate index (into the ship's `candidates`) of every afloat ship, -1 when not used. */
  readonly chosen: Int32Array;
  /** True when the enumeration stopped at `limit`: the list is then incomplete. */
  readonly truncated: boolean;
}

/**
 * Enumerates the explanations depth first: the first hit not yet covered must belong to some
 * unused ship, so branch over the (ship, placement) pairs through it that fit with what is placed.
 * Each explanation is reached along exactly one path, so none is counted twice.
 */
export function explain(k: Knowledge, limit: number): Explanations {
  const ships = k.afloat.length;
  const hits = k.hits;
  const used: number[] = [];
  const masks: number[] = [];
  const chosenOut: number[] = [];
  const occ = new Int32Array(MASK_WORDS);
  const chosen = new Int32Array(ships).fill(-1);
  let truncated = false;

  // Per hit, the (ship, candidate) pairs through it.
  const through: [number, number][][] = hits.map(() => []);
  const hitIndex = new Map<number, number>(hits.map((h, i) => [h, i]));
  k.afloat.forEach((ship, s) => {
    const { table, candidates, hitsCovered } = ship;
    for (let j = 0; j < candidates.length; j++) {
      if ((hitsCovered[j] ?? 0) === 0) continue;
      const p = candidates[j] ?? 0;
      for (let i = 0; i < table.length; i++) {
        const h = hitIndex.get(table.cells[p * table.length + i] ?? -1);
        if (h !== undefined) through[h]?.push([s, j]);
      }
    }
  });

  const occupied = (cell: number): boolean => ((occ[cell >>> 5] ?? 0) & (1 << (cell & 31))) !== 0;

  const visit = (mask: number): void => {
    if (truncated) return;
    let next = -1;
    for (let h = 0; h < hits.length; h++) {
      if (!occupied(hits[h] ?? 0)) {
        next = h;
        break;
      }
    }
    if (next < 0) {
      if (used.length >= limit) {
        truncated = true;
        return;
      }
      used.push(mask);
      for (let w = 0; w < MASK_WORDS; w++) masks.push(occ[w] ?? 0);
      for (let s = 0; s < ships; s++) chosenOut.push(chosen[s] ?? -1);
      return;
    }
    for (const [s, j] of through[next] ?? []) {
      if ((mask & (1 << s)) !== 0) continue;
      const ship = k.afloat[s];
      if (!ship) continue;
      const p = ship.candidates[j] ?? 0;
      const w = ship.table.word[p] ?? 0;
      const lo = ship.table.lo[p] ?? 0;
      const hi = ship.table.hi[p] ?? 0;
      const hi2 = ship.table.hi2[p] ?? 0;
      if (((occ[w] ?? 0) & lo) !== 0 || ((occ[w + 1] ?? 0) & hi) !== 0 || ((occ[w + 2] ?? 0) & hi2) !== 0) continue;
      occ[w] = (occ[w] ?? 0) | lo;
      occ[w + 1] = (occ[w + 1] ?? 0) | hi;
      occ[w + 2] = (occ[w + 2] ?? 0) | hi2;
      chosen[s] = j;
      visit(mask | (1 << s));
      chosen[s] = -1;
      occ[w] = (occ[w] ?? 0) & ~lo;
      occ[w + 1] = (occ[w + 1] ?? 0) & ~hi;
      occ[w + 2] = (occ[w + 2] ?? 0) & ~hi2;
      if (truncated) return;
    }
  };
  visit(0);

  return {
    count: used.length,
    used: Int32Array.from(used),
    masks: Int32Array.from(masks),
    chosen: Int32Array.from(chosenOut),
    truncated,
  };
}
