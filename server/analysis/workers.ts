import { Piscina } from 'piscina';
import { workerFiles } from '../worker-files';
import type { AnalysisResult, AnalysisTask } from './task';

/**
 * The threads analyses run on, apart from the computer players' (server/bots/decider.ts): a game's
 * analysis costs seconds of CPU and must never delay a live game's shot. Two pools, so a hint (one
 * position, tens of milliseconds) never queues behind whole games: `games` with ANALYSIS_WORKERS
 * threads, `hints` with one. Every thread runs at the lowest priority (nice 19, piscina's
 * niceIncrement; per thread on Linux), so the event loop and the decision threads always get a core
 * first: analyses use what the live games leave.
 */
export class AnalysisWorkers {
  private readonly games: Piscina<AnalysisTask, AnalysisResult>;
  private readonly hints: Piscina<AnalysisTask, AnalysisResult>;

  constructor(threads: number) {
    const files = workerFiles(import.meta.url, { source: './task.ts', bundled: 'analysis' });
    const common = { ...files, minThreads: 0, idleTimeout: 60_000, niceIncrement: 19 };
    this.games = new Piscina({ ...common, maxThreads: Math.max(1, threads) });
    this.hints = new Piscina({ ...common, maxThreads: 1 });
  }

  run(task: AnalysisTask): Promise<AnalysisResult> {
    return (task.kind === 'hint' ? this.hints : this.games).run(task);
  }

  /** Analyses waiting for a thread of the games pool. */
  get queued(): number {
    return this.games.queueSize;
  }

  async close(): Promise<void> {
    await Promise.all([this.games.destroy(), this.hints.destroy()]);
  }
}
