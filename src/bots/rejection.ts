import type { Rng } from '../game';
import { explain } from './explain';
import { CELLS, type Knowledge } from './knowledge';
import { MASK_WORDS } from './tables';

/** Explanations listed at most; past that the caller falls back to importance sampling. */
export const EXPLANATION_LIMIT = 20_000;

/** The placements of one afloat ship that cover no hit, as flat arrays for the hot loop. */
interface Free {
  readonly count: number;
  readonly word: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly hi2: Int32Array;
  /** Index into the ship's `candidates`. */
  readonly candidate: Int32Array;
}

function freePlacements(k: Knowledge): Free[] {
  return k.afloat.map(({ table, candidates, hitsCovered }) => {
    const kept: number[] = [];
    for (let j = 0; j < candidates.length; j++) if ((hitsCovered[j] ?? 0) === 0) kept.push(j);
    const candidate = Int32Array.from(kept);
    const count = candidate.length;
    const word = new Int32Array(count);
    const lo = new Int32Array(count);
    const hi = new Int32Array(count);
    const hi2 = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const p = candidates[candidate[i] ?? 0] ?? 0;
      word[i] = table.word[p] ?? 0;
      lo[i] = table.lo[p] ?? 0;
      hi[i] = table.hi[p] ?? 0;
      hi2[i] = table.hi2[p] ?? 0;
    }
    return { count, word, lo, hi, hi2, candidate };
  });
}

/** Adds `n` to every cell of candidate `j` of afloat ship `s`. */
function addCells(k: Knowledge, s: number, j: number, n: number, tally: Float64Array): void {
  const ship = k.afloat[s];
  if (!ship) return;
  const p = ship.candidates[j] ?? 0;
  const { table } = ship;
  for (let i = 0; i < table.length; i++) {
    const c = table.cells[p * table.length + i] ?? 0;
    tally[c] = (tally[c] ?? 0) + n;
  }
}

/**
 * Exact rejection sampling of whole boards from the uniform posterior:
 * 1. list every explanation of the unresolved hits (explain.ts); pick one with probability
 *    proportional to the product, over the ships it leaves out, of their hit-free placements;
 * 2. draw each ship left out uniformly among its hit-free placements, all independently;
 * 3. keep the board only if no two ships overlap.
 * Every consistent board is proposed with the same probability, so the kept boards are uniform
 * over the boards consistent with the view — no weights, no bias, and each draw costs a handful
 * of ANDs, so tens of thousands of boards fit in a few milliseconds, which is what makes the
 * marginals precise enough for the argmax (the importance sampler's 300–3000 weighted boards were
 * not). Returns per-cell counts over `samples` kept boards (or fewer if `attempts` ran out), or
 * null when the explanations were too many to list or no board was kept.
 */
export function rejectionOccupancy(k: Knowledge, rng: Rng, samples: number, attempts: number): Float64Array | null {
  const ex = explain(k, EXPLANATION_LIMIT);
  if (ex.truncated || ex.count === 0) return null;
  const ships = k.afloat.length;
  const free = freePlacements(k);

  // Cumulative proposal weights of the explanations.
  const cumulative = new Float64Array(ex.count);
  let sum = 0;
  for (let e = 0; e < ex.count; e++) {
    let w = 1;
    for (let s = 0; s < ships; s++) if (((ex.used[e] ?? 0) & (1 << s)) === 0) w *= free[s]?.count ?? 0;
    sum += w;
    cumulative[e] = sum;
  }
  if (sum === 0) return null;

  // Longest ships first: they collide most, so rejected boards are abandoned soonest.
  const order = Array.from({ length: ships }, (_, s) => s).sort(
    (a, b) => (k.afloat[b]?.table.length ?? 0) - (k.afloat[a]?.table.length ?? 0),
  );
  const explanationHits = new Float64Array(ex.count);
  const pick = new Int32Array(ships);
  const occ = new Int32Array(MASK_WORDS);

  // A local xorshift seeded once from the rng: the loop draws hundreds of thousands of numbers.
  let x = Math.floor(rng.next() * 4294967295) + 1;

  // Flat copies for the hot loop: ship order, and each ship's hit-free placements at a fixed stride.
  const stride = free.reduce((n, f) => Math.max(n, f.count), 1);
  const words = new Int32Array(ships * stride);
  const los = new Int32Array(ships * stride);
  const his = new Int32Array(ships * stride);
  const his2 = new Int32Array(ships * stride);
  const counts = new Int32Array(ships);
  free.forEach((f, s) => {
    counts[s] = f.count;
    words.set(f.word, s * stride);
    los.set(f.lo, s * stride);
    his.set(f.hi, s * stride);
    his2.set(f.hi2, s * stride);
  });
  const orderOf = Int32Array.from(order);
  const placedHits = new Float64Array(ships * stride);
  const masks = ex.masks;

  let kept = 0;
  for (let tries = 0; tries < attempts && kept < samples; tries++) {
    let e = 0;
    if (ex.count > 1) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const r = ((x >>> 0) / 4294967296) * sum;
      let lo = 0;
      let hi = ex.count - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((cumulative[mid] ?? 0) <= r) lo = mid + 1;
        else hi = mid;
      }
      e = lo;
    }
    const m = e * MASK_WORDS;
    occ[0] = masks[m] ?? 0;
    occ[1] = masks[m + 1] ?? 0;
    occ[2] = masks[m + 2] ?? 0;
    occ[3] = masks[m + 3] ?? 0;
    occ[4] = 0;
    occ[5] = 0;
    const used = ex.used[e] ?? 0;
    let ok = true;
    for (let o = 0; o < ships; o++) {
      const s = orderOf[o] ?? 0;
      if ((used & (1 << s)) !== 0) continue;
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const j = s * stride + ((((x >>> 0) * (counts[s] ?? 0)) / 4294967296) | 0);
      const w = words[j] ?? 0;
      const lo = los[j] ?? 0;
      const hi = his[j] ?? 0;
      const hi2 = his2[j] ?? 0;
      if (((occ[w] ?? 0) & lo) !== 0 || ((occ[w + 1] ?? 0) & hi) !== 0 || ((occ[w + 2] ?? 0) & hi2) !== 0) {
        ok = false;
        break;
      }
      occ[w] = (occ[w] ?? 0) | lo;
      occ[w + 1] = (occ[w + 1] ?? 0) | hi;
      occ[w + 2] = (occ[w + 2] ?? 0) | hi2;
      pick[s] = j;
    }
    if (!ok) continue;
    kept++;
    explanationHits[e] = (explanationHits[e] ?? 0) + 1;
    for (let s = 0; s < ships; s++) {
      if ((used & (1 << s)) !== 0) continue;
      const j = pick[s] ?? 0;
      placedHits[j] = (placedHits[j] ?? 0) + 1;
    }
  }
  if (kept === 0) return null;

  // Counts per placement, spread over their cells once at the end.
  const tally = new Float64Array(CELLS);
  for (let e = 0; e < ex.count; e++) {
    const n = explanationHits[e] ?? 0;
    if (n === 0) continue;
    for (let s = 0; s < ships; s++) {
      const j = ex.chosen[e * ships + s] ?? -1;
      if (j >= 0) addCells(k, s, j, n, tally);
    }
  }
  free.forEach((f, s) => {
    for (let i = 0; i < f.count; i++) {
      const n = placedHits[s * stride + i] ?? 0;
      if (n > 0) addCells(k, s, f.candidate[i] ?? 0, n, tally);
    }
  });
  return tally;
}
