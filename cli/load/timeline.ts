import { type BookSnapshot, LatencyBook, type Percentiles } from '../../src/bots/latency';

/** Length of one interval of the report's "over time" figures, like Artillery's intermediate reports. */
export const WINDOW_MS = 10_000;

interface Window {
  readonly book: LatencyBook;
  done: number;
  failed: number;
  readonly errors: Record<string, number>;
}

export interface WindowSnapshot {
  readonly latency: BookSnapshot;
  readonly done: number;
  readonly failed: number;
  readonly errors: Record<string, number>;
}

/** One interval of a run as the report shows it. */
export interface Interval {
  /** Seconds from the start of the run to the start of the interval. */
  readonly startSecond: number;
  readonly seconds: number;
  /** Iterations (games, sign-ups, logins) that ended in the interval, well or not. */
  readonly done: number;
  readonly failed: number;
  readonly errors: Record<string, number>;
  readonly latencyMs: Record<string, Percentiles>;
}

/** Distinct messages kept per error code: enough to tell one failure from another, small in any report. */
export const EXAMPLES_PER_CODE = 3;

/** Adds `more`'s messages to `into`, keeping at most EXAMPLES_PER_CODE distinct ones per code. */
export function addExamples(into: Record<string, string[]>, more: Readonly<Record<string, readonly string[]>>): void {
  for (const [code, messages] of Object.entries(more)) {
    const kept = into[code] ?? [];
    into[code] = kept;
    for (const message of messages) {
      if (kept.length >= EXAMPLES_PER_CODE) break;
      if (!kept.includes(message)) kept.push(message);
    }
  }
}

/**
 * Everything a load run measures, overall and per 10-second interval of wall-clock time since
 * `startedAt` (epoch ms, shared by every worker thread so their intervals line up when merged).
 */
export class Timeline {
  readonly total = new LatencyBook();
  private readonly windows = new Map<number, Window>();
  done = 0;
  failed = 0;
  readonly errors: Record<string, number> = {};
  /** A few distinct messages per error code, so that a report says what went wrong, not only how often. */
  readonly examples: Record<string, string[]> = {};

  constructor(readonly startedAt: number) {}

  private window(at = Date.now()): Window {
    const k = Math.max(0, Math.floor((at - this.startedAt) / WINDOW_MS));
    let w = this.windows.get(k);
    if (!w) {
      w = { book: new LatencyBook(), done: 0, failed: 0, errors: {} };
      this.windows.set(k, w);
    }
    return w;
  }

  record(name: string, ms: number): void {
    this.total.record(name, ms);
    this.window().book.record(name, ms);
  }

  /** One iteration ended; a failed one counts under its error code, and its message may serve as an example. */
  finished(ok: boolean, code = 'INTERNAL', message?: string): void {
    const w = this.window();
    if (ok) {
      this.done++;
      w.done++;
      return;
    }
    this.failed++;
    w.failed++;
    this.errors[code] = (this.errors[code] ?? 0) + 1;
    w.errors[code] = (w.errors[code] ?? 0) + 1;
    if (message !== undefined) addExamples(this.examples, { [code]: [message] });
  }

  snapshot(): Record<number, WindowSnapshot> {
    const out: Record<number, WindowSnapshot> = {};
    for (const [k, w] of this.windows) {
      out[k] = { latency: w.book.snapshot(), done: w.done, failed: w.failed, errors: { ...w.errors } };
    }
    return out;
  }

  /** Adds another thread's windows (its totals travel separately, with its overall book). */
  mergeWindows(snapshot: Readonly<Record<number, WindowSnapshot>>): void {
    for (const [key, s] of Object.entries(snapshot)) {
      const w = this.window(this.startedAt + Number(key) * WINDOW_MS);
      w.book.merge(s.latency);
      w.done += s.done;
      w.failed += s.failed;
      for (const [code, n] of Object.entries(s.errors)) w.errors[code] = (w.errors[code] ?? 0) + n;
    }
  }

  /** The intervals from the first to the last with anything in it; the last one may be shorter. */
  intervals(endedAt: number): Interval[] {
    if (this.windows.size === 0) return [];
    const last = Math.max(...this.windows.keys());
    return Array.from({ length: last + 1 }, (_, k) => {
      const w = this.windows.get(k);
      const start = k * WINDOW_MS;
      const seconds = Math.max(0.001, Math.min(WINDOW_MS, endedAt - this.startedAt - start) / 1000);
      return {
        startSecond: start / 1000,
        seconds: Math.round(seconds * 1000) / 1000,
        done: w?.done ?? 0,
        failed: w?.failed ?? 0,
        errors: { ...(w?.errors ?? {}) },
        latencyMs: w?.book.all() ?? {},
      };
    });
  }
}
