import { CELLS, type Knowledge } from '../knowledge';
import { type FlatMasks, flatMasks } from '../flat-masks';
import { HALO_MASK_WORDS, MASK_WORDS } from '../tables';

/** What an exact count gives: the consistent fleets, and on each cell how many of them cover it. */
export interface ExactCount {
  /** How many whole fleets are consistent with the view (ships told apart by their number). */
  readonly fleets: number;
  /** tally[c]: how many of those fleets have a ship on cell c. */
  readonly tally: Float64Array;
  /** Placement tests the enumeration made (what `budget` bounds). */
  readonly work: number;
}

/** One afloat ship's candidates as flat arrays for the hot loop. */
interface Flat extends FlatMasks {
  /** Candidates (indexes into the above) that cover no hit, in order. */
  readonly free: Int32Array;
}

function flatten(k: Knowledge): Flat[] {
  return k.afloat.map(({ table, candidates, hitsCovered }) => {
    const free: number[] = [];
    for (let j = 0; j < candidates.length; j++) if ((hitsCovered[j] ?? 0) === 0) free.push(j);
    return { ...flatMasks(table, candidates), free: Int32Array.from(free) };
  });
}

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/**
 * An upper bound on the fleets an enumeration would visit, computed before trying: the product,
 * over the afloat ships, of their candidate placements (ships of one length counted as a set).
 * Cheap, and far too high on an open board, which is the point: it rules out hopeless counts at once.
 */
export function fleetBound(k: Knowledge): number {
  let bound = 1;
  let i = 0;
  while (i < k.afloat.length) {
    const length = k.afloat[i]?.table.length ?? 0;
    let same = 0;
    while (i < k.afloat.length && k.afloat[i]?.table.length === length) {
      bound *= k.afloat[i]?.candidates.length ?? 0;
      same++;
      i++;
    }
    bound /= factorial(same);
  }
  return bound;
}

/**
 * Counts every whole fleet consistent with the view, exactly, and how many of them cover each
 * cell: the probability that a cell holds a ship, under the uniform prior over legal fleets, is
 * tally / fleets. Null when the count would take more than `budget` placement tests (the caller
 * samples instead), or when no fleet is consistent with the view.
 *
 * The enumeration has two stages. First the hits: the first hit not yet covered must belong to
 * one of the ships not yet placed, so it branches over (ship, placement through that hit) pairs
 * that fit with what is placed; each set of ships explaining the hits is reached along exactly one
 * path (explain.ts uses the same argument). Then every ship left over takes, in turn, each of its
 * placements that covers no hit and fits. "Fits" means no shared cell, and under no-touch rules
 * no cell in the halo of a ship already placed. Ships of the same length left over are taken as a
 * set (placement indexes increasing) and the count multiplied by the orders of the set, which
 * divides the work by up to 4! × 3! on a russian fleet without changing any probability.
 * Each node adds the fleets below it to the placement it chose, so a cell's tally is spread from
 * placements once at the end rather than at every leaf.
 */
export function exactCount(k: Knowledge, budget: number): ExactCount | null {
  const ships = k.afloat.length;
  const flats = flatten(k);
  const noTouch = !k.rules.touch;
  const hits = Int32Array.from(k.hits);

  // Per hit, the (ship, candidate) pairs through it.
  const hitIndex = new Map<number, number>(k.hits.map((h, i) => [h, i]));
  const throughShip: number[][] = k.hits.map(() => []);
  const throughCandidate: number[][] = k.hits.map(() => []);
  k.afloat.forEach(({ table, candidates, hitsCovered }, s) => {
    for (let j = 0; j < candidates.length; j++) {
      if ((hitsCovered[j] ?? 0) === 0) continue;
      const p = candidates[j] ?? 0;
      for (let i = 0; i < table.length; i++) {
        const h = hitIndex.get(table.cells[p * table.length + i] ?? -1);
        if (h !== undefined) {
          throughShip[h]?.push(s);
          throughCandidate[h]?.push(j);
        }
      }
    }
  });

  // The first ship of the same length before each ship (-1 for none): sets of equal ships.
  const previousSame = new Int32Array(ships).fill(-1);
  for (let s = 1; s < ships; s++)
    if (k.afloat[s - 1]?.table.length === k.afloat[s]?.table.length) previousSame[s] = s - 1;

  // Fleets through each (ship, candidate); occupancy of the cells and what they block, per depth.
  const through = flats.map((f) => new Float64Array(f.count));
  const occ = new Int32Array(MASK_WORDS);
  const blocked = new Int32Array((ships + 1) * HALO_MASK_WORDS);
  const chosen = new Int32Array(ships).fill(-1);
  let work = 0;
  let over = false;

  const fits = (f: Flat, j: number, depth: number): boolean => {
    const w = f.word[j] ?? 0;
    const b = depth * HALO_MASK_WORDS;
    return (
      ((blocked[b + w] ?? 0) & (f.lo[j] ?? 0)) === 0 &&
      ((blocked[b + w + 1] ?? 0) & (f.hi[j] ?? 0)) === 0 &&
      ((blocked[b + w + 2] ?? 0) & (f.hi2[j] ?? 0)) === 0
    );
  };
  /** Copies depth's blocked cells to depth + 1 and adds candidate j of f (with its halo under no-touch). */
  const block = (f: Flat, j: number, depth: number): void => {
    const from = depth * HALO_MASK_WORDS;
    const to = from + HALO_MASK_WORDS;
    blocked.copyWithin(to, from, to);
    if (noTouch) {
      const x = to + (f.xword[j] ?? 0);
      blocked[x] = (blocked[x] ?? 0) | (f.x0[j] ?? 0);
      blocked[x + 1] = (blocked[x + 1] ?? 0) | (f.x1[j] ?? 0);
      blocked[x + 2] = (blocked[x + 2] ?? 0) | (f.x2[j] ?? 0);
    } else {
      const w = to + (f.word[j] ?? 0);
      blocked[w] = (blocked[w] ?? 0) | (f.lo[j] ?? 0);
      blocked[w + 1] = (blocked[w + 1] ?? 0) | (f.hi[j] ?? 0);
      blocked[w + 2] = (blocked[w + 2] ?? 0) | (f.hi2[j] ?? 0);
    }
  };

  // Stage two: the ships not used by the hits, in fleet order, each over its hit-free placements.
  const fill = (order: Int32Array, at: number, depth: number, weight: number): number => {
    const s = order[at] ?? 0;
    const f = flats[s] as Flat;
    const last = at === order.length - 1;
    const same = previousSame[s] ?? -1;
    // Equal ships as a set: this one after the previous equal ship, if that one is also left over.
    const from = same >= 0 && (chosen[same] ?? -1) >= 0 && at > 0 && order[at - 1] === same ? (chosen[same] ?? 0) : -1;
    const free = f.free;
    let start = 0;
    if (from >= 0) {
      // The first hit-free placement after the previous equal ship's.
      let lo = 0;
      let hi = free.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((free[mid] ?? 0) <= from) lo = mid + 1;
        else hi = mid;
      }
      start = lo;
    }
    const row = through[s] as Float64Array;
    let total = 0;
    work += free.length - start;
    if (work > budget) {
      over = true;
      return 0;
    }
    const words = f.word;
    const los = f.lo;
    const his = f.hi;
    const his2 = f.hi2;
    const b = depth * HALO_MASK_WORDS;
    if (last) {
      // The leaves: every fitting placement is one set of fleets of `weight`.
      for (let i = start; i < free.length; i++) {
        const j = free[i] as number;
        const w = b + (words[j] as number);
        if (((blocked[w] as number) & (los[j] as number)) !== 0) continue;
        if (((blocked[w + 1] as number) & (his[j] as number)) !== 0) continue;
        if (((blocked[w + 2] as number) & (his2[j] as number)) !== 0) continue;
        row[j] = (row[j] as number) + weight;
        total += weight;
      }
      return total;
    }
    for (let i = start; i < free.length; i++) {
      const j = free[i] as number;
      const w = b + (words[j] as number);
      if (((blocked[w] as number) & (los[j] as number)) !== 0) continue;
      if (((blocked[w + 1] as number) & (his[j] as number)) !== 0) continue;
      if (((blocked[w + 2] as number) & (his2[j] as number)) !== 0) continue;
      block(f, j, depth);
      chosen[s] = j;
      const n = fill(order, at + 1, depth + 1, weight);
      chosen[s] = -1;
      if (over) return 0;
      row[j] = (row[j] as number) + n;
      total += n;
    }
    return total;
  };

  // Stage one: cover every hit; then the rest.
  const cover = (used: number, depth: number): number => {
    let next = -1;
    for (let h = 0; h < hits.length; h++) {
      const cell = hits[h] ?? 0;
      if (((occ[cell >>> 5] ?? 0) & (1 << (cell & 31))) === 0) {
        next = h;
        break;
      }
    }
    if (next < 0) {
      const left: number[] = [];
      for (let s = 0; s < ships; s++) if ((used & (1 << s)) === 0) left.push(s);
      if (left.length === 0) return 1;
      // The orders of each set of equal ships left over: they are enumerated as sets.
      let weight = 1;
      let run = 1;
      for (let i = 1; i <= left.length; i++) {
        const a = left[i - 1] ?? 0;
        const b = left[i];
        if (b !== undefined && previousSame[b] === a) run++;
        else {
          weight *= factorial(run);
          run = 1;
        }
      }
      return fill(Int32Array.from(left), 0, depth, weight);
    }
    const shipsThrough = throughShip[next] ?? [];
    const candidatesThrough = throughCandidate[next] ?? [];
    let total = 0;
    work += shipsThrough.length;
    if (work > budget) {
      over = true;
      return 0;
    }
    for (let i = 0; i < shipsThrough.length; i++) {
      const s = shipsThrough[i] ?? 0;
      if ((used & (1 << s)) !== 0) continue;
      const j = candidatesThrough[i] ?? 0;
      const f = flats[s] as Flat;
      if (!fits(f, j, depth)) continue;
      const w = f.word[j] ?? 0;
      occ[w] = (occ[w] ?? 0) | (f.lo[j] ?? 0);
      occ[w + 1] = (occ[w + 1] ?? 0) | (f.hi[j] ?? 0);
      occ[w + 2] = (occ[w + 2] ?? 0) | (f.hi2[j] ?? 0);
      block(f, j, depth);
      chosen[s] = j;
      const n = cover(used | (1 << s), depth + 1);
      chosen[s] = -1;
      occ[w] = (occ[w] ?? 0) & ~(f.lo[j] ?? 0);
      occ[w + 1] = (occ[w + 1] ?? 0) & ~(f.hi[j] ?? 0);
      occ[w + 2] = (occ[w + 2] ?? 0) & ~(f.hi2[j] ?? 0);
      if (over) return 0;
      const row = through[s] as Float64Array;
      row[j] = (row[j] ?? 0) + n;
      total += n;
    }
    return total;
  };

  const fleets = cover(0, 0);
  if (over || fleets === 0) return null;

  const tally = new Float64Array(CELLS);
  k.afloat.forEach(({ table, candidates }, s) => {
    const row = through[s] as Float64Array;
    for (let j = 0; j < candidates.length; j++) {
      const n = row[j] ?? 0;
      if (n === 0) continue;
      const p = candidates[j] ?? 0;
      for (let i = 0; i < table.length; i++) {
        const c = table.cells[p * table.length + i] ?? 0;
        tally[c] = (tally[c] ?? 0) + n;
      }
    }
  });
  return { fleets, tally, work };
}
