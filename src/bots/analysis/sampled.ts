import type { Rng } from '../../game';
import { importanceOccupancy } from '../importance';
import { CELLS, type Knowledge } from '../knowledge';
import { rejectionOccupancy } from '../rejection';

/** Proposals the rejection sampler may make per board it keeps before it gives up on a batch. */
const ATTEMPTS_PER_SAMPLE = 8;

/**
 * One batch of sampled boards as probabilities: each cell's share of the boards, from the exact
 * rejection sampler (rejection.ts) where ships may touch and the hits have few explanations, else
 * from the importance sampler (importance.ts), which builds no-touch fleets directly. Both return
 * per-cell tallies over whole fleets, so the tally sums to the fleet's afloat cells per board and
 * dividing by that sum (times those cells) gives probabilities without knowing the board count.
 */
function batch(k: Knowledge, rng: Rng, samples: number): Float64Array | null {
  const tally = k.rules.touch
    ? (rejectionOccupancy(k, rng, samples, samples * ATTEMPTS_PER_SAMPLE) ?? importanceOccupancy(k, rng, samples))
    : importanceOccupancy(k, rng, samples);
  if (!tally) return null;
  let sum = 0;
  for (let c = 0; c < CELLS; c++) sum += tally[c] ?? 0;
  if (!(sum > 0)) return null;
  const afloatCells = k.afloat.reduce((n, ship) => n + ship.table.length, 0);
  const p = new Float64Array(CELLS);
  for (let c = 0; c < CELLS; c++) p[c] = Math.min(1, ((tally[c] ?? 0) * afloatCells) / sum);
  return p;
}

/**
 * Probabilities from `batches` independent batches of `samplesPerBatch` boards each. The estimate
 * is the mean of the batches and its standard error the batches' spread over √batches ("batch
 * means"): honest for both samplers, including the importance sampler whose weighted boards are
 * not independent draws of equal worth, and it gives the error of any sum of cells (a salvo's
 * expected hits, a grade) from the same batches, correlations between cells included.
 * Returns the batch estimates, or null when no batch kept a board.
 */
export function sampleBatches(k: Knowledge, rng: Rng, batches: number, samplesPerBatch: number): Float64Array[] | null {
  const out: Float64Array[] = [];
  for (let b = 0; b < batches; b++) {
    const p = batch(k, rng, samplesPerBatch);
    if (p) out.push(p);
  }
  return out.length > 0 ? out : null;
}

/** The mean of the batches per cell, and its standard error (0 with a single batch). */
export function batchMeans(batches: readonly Float64Array[]): { p: Float64Array; se: Float64Array } {
  const n = batches.length;
  const p = new Float64Array(CELLS);
  const se = new Float64Array(CELLS);
  for (const b of batches) for (let c = 0; c < CELLS; c++) p[c] = (p[c] ?? 0) + (b[c] ?? 0) / n;
  if (n > 1) {
    for (let c = 0; c < CELLS; c++) {
      let ss = 0;
      for (const b of batches) ss += ((b[c] ?? 0) - (p[c] ?? 0)) ** 2;
      se[c] = Math.sqrt(ss / (n - 1) / n);
    }
  }
  return { p, se };
}
