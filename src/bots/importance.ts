import type { Rng } from '../game';
import { CELLS, type Knowledge } from './knowledge';
import { type FlatMasks, flatMasks } from './flat-masks';
import { HALO_MASK_WORDS, MASK_WORDS } from './tables';

/** One afloat ship's candidates as flat arrays (flat-masks.ts), with each one's cells. */
interface Flat extends FlatMasks {
  readonly length: number;
  readonly cells: Int32Array;
}

function flatten(k: Knowledge): Flat[] {
  return k.afloat.map(({ table, candidates }) => {
    const cells = new Int32Array(candidates.length * table.length);
    for (let j = 0; j < candidates.length; j++) {
      const p = candidates[j] ?? 0;
      cells.set(table.cells.subarray(p * table.length, (p + 1) * table.length), j * table.length);
    }
    return { ...flatMasks(table, candidates), length: table.length, cells };
  });
}

/** For each unresolved hit, the (ship, candidate) pairs that could explain it. */
interface Cover {
  readonly ship: Int32Array;
  readonly candidate: Int32Array;
}

function coversOf(k: Knowledge, flats: readonly Flat[]): Cover[] {
  const index = new Map<number, number>(k.hits.map((h, i) => [h, i]));
  const ships: number[][] = k.hits.map(() => []);
  const candidates: number[][] = k.hits.map(() => []);
  flats.forEach((flat, s) => {
    const hitsCovered = k.afloat[s]?.hitsCovered;
    for (let j = 0; j < flat.count; j++) {
      if ((hitsCovered?.[j] ?? 0) === 0) continue;
      for (let i = 0; i < flat.length; i++) {
        const h = index.get(flat.cells[j * flat.length + i] ?? -1);
        if (h === undefined) continue;
        ships[h]?.push(s);
        candidates[h]?.push(j);
      }
    }
  });
  return k.hits.map((_, h) => ({
    ship: Int32Array.from(ships[h] ?? []),
    candidate: Int32Array.from(candidates[h] ?? []),
  }));
}

/**
 * The fallback of the rejection sampler (sampler.ts) when the hits have too many explanations to
 * list. Estimates, for every cell, the probability that it holds a ship under the uniform distribution
 * over whole boards consistent with everything known, by sequential importance sampling:
 * 1. walk the unresolved hits in order; each one not yet covered gets a (ship, placement) pair drawn
 *    uniformly among those that fit with what is placed so far;
 * 2. place every remaining ship uniformly among its placements that fit;
 * 3. weight the board by the product of the number of choices at each step.
 * A board can be built along exactly one path (the ship covering the first uncovered hit is fixed
 * by the board), so that weight is 1 / P(board) and the weighted tally is an unbiased estimate of
 * the uniform posterior — ships no longer counted independently, unlike `density`.
 * Under `touch: false` rules a placement must also keep clear of the cells around the ships placed
 * before it (`blocked` holds each placed ship with its halo), so only no-touch boards are built.
 */
export function importanceOccupancy(k: Knowledge, rng: Rng, samples: number): Float64Array | null {
  const flats = flatten(k);
  const covers = coversOf(k, flats);
  const ships = flats.length;
  const tally = new Float64Array(CELLS);
  const occ = new Int32Array(MASK_WORDS);
  // Where a new ship may not go: the ships placed so far, with their halos under no-touch rules.
  const blocked = new Int32Array(HALO_MASK_WORDS);
  const noTouch = !k.rules.touch;
  const put = (f: Flat, c: number): void => {
    const w = f.word[c] ?? 0;
    occ[w] = (occ[w] ?? 0) | (f.lo[c] ?? 0);
    occ[w + 1] = (occ[w + 1] ?? 0) | (f.hi[c] ?? 0);
    occ[w + 2] = (occ[w + 2] ?? 0) | (f.hi2[c] ?? 0);
    if (noTouch) {
      const x = f.xword[c] ?? 0;
      blocked[x] = (blocked[x] ?? 0) | (f.x0[c] ?? 0);
      blocked[x + 1] = (blocked[x + 1] ?? 0) | (f.x1[c] ?? 0);
      blocked[x + 2] = (blocked[x + 2] ?? 0) | (f.x2[c] ?? 0);
    } else {
      blocked[w] = (blocked[w] ?? 0) | (f.lo[c] ?? 0);
      blocked[w + 1] = (blocked[w + 1] ?? 0) | (f.hi[c] ?? 0);
      blocked[w + 2] = (blocked[w + 2] ?? 0) | (f.hi2[c] ?? 0);
    }
  };
  const maxOptions = flats.reduce((n, f) => Math.max(n, f.count), 0) * Math.max(1, ships);
  const optionShip = new Int32Array(maxOptions);
  const optionCandidate = new Int32Array(maxOptions);
  const chosen = new Int32Array(ships);
  const hits = Int32Array.from(k.hits);
  let total = 0;

  for (let n = 0; n < samples; n++) {
    occ.fill(0);
    blocked.fill(0);
    chosen.fill(-1);
    let weight = 1;
    for (let h = 0; h < covers.length && weight > 0; h++) {
      const cell = hits[h] ?? 0;
      if (((occ[cell >>> 5] ?? 0) & (1 << (cell & 31))) !== 0) continue;
      const cover = covers[h] as Cover;
      let options = 0;
      for (let j = 0; j < cover.ship.length; j++) {
        const s = cover.ship[j] ?? 0;
        if ((chosen[s] ?? 0) >= 0) continue;
        const c = cover.candidate[j] ?? 0;
        const f = flats[s] as Flat;
        const w = f.word[c] ?? 0;
        if (
          ((blocked[w] ?? 0) & (f.lo[c] ?? 0)) !== 0 ||
          ((blocked[w + 1] ?? 0) & (f.hi[c] ?? 0)) !== 0 ||
          ((blocked[w + 2] ?? 0) & (f.hi2[c] ?? 0)) !== 0
        )
          continue;
        optionShip[options] = s;
        optionCandidate[options] = c;
        options++;
      }
      if (options === 0) {
        weight = 0;
        break;
      }
      const r = rng.int(options);
      const s = optionShip[r] ?? 0;
      const c = optionCandidate[r] ?? 0;
      put(flats[s] as Flat, c);
      chosen[s] = c;
      weight *= options;
    }
    for (let s = 0; s < ships && weight > 0; s++) {
      if ((chosen[s] ?? 0) >= 0) continue;
      const f = flats[s] as Flat;
      const { word, lo, hi, hi2, count } = f;
      let options = 0;
      for (let c = 0; c < count; c++) {
        const w = word[c] ?? 0;
        if (
          ((blocked[w] ?? 0) & (lo[c] ?? 0)) === 0 &&
          ((blocked[w + 1] ?? 0) & (hi[c] ?? 0)) === 0 &&
          ((blocked[w + 2] ?? 0) & (hi2[c] ?? 0)) === 0
        ) {
          optionCandidate[options++] = c;
        }
      }
      if (options === 0) {
        weight = 0;
        break;
      }
      const c = optionCandidate[rng.int(options)] ?? 0;
      put(f, c);
      chosen[s] = c;
      weight *= options;
    }
    if (weight === 0) continue;
    total += weight;
    for (let s = 0; s < ships; s++) {
      const f = flats[s] as Flat;
      const base = (chosen[s] ?? 0) * f.length;
      for (let i = 0; i < f.length; i++) {
        const cell = f.cells[base + i] ?? 0;
        tally[cell] = (tally[cell] ?? 0) + weight;
      }
    }
  }
  return total > 0 ? tally : null;
}
