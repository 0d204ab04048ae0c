import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { LatencyBook, type Percentiles } from '../../src/bots/latency';
import { type LevelPlan, LEVEL_PLANS } from '../../src/bots/levels';
import type { Coord, Grid, PartialShipMap, Rng, Rules } from '../../src/game';
import type { BotLevel } from '../../src/protocol';
import decide, { type Decision, type DecideTask } from './decide';
import { workerFiles } from '../worker-files';

export interface DecisionTimes {
  /** Time spent choosing, where it ran (worker thread or inline). */
  readonly compute: Percentiles | undefined;
  /** From asking to having the shot on the main thread, queueing for a worker included. */
  readonly roundTrip: Percentiles | undefined;
}

/**
 * Chooses computer players' shots without blocking the event loop. Random and hunt/target shots
 * cost microseconds and are chosen inline; the sampler's can cost several milliseconds, so they go
 * to a piscina worker pool (a maintained pool: queueing, thread restarts after a crash, idle
 * shutdown and clean teardown, none of which we want to write again).
 */
export class Decider {
  private pool: Piscina<DecideTask, Decision> | null = null;
  private readonly times = new Map<BotLevel, LatencyBook>();

  constructor(private readonly workers: number) {}

  private poolOf(): Piscina<DecideTask, Decision> {
    this.pool ??= new Piscina<DecideTask, Decision>({
      ...workerFiles(import.meta.url, { source: './decide.ts', bundled: 'decide' }),
      minThreads: 1,
      maxThreads: this.workers > 0 ? this.workers : Math.max(1, availableParallelism() - 1),
      idleTimeout: 60_000,
    });
    return this.pool;
  }

  /** The turn's `count` cells (a salvo chosen as a set, or one shot) under the room's `rules`. */
  async shoot(
    level: BotLevel,
    view: { grid: Grid; sunk: PartialShipMap; rules: Rules },
    count: number,
    rng: Rng,
  ): Promise<Coord[]> {
    const plan: LevelPlan = LEVEL_PLANS[level];
    const task: DecideTask = { shooter: plan.shooter, ...view, count, seed: rng.int(2 ** 32) };
    const started = performance.now();
    const decision = plan.offThread ? await this.poolOf().run(task) : decide(task);
    this.record(level, decision.computeMs, performance.now() - started);
    return decision.targets;
  }

  private record(level: BotLevel, computeMs: number, roundTripMs: number): void {
    let book = this.times.get(level);
    if (!book) {
      book = new LatencyBook();
      this.times.set(level, book);
    }
    book.record('compute', computeMs);
    book.record('roundTrip', roundTripMs);
  }

  /** Decision times per level since the server started. */
  stats(): Partial<Record<BotLevel, DecisionTimes>> {
    const out: Partial<Record<BotLevel, DecisionTimes>> = {};
    for (const [level, book] of this.times) {
      out[level] = { compute: book.percentiles('compute'), roundTrip: book.percentiles('roundTrip') };
    }
    return out;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
