import { benchGame, placerNamed, shooterNamed } from '../../src/bots';
import { LatencyBook } from '../../src/bots/latency';
import { CLASSIC_RULES, formatRules, type Rules } from '../../src/game';
import { meanError, round, roundedMeanError, summarize } from '../stats';
import { startWorker } from '../workers';
import type { BenchWorkerMessage } from './worker';

export interface BenchConfig {
  readonly strategy: string;
  readonly placement: string;
  readonly games: number;
  readonly seed: number;
  /** Worker threads; 1 plays in this thread. Results do not depend on it, only the speed. */
  readonly workers: number;
  /** The rules played (classic when absent). */
  readonly rules?: Rules;
}

export interface BenchResult {
  readonly strategy: string;
  readonly placement: string;
  readonly games: number;
  readonly seed: number;
  /** The rules played, written as `--rules` takes them. */
  readonly rules: string;
  /** Shots to sink the fleet: the mean, its standard error and 95% interval. */
  readonly mean: number;
  readonly standardError: number;
  readonly ci95: readonly [number, number];
  readonly median: number;
  readonly p95: number;
  readonly max: number;
  /** Moves (a salvo is one move) and turns (a hit keeps the turn under again=hit), per game. */
  readonly meanMoves: number;
  /** Moves per game with their standard error and 95% interval (the figure of salvo rules). */
  readonly moves: { readonly mean: number; readonly se: number; readonly ci95: readonly [number, number] };
  readonly meanTurns: number;
  readonly gamesPerSecond: number;
  /** Time the shooter spent choosing each move, a shot or a whole salvo (not deterministic, unlike the rest). */
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
  moves: Int32Array,
  turns: Int32Array,
  book: LatencyBook,
  progress: (played: number) => void,
): void {
  const shooter = shooterNamed(config.strategy);
  const placer = placerNamed(config.placement);
  let played = 0;
  for (let i = slice.first; i < config.games; i += slice.step) {
    const game = benchGame(shooter, placer, config.seed, i, () => performance.now(), config.rules);
    shots[i] = game.shots;
    moves[i] = game.moves;
    turns[i] = game.turns;
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
  moves: Int32Array,
  turns: Int32Array,
  book: LatencyBook,
  progress: (n: number) => void,
) {
  return new Promise<void>((resolve, reject) => {
    const worker = startWorker(new URL('./worker.ts', import.meta.url), { config, slice });
    worker.on('message', (message: BenchWorkerMessage) => {
      if (message.type === 'progress') progress(message.played);
      else {
        message.games.forEach(([i, n, m, t]) => {
          shots[i] = n;
          moves[i] = m;
          turns[i] = t;
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

/** A bench's figures and each game's shot count (for a side-by-side comparison on the same fleets). */
export interface BenchOutcome<R = BenchResult> {
  readonly result: R;
  /** Shots of game i, or -1 when it was not played to the end (an engine's fault). */
  readonly shots: Int32Array;
}

/**
 * Plays `games` offline games of one shooter against one placer. Game i draws its fleet and the
 * shooter's rng from seeds derived from (seed, i) alone, so the shot counts are the same for a
 * seed whatever the number of workers, and every participant of a bench meets the same fleets.
 */
export async function benchShots(
  config: BenchConfig,
  progress: (played: number) => void = () => {},
): Promise<BenchOutcome> {
  shooterNamed(config.strategy);
  placerNamed(config.placement);
  const shots = new Int32Array(config.games);
  const moves = new Int32Array(config.games);
  const turns = new Int32Array(config.games);
  const book = new LatencyBook();
  const workers = Math.max(1, Math.min(config.workers, config.games));
  const started = performance.now();
  if (workers === 1) playSlice(config, { first: 0, step: 1 }, shots, moves, turns, book, progress);
  else {
    await Promise.all(
      Array.from({ length: workers }, (_, w) =>
        runWorker(config, { first: w, step: workers }, shots, moves, turns, book, progress),
      ),
    );
  }
  return {
    result: {
      strategy: config.strategy,
      placement: config.placement,
      games: config.games,
      seed: config.seed,
      rules: formatRules(config.rules ?? CLASSIC_RULES),
      ...shotFigures(shots, book, config.games, started),
      meanMoves: round(summarize(moves).mean, 3),
      moves: movesFigure(moves),
      meanTurns: round(summarize(turns).mean, 3),
      workers,
    },
    shots,
  };
}

export async function runBench(
  config: BenchConfig,
  progress: (played: number) => void = () => {},
): Promise<BenchResult> {
  return (await benchShots(config, progress)).result;
}

/** Moves per game with their error, rounded for reports. */
export function movesFigure(moves: ArrayLike<number>): BenchResult['moves'] {
  const m = roundedMeanError(meanError(moves));
  return { mean: m?.mean ?? 0, se: m?.se ?? 0, ci95: m?.ci95 ?? [0, 0] };
}

/** The figures every bench reports, built-in or engine: shots to sink a fleet, speed, think time. */
export function shotFigures(
  shots: ArrayLike<number>,
  book: LatencyBook,
  games: number,
  started: number,
): Pick<
  BenchResult,
  'mean' | 'standardError' | 'ci95' | 'median' | 'p95' | 'max' | 'gamesPerSecond' | 'msPerShot' | 'seconds'
> {
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(shots);
  const error = roundedMeanError(meanError(shots));
  const think = book.percentiles('shot');
  return {
    mean: round(summary.mean, 3),
    standardError: error?.se ?? 0,
    ci95: error?.ci95 ?? [0, 0],
    median: summary.median,
    p95: summary.p95,
    max: summary.max,
    gamesPerSecond: round(games / seconds, 1),
    msPerShot: { p50: think?.p50 ?? 0, p99: think?.p99 ?? 0, max: think?.max ?? 0 },
    seconds: round(seconds, 2),
  };
}
