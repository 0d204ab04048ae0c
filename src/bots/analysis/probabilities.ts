import { createRng, GRID_SIZE, type Rng } from '../../game';
import { CELLS, type Knowledge, readKnowledge, UNKNOWN } from '../knowledge';
import type { ShotView } from '../types';
import { exactCount, fleetBound } from './exact';
import { batchMeans, sampleBatches } from './sampled';

/** How a cell's probability was found: every consistent fleet counted, or whole boards sampled. */
export type ProbabilityMethod = 'exact' | 'sampled';

/**
 * What one player may know of the opponent's fleet before a move, as probabilities (docs/analysis.md):
 * for every cell, the chance that it holds a ship under the uniform prior over legal fleets,
 * given every shot's result and the sunk ships. Cells are indexed y × 10 + x.
 */
export interface ShipProbabilities {
  /** p[c]: the probability that cell c holds a ship; 1 on a hit, 0 on a miss and on known water. */
  readonly p: Float64Array;
  /** The standard error of each p[c]: 0 when exact. */
  readonly se: Float64Array;
  readonly method: ProbabilityMethod;
  /** Exact: how many whole fleets are consistent with what is known. Sampled: boards drawn. */
  readonly boards: number;
  /** Sampled: each batch's estimate of p (errors of sums of cells come from them); empty when exact. */
  readonly batches: readonly Float64Array[];
  /** Cells not shot yet, known water included (a player may still fire there), in index order. */
  readonly unshot: readonly number[];
}

export interface ProbabilityOptions {
  /** Drives the sampler; a fixed seed gives the same figures (default: seed 1). */
  readonly rng?: Rng;
  /** Boards drawn when counting is out of reach (default SAMPLES). */
  readonly samples?: number;
  /** Independent batches the boards are drawn in, for the error (default BATCHES). */
  readonly batches?: number;
  /** Placement tests an exact count may make before it gives way to sampling (default EXACT_BUDGET). */
  readonly exactBudget?: number;
}

/**
 * Boards drawn per position when the fleets cannot be counted. 20 000 put a probability of 0.3
 * within about ±0.003 (one standard error) and cost 15–40 ms on one core for the classic fleet
 * (docs/benchmarks.md, "Analysis").
 */
export const SAMPLES = 20_000;
/** Batches of the samples: ten give the error with nine degrees of freedom. */
export const BATCHES = 10;
/**
 * Placement tests an exact count may make (about 20–40 ms). Counts this size or smaller are late
 * in a game (two or three ships left) or right after a hit with few ships afloat; on an open board
 * the consistent fleets number in the billions and are sampled.
 */
export const EXACT_BUDGET = 4_000_000;
/** Above this bound on the fleets (exact.ts, fleetBound), counting is not even tried. */
const HOPELESS = 1e11;

/** The cells of the view not shot yet (E), known water under no-touch included. */
function unshotCells(view: ShotView): number[] {
  const out: number[] = [];
  for (let y = 0; y < GRID_SIZE; y++)
    for (let x = 0; x < GRID_SIZE; x++) if ((view.grid[y]?.[x] ?? 'E') === 'E') out.push(y * GRID_SIZE + x);
  return out;
}

/**
 * Each cell's probability of holding a ship, from what one player knows (`view`: its shots at the
 * opponent with their results, the sunk ships with their cells, the rules). Exact when the
 * consistent fleets can be counted within the budget, sampled otherwise with each probability's
 * standard error. Null when no fleet of the rules is consistent with the view (a view no real game
 * can produce). Pure: the same view and the same rng state give the same figures.
 */
export function shipProbabilities(view: ShotView, options: ProbabilityOptions = {}): ShipProbabilities | null {
  return probabilitiesOf(readKnowledge(view), unshotCells(view), options);
}

/** shipProbabilities for a view already decoded. */
export function probabilitiesOf(
  k: Knowledge,
  unshot: readonly number[],
  options: ProbabilityOptions = {},
): ShipProbabilities | null {
  const budget = options.exactBudget ?? EXACT_BUDGET;
  if (k.afloat.length === 0) return null;
  if (budget > 0 && fleetBound(k) <= HOPELESS) {
    const counted = exactCount(k, budget);
    if (counted) {
      const p = new Float64Array(CELLS);
      for (let c = 0; c < CELLS; c++) p[c] = Math.min(1, (counted.tally[c] ?? 0) / counted.fleets);
      return { p, se: new Float64Array(CELLS), method: 'exact', boards: counted.fleets, batches: [], unshot };
    }
  }
  const rng = options.rng ?? createRng(1);
  const batches = options.batches ?? BATCHES;
  const samples = options.samples ?? SAMPLES;
  const drawn = sampleBatches(k, rng, batches, Math.max(1, Math.ceil(samples / batches)));
  if (!drawn) return null;
  return sampledResult(drawn, unshot, drawn.length * Math.ceil(samples / batches), k);
}

function sampledResult(
  drawn: readonly Float64Array[],
  unshot: readonly number[],
  boards: number,
  k: Knowledge,
): ShipProbabilities {
  const { p, se } = batchMeans(drawn);
  // Cells the view already settles stay settled whatever the batches say.
  for (let c = 0; c < CELLS; c++) {
    if (k.cells[c] !== UNKNOWN) se[c] = 0;
  }
  return { p, se, method: 'sampled', boards, batches: drawn, unshot };
}

/**
 * More boards for a sampled result (`samples` more, in as many batches again): the estimate and
 * its error then rest on every batch drawn. An exact result is returned as it is.
 */
export function refine(view: ShotView, result: ShipProbabilities, rng: Rng, samples: number): ShipProbabilities {
  if (result.method === 'exact') return result;
  const k = readKnowledge(view);
  const perBatch = Math.max(1, Math.ceil(result.boards / Math.max(1, result.batches.length)));
  const more = sampleBatches(k, rng, Math.max(1, Math.round(samples / perBatch)), perBatch);
  if (!more) return result;
  const all = [...result.batches, ...more];
  return sampledResult(all, result.unshot, all.length * perBatch, k);
}

/**
 * The standard error of Σ w_i p[cell_i] (a salvo's expected hits, a grade's numerator), from the
 * spread of the same sum across batches: correlations between cells are in it. 0 when exact.
 */
export function sumError(result: ShipProbabilities, weighted: readonly (readonly [number, number])[]): number {
  const n = result.batches.length;
  if (result.method === 'exact' || n < 2) return 0;
  const sums = result.batches.map((b) => weighted.reduce((s, [c, w]) => s + w * (b[c] ?? 0), 0));
  const mean = sums.reduce((a, b) => a + b, 0) / n;
  const ss = sums.reduce((a, b) => a + (b - mean) ** 2, 0);
  return Math.sqrt(ss / (n - 1) / n);
}
