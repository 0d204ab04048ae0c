/**
 * How a load run starts its iterations (games, sign-ups, logins), after Artillery's phases and
 * k6's executors:
 * - closed: `concurrency` lanes each run iterations one after another until `count` are taken
 *   (a new iteration only when one ends: the server's speed sets the pace), or until
 *   `durationSeconds` when given: then the run ends and iterations still in flight are cut off,
 *   counted neither done nor failed (a soak at constant concurrency, k6's constant-VUs);
 * - open: iterations arrive at `ratePerSecond` for `durationSeconds` whatever the server does (a
 *   slow server piles iterations up, as real players would), at most `maxInFlight` at once; an
 *   arrival over that cap is dropped and counted as a `DROPPED` error.
 */
export type Model =
  | {
      readonly kind: 'closed';
      readonly count: number;
      readonly concurrency: number;
      readonly rampSeconds: number;
      readonly durationSeconds?: number;
    }
  | {
      readonly kind: 'open';
      readonly ratePerSecond: number;
      readonly durationSeconds: number;
      readonly maxInFlight: number;
    };

/** Worker `index` of `of` worker threads. */
export interface Share {
  readonly index: number;
  readonly of: number;
}

/** How many iterations a model plans in all. */
export function plannedIterations(model: Model): number {
  return model.kind === 'closed' ? model.count : Math.floor(model.ratePerSecond * model.durationSeconds);
}

/** Splits `total` into `parts` near-equal whole shares. */
export function shares(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/**
 * The iterations worker `share` runs, by global index, and when each may start (ms after the run's
 * start). Closed: a contiguous block of indices and a block of lanes, lane k of the whole run
 * starting k/concurrency of the ramp late. Open: every `of`-th arrival, so the workers interleave
 * and together keep the rate.
 */
export function plan(model: Model, share: Share): { indices: number[]; lanes: number[]; cap: number } {
  if (model.kind === 'closed') {
    const counts = shares(model.count, share.of);
    const laneCounts = shares(model.concurrency, share.of);
    const first = counts.slice(0, share.index).reduce((a, b) => a + b, 0);
    const firstLane = laneCounts.slice(0, share.index).reduce((a, b) => a + b, 0);
    const lanes = Array.from(
      { length: laneCounts[share.index] ?? 0 },
      (_, k) => ((firstLane + k) / model.concurrency) * model.rampSeconds * 1000,
    );
    return { indices: Array.from({ length: counts[share.index] ?? 0 }, (_, i) => first + i), lanes, cap: lanes.length };
  }
  const indices: number[] = [];
  for (let j = share.index; j < plannedIterations(model); j += share.of) indices.push(j);
  return { indices, lanes: [], cap: shares(model.maxInFlight, share.of)[share.index] ?? 1 };
}

export interface DriveHooks {
  /** Runs iteration `index`; a rejection is a failed iteration. */
  run(index: number): Promise<void>;
  finished(ok: boolean, error?: unknown): void;
}

const sleepUntil = (at: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Runs this worker's share of `model` from `startedAt` (epoch ms); resolves when all have ended (or the closed model's duration is over). */
export async function drive(model: Model, share: Share, startedAt: number, hooks: DriveHooks): Promise<void> {
  const { indices, lanes, cap } = plan(model, share);
  const once = (index: number): Promise<void> =>
    hooks.run(index).then(
      () => hooks.finished(true),
      (error: unknown) => hooks.finished(false, error),
    );
  if (model.kind === 'closed') {
    const deadline = model.durationSeconds === undefined ? null : startedAt + model.durationSeconds * 1000;
    let next = 0;
    let over = false;
    const allLanes = Promise.all(
      lanes.map(async (delay) => {
        await sleepUntil(startedAt + delay);
        while (next < indices.length && !over) {
          const index = indices[next++] ?? 0;
          await once(index);
        }
      }),
    );
    if (deadline === null) return void (await allLanes);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([allLanes, new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))]);
    over = true;
    clearTimeout(timer);
    return;
  }
  const running = new Set<Promise<void>>();
  for (const index of indices) {
    await sleepUntil(startedAt + (index / model.ratePerSecond) * 1000);
    if (running.size >= cap) {
      hooks.finished(false, new DroppedError());
      continue;
    }
    const run = once(index).finally(() => running.delete(run));
    running.add(run);
  }
  await Promise.all(running);
}

/** An open-model arrival that found `maxInFlight` iterations already running. */
export class DroppedError extends Error {
  constructor() {
    super('dropped: too many iterations in flight');
    this.name = 'DroppedError';
  }
}
