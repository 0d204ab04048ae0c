import { benchGame, placerNamed, shooterNamed } from '../../src/bots';
import { LatencyBook } from '../../src/bots/latency';
import { round, summarize } from '../stats';
import { startWorker } from '../workers';
import type { BenchWorkerMessage } from './worker';

export interface BenchConfig {
  readonly strategy: string;
  readonly placement: string;
  readonly games: number;
  readonly seed: number;
  /** Worker threads; 1 plays in this thread. Results do not depend on it, only the speed. */
  readonly workers: number;
}

export interface BenchResult {
  readonly strategy: string;
  readonly placement: string;
  readonly games: number;
  readonly seed: number;
  readonly mean: number;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
  readonly gamesPerSecond: number;
  /** Time the shooter spent choosing each shot (not deterministic, unlike the rest). */
  readonly msPerShot: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly workers: number;
  readonly seconds: number;
}

/** The games a worker plays: every `step`-th index from `first`, so all workers finish together. */
export interface BenchSlice {
  readonly first: number;
  readonly step: number;
}

/** Plays the games of `slice`, calling `progress` every few games; shots[i] is game i's count. */
export function playSlice(
  config: BenchConfig,
  slice: BenchSlice,
  shots: Int32Array,
  book: LatencyBook,
  progress: (played: number) => void,
): void {
  const shooter = shooterNamed(config.strategy);
  const placer = placerNamed(config.placement);
  let played = 0;
  for (let i = slice.first; i < config.games; i += slice.step) {
    const game = benchGame(shooter, placer, config.seed, i, () => performance.now());
    shots[i] = game.shots;
    for (const ms of game.thinkMs) book.record('shot', ms);
    played++;
    if (played % 10 === 0) progress(10);
  }
  progress(played % 10);
}

function runWorker(
  config: BenchConfig,
  slice: BenchSlice,
  shots: Int32Array,
  book: LatencyBook,
  progress: (n: number) => void,
) {
  return new Promise<void>((resolve, reject) => {
    const worker = startWorker(new URL('./worker.ts', import.meta.url), { config, slice });
    worker.on('message', (message: BenchWorkerMessage) => {
      if (message.type === 'progress') progress(message.played);
      else {
        message.games.forEach(([i, n]) => {
          shots[i] = n;
        });
        book.merge(message.latency);
        resolve();
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`bench worker exited with code ${code}`));
    });
  });
}

/**
 * Plays `games` offline games of one shooter against one placer. Game i draws its fleet and the
 * shooter's rng from seeds derived from (seed, i) alone, so the shot counts are the same for a
 * seed whatever the number of workers.
 */
export async function runBench(
  config: BenchConfig,
  progress: (played: number) => void = () => {},
): Promise<BenchResult> {
  shooterNamed(config.strategy);
  placerNamed(config.placement);
  const shots = new Int32Array(config.games);
  const book = new LatencyBook();
  const workers = Math.max(1, Math.min(config.workers, config.games));
  const started = performance.now();
  if (workers === 1) playSlice(config, { first: 0, step: 1 }, shots, book, progress);
  else {
    await Promise.all(
      Array.from({ length: workers }, (_, w) => runWorker(config, { first: w, step: workers }, shots, book, progress)),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(shots);
  const think = book.percentiles('shot');
  return {
    strategy: config.strategy,
    placement: config.placement,
    games: config.games,
    seed: config.seed,
    mean: round(summary.mean, 3),
    median: summary.median,
    p95: summary.p95,
    max: summary.max,
    gamesPerSecond: round(config.games / seconds, 1),
    msPerShot: { p50: think?.p50 ?? 0, p99: think?.p99 ?? 0, max: think?.max ?? 0 },
    workers,
    seconds: round(seconds, 2),
  };
}
