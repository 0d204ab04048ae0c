import type { FastifyBaseLogger } from 'fastify';
import type { AnalysisSource } from '../../src/bots/analysis';
import type { AnalysisPending } from '../../src/protocol/analysis';
import type { AnalysisStore } from './store';
import type { AnalysisWorkers } from './workers';

/** How many analyses may wait or run at once (docs/deploy.md, "Analysis"). */
export interface JobLimits {
  /** On this node, whoever asked: past it a request gets 503 with Retry-After. */
  readonly queued: number;
  /** Asked by one account and not done yet: past it, 429 ANALYSES. */
  readonly perAccount: number;
  /** Threads of the games pool (ANALYSIS_WORKERS), for the wait estimate. */
  readonly threads: number;
  /** Boards per sampled position (ANALYSIS_SAMPLES). */
  readonly samples: number;
}

interface Job {
  readonly gameId: number;
  /** The account that asked (its share of `perAccount`). */
  readonly by: string;
  readonly done: Promise<void>;
}

export type StartAnswer =
  | { readonly kind: 'pending'; readonly pending: AnalysisPending }
  | { readonly kind: 'account'; readonly retryAfter: number; readonly limit: number }
  | { readonly kind: 'full'; readonly retryAfter: number };

/** A failed analysis is not tried again for this long (a game no fleet explains stays so). */
const FAILURE_MEMORY_MS = 60 * 60 * 1000;

/**
 * The analyses this node is computing: each game at most once at a time, in the order asked,
 * bounded per account and in total, stored when done (docs/analysis.md, "On the server"). A request
 * for a game already under way joins it. With several nodes each keeps its own bounds; a game two
 * nodes happen to analyse at once is stored once (the second save changes nothing).
 */
export class AnalysisJobs {
  private readonly jobs = new Map<number, Job>();
  private readonly failed = new Map<number, { readonly message: string; readonly at: number }>();
  /** A moving average of how long an analysis takes here, for Retry-After (ms). */
  private averageMs = 5000;

  constructor(
    private readonly workers: AnalysisWorkers,
    private readonly store: AnalysisStore,
    private readonly limits: JobLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Analyses waiting or running now. */
  get size(): number {
    return this.jobs.size;
  }

  /** Analyses asked by `userId` and not done. */
  ofAccount(userId: string): number {
    let n = 0;
    for (const job of this.jobs.values()) if (job.by === userId) n++;
    return n;
  }

  /** Why the game's last analysis failed, if it did lately. */
  failure(gameId: number): string | null {
    const failed = this.failed.get(gameId);
    if (!failed) return null;
    if (Date.now() - failed.at > FAILURE_MEMORY_MS) {
      this.failed.delete(gameId);
      return null;
    }
    return failed.message;
  }

  /** Where the game's analysis stands, or null when none is under way. */
  pending(gameId: number): AnalysisPending | null {
    if (!this.jobs.has(gameId)) return null;
    let ahead = 0;
    for (const id of this.jobs.keys()) {
      if (id === gameId) break;
      ahead++;
    }
    const threads = Math.max(1, this.limits.threads);
    const rounds = Math.floor(ahead / threads) + 1;
    const retryAfter = Math.max(1, Math.min(120, Math.ceil((rounds * this.averageMs) / 1000)));
    return { status: ahead < threads ? 'running' : 'queued', gameId, ahead, retryAfter };
  }

  /** Whether `userId` may start one more analysis, `background` ones leaving half the queue to people who ask. */
  private refusal(userId: string, background: boolean): StartAnswer | null {
    const perAccount = this.limits.perAccount;
    if (this.ofAccount(userId) >= perAccount) {
      return { kind: 'account', retryAfter: Math.max(1, Math.ceil(this.averageMs / 1000)), limit: perAccount };
    }
    const room = background ? Math.floor(this.limits.queued / 2) : this.limits.queued;
    if (this.jobs.size >= room) {
      const retryAfter = Math.max(
        1,
        Math.min(300, Math.ceil((this.averageMs * this.jobs.size) / 1000 / this.limits.threads)),
      );
      return { kind: 'full', retryAfter };
    }
    return null;
  }

  /**
   * Starts the game's analysis for `userId` (or answers where it stands if it is under way).
   * `background`: asked by no click (a profile's insights filling in), so it only takes the first
   * half of the queue.
   */
  start(gameId: number, source: AnalysisSource, userId: string, background = false): StartAnswer {
    const under = this.pending(gameId);
    if (under) return { kind: 'pending', pending: under };
    const refused = this.refusal(userId, background);
    if (refused) return refused;
    const started = performance.now();
    const done = this.workers
      .run({ kind: 'game', source, seed: gameId, samples: this.limits.samples })
      .then(async (result) => {
        if (result.kind !== 'game') throw new Error('the analysis pool answered a game with a hint');
        await this.store.save(gameId, result.analysis, result.ms);
        const took = performance.now() - started;
        this.averageMs = 0.8 * this.averageMs + 0.2 * Math.min(took, 120_000);
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        this.failed.set(gameId, { message, at: Date.now() });
        this.log.error({ err: error, gameId }, 'analysing a game failed');
      })
      .finally(() => {
        this.jobs.delete(gameId);
      });
    this.jobs.set(gameId, { gameId, by: userId, done });
    return { kind: 'pending', pending: this.pending(gameId) as AnalysisPending };
  }

  /** Resolves once every analysis under way now is done (tests, and a server that stops). */
  async settled(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((j) => j.done));
  }
}
