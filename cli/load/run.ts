import { formatRules } from '../../src/game';
import { type Bucket, LatencyBook, type Percentiles } from '../../src/bots/latency';
import { round } from '../stats';
import { startWorker } from '../workers';
import type { LoadConfig, Scenario } from './config';
import { type Model, plannedIterations } from './drive';
import { type ServerFigures, watchServer } from './server-metrics';
import { addExamples, type Interval, Timeline } from './timeline';
import type { LoadWorkerMessage, PhaseSpan } from './worker';

/** Count and rate of one phase of the auth scenario. */
export interface PhaseFigures {
  readonly count: number;
  readonly perSecond: number;
  readonly seconds: number;
}

export interface LoadReport {
  readonly scenario: Scenario;
  readonly model: Model;
  /** Iterations planned: games, or sign-ups plus logins. */
  readonly planned: number;
  readonly completed: number;
  readonly errors: number;
  readonly errorsByCode: Record<string, number>;
  /** Up to three distinct messages of each error code (what timed out, which call was refused). */
  readonly errorExamples: Record<string, string[]>;
  readonly seconds: number;
  readonly workers: number;
  /** Game scenario: games planned, games/s and shots/s over the run. */
  readonly games: number;
  readonly gamesPerSecond: number;
  readonly shotsPerSecond: number;
  /** Closed model: lanes; open model: the most games seen in flight at once. */
  readonly concurrency: number;
  readonly peakInFlight: number;
  readonly paceMs: number;
  /** Share of the pace each think time may differ by (`--jitter`). */
  readonly paceJitter: number;
  readonly rematch: number;
  /** The rules of every game's room, written as `--rules` takes them. */
  readonly rules: string;
  /**
   * Game scenario with `--accounts-first`: the players' sign-ups and logins before the first game
   * (count: players); games/s and shots/s are then over the time after it.
   */
  readonly accounts: PhaseFigures | null;
  /** Auth scenario: the sign-up storm, then the login storm. */
  readonly signUp: PhaseFigures | null;
  readonly login: PhaseFigures | null;
  /** Acknowledgement latency of every socket event, and the HTTP calls and connection time. */
  readonly latencyMs: Record<string, Percentiles>;
  /** Every 10 s of the run: iterations done and failed, errors, latency percentiles. */
  readonly intervals: readonly Interval[];
  /** The latency histogram of every event (log-spaced bars). */
  readonly histograms: Record<string, Bucket[]>;
  /** The server's own figures from GET /metrics, or null when it has no such route. */
  readonly server: ServerFigures | null;
}

export interface LoadProgress {
  readonly done: number;
  readonly failed: number;
  readonly inFlight: number;
  readonly shootP99: number | null;
}

function phaseFigures(spans: readonly PhaseSpan[], name: string, count: number): PhaseFigures | null {
  const mine = spans.filter((s) => s.name === name);
  if (mine.length === 0) return null;
  const seconds = (Math.max(...mine.map((s) => s.to)) - Math.min(...mine.map((s) => s.from))) / 1000;
  return { count, perSecond: round(count / Math.max(seconds, 0.001), 2), seconds: round(seconds, 2) };
}

/**
 * Runs a load test over worker threads: each worker gets a share of the model (lanes and games of
 * a closed run, every n-th arrival of an open one), plays it with real sockets and reports back
 * counts and HDR histograms, overall and per 10 s, which are merged here. Meanwhile this thread
 * reads the server's event-loop delay from GET /metrics.
 */
export async function runLoad(
  config: LoadConfig,
  onProgress: (p: LoadProgress) => void = () => {},
  onAccountsReady: (players: number, seconds: number) => void = () => {},
): Promise<LoadReport> {
  const planned = plannedIterations(config.model);
  const lanes = config.model.kind === 'closed' ? config.model.concurrency : Number.POSITIVE_INFINITY;
  const workers = Math.max(1, Math.min(config.workers, lanes, planned));
  const live = new Map<number, { done: number; failed: number; inFlight: number; latency: LatencyBook }>();
  const startedAt = Date.now();
  const timeline = new Timeline(startedAt);
  const errorsByCode: Record<string, number> = {};
  const errorExamples: Record<string, string[]> = {};
  const phases: PhaseSpan[] = [];
  let completed = 0;
  let failed = 0;
  let peakInFlight = 0;
  let accountsReady = 0;
  let players = 0;

  const progress = (): void => {
    const book = new LatencyBook();
    let done = 0;
    let bad = 0;
    let inFlight = 0;
    for (const w of live.values()) {
      done += w.done;
      bad += w.failed;
      inFlight += w.inFlight;
      book.merge(w.latency.snapshot());
    }
    peakInFlight = Math.max(peakInFlight, inFlight);
    onProgress({ done, failed: bad, inFlight, shootP99: book.percentiles('shoot')?.p99 ?? null });
  };

  const server = watchServer(config.server, startedAt);
  const runs = Array.from(
    { length: workers },
    (_, w) =>
      new Promise<void>((resolve, reject) => {
        const worker = startWorker(new URL('./worker.ts', import.meta.url), {
          config,
          share: { index: w, of: workers },
          startedAt,
        });
        worker.on('message', (message: LoadWorkerMessage) => {
          if (message.type === 'accounts') {
            players += 2 * message.pairs;
            if (++accountsReady === workers) onAccountsReady(players, round((message.at - startedAt) / 1000, 2));
            return;
          }
          const book = new LatencyBook();
          book.merge(message.latency);
          if (message.type === 'progress') {
            live.set(w, { done: message.done, failed: message.failed, inFlight: message.inFlight, latency: book });
            progress();
            return;
          }
          live.set(w, { done: message.done, failed: message.failed, inFlight: 0, latency: book });
          completed += message.done;
          failed += message.failed;
          for (const [code, n] of Object.entries(message.errors)) errorsByCode[code] = (errorsByCode[code] ?? 0) + n;
          addExamples(errorExamples, message.examples);
          timeline.total.merge(message.latency);
          timeline.mergeWindows(message.windows);
          phases.push(...message.phases);
          progress();
          resolve();
          // Its last word: a closed run cut off by --duration may still hold games and their timers.
          void worker.terminate();
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (code !== 0) reject(new Error(`load worker exited with code ${code}`));
        });
      }),
  );
  const settled = await Promise.allSettled(runs);
  const serverFigures = await server.stop();
  const crashed = settled.find((s) => s.status === 'rejected');
  if (crashed) throw crashed.reason;
  const endedAt = Date.now();
  const seconds = (endedAt - startedAt) / 1000;
  const game = config.scenario === 'game';
  const histograms: Record<string, Bucket[]> = {};
  for (const name of timeline.total.names()) histograms[name] = timeline.total.buckets(name);
  const latencyMs = timeline.total.all();
  const authCount = (name: string): number => latencyMs[name]?.count ?? 0;
  const accounts = game ? phaseFigures(phases, 'accounts', players) : null;
  // The accounts phase ends when the last worker's does: games are counted from then.
  const gameSeconds = Math.max(seconds - (accounts?.seconds ?? 0), 0.001);
  return {
    scenario: config.scenario,
    model: config.model,
    planned: game ? planned : 2 * planned,
    completed,
    errors: failed,
    errorsByCode,
    errorExamples,
    seconds: round(seconds, 2),
    workers,
    games: game ? planned : 0,
    gamesPerSecond: game ? round(completed / gameSeconds, 2) : 0,
    shotsPerSecond: game ? round((latencyMs.shoot?.count ?? 0) / gameSeconds, 1) : 0,
    concurrency: config.model.kind === 'closed' ? config.model.concurrency : peakInFlight,
    peakInFlight,
    paceMs: config.paceMs,
    paceJitter: config.paceJitter ?? 0,
    rematch: config.rematch,
    rules: formatRules(config.rules),
    accounts,
    signUp: game ? null : phaseFigures(phases, 'signUp', authCount('signUp')),
    login: game ? null : phaseFigures(phases, 'login', authCount('login')),
    latencyMs,
    intervals: timeline.intervals(endedAt),
    histograms,
    server: serverFigures,
  };
}
