import { LatencyBook, type Percentiles } from '../latency';
import { round } from '../stats';
import { startWorker } from '../workers';
import type { LoadConfig, LoadSlice } from './lanes';
import type { LoadWorkerMessage } from './worker';

export interface LoadReport {
  readonly games: number;
  readonly completed: number;
  readonly errors: number;
  readonly errorsByCode: Record<string, number>;
  readonly gamesPerSecond: number;
  readonly seconds: number;
  readonly concurrency: number;
  readonly workers: number;
  /** Acknowledgement latency of every socket event, and the HTTP calls and connection time. */
  readonly latencyMs: Record<string, Percentiles>;
}

export interface LoadProgress {
  readonly completed: number;
  readonly failed: number;
  readonly shootP99: number | null;
}

/** Splits `total` into `parts` near-equal whole shares. */
export function shares(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/**
 * Runs a load test over worker threads: each worker gets a share of the lanes (concurrent games)
 * and of the games, plays them with real sockets and reports back counts and HDR histograms, which
 * are merged here. Workers keep the bots' CPU (shot choice, JSON, socket frames) off one thread so
 * the generator is not what limits the figures.
 */
export async function runLoad(
  config: LoadConfig,
  onProgress: (p: LoadProgress) => void = () => {},
): Promise<LoadReport> {
  const workers = Math.max(1, Math.min(config.workers, config.concurrency, config.games));
  const lanes = shares(config.concurrency, workers);
  const games = shares(config.games, workers);
  const live = new Map<number, { completed: number; failed: number; latency: Record<string, string> }>();
  const final = new LatencyBook();
  const errorsByCode: Record<string, number> = {};
  let completed = 0;
  let failed = 0;

  const progress = (): void => {
    const book = new LatencyBook();
    let c = 0;
    let f = 0;
    for (const w of live.values()) {
      c += w.completed;
      f += w.failed;
      book.merge(w.latency);
    }
    onProgress({ completed: c, failed: f, shootP99: book.percentiles('shoot')?.p99 ?? null });
  };

  const started = performance.now();
  let firstLane = 0;
  let firstGame = 0;
  const runs = Array.from({ length: workers }, (_, w) => {
    const slice: LoadSlice = { firstLane, lanes: lanes[w] ?? 0, games: games[w] ?? 0, firstGame };
    firstLane += slice.lanes;
    firstGame += slice.games;
    return new Promise<void>((resolve, reject) => {
      const worker = startWorker(new URL('./worker.ts', import.meta.url), { config, slice });
      worker.on('message', (message: LoadWorkerMessage) => {
        if (message.type === 'progress') {
          live.set(w, message);
          progress();
          return;
        }
        live.set(w, message);
        completed += message.completed;
        failed += message.failed;
        for (const [code, n] of Object.entries(message.errors)) errorsByCode[code] = (errorsByCode[code] ?? 0) + n;
        final.merge(message.latency);
        progress();
        resolve();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`load worker exited with code ${code}`));
      });
    });
  });
  await Promise.all(runs);
  const seconds = (performance.now() - started) / 1000;
  return {
    games: config.games,
    completed,
    errors: failed,
    errorsByCode,
    gamesPerSecond: round(completed / seconds, 2),
    seconds: round(seconds, 2),
    concurrency: config.concurrency,
    workers,
    latencyMs: final.all(),
  };
}
