import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** Event-loop delay over one second, in milliseconds. */
export interface DelaySample {
  /** Epoch ms at the end of the second. */
  readonly at: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface DelaySummary {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

export interface MetricsSnapshot {
  readonly uptimeSeconds: number;
  readonly eventLoopDelayMs: {
    /** Since the server started (or since it last reset, which it never does). */
    readonly sinceStart: DelaySummary;
    /** One sample per second, the newest last, for the last `RECENT_SECONDS` seconds. */
    readonly recent: readonly DelaySample[];
  };
  readonly memory: { readonly rssBytes: number; readonly heapUsedBytes: number };
}

const RECENT_SECONDS = 120;
const ms = (ns: number): number => Math.round(ns / 1e3) / 1e3;

function summary(h: IntervalHistogram): DelaySummary {
  if (h.count === 0) return { p50: 0, p99: 0, max: 0, mean: 0 };
  return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean) };
}

/**
 * The server's own health figures for load tests and operators: event-loop delay measured by
 * perf_hooks.monitorEventLoopDelay (a libuv timer that records how late it fires), kept both for
 * the whole life of the process and as one sample per second, so any number of readers can poll
 * without resetting each other's figures.
 */
export class ServerMetrics {
  private readonly total = monitorEventLoopDelay({ resolution: 10 });
  private readonly second = monitorEventLoopDelay({ resolution: 10 });
  private readonly samples: DelaySample[] = [];
  private readonly ticker: NodeJS.Timeout;
  private readonly started = Date.now();

  constructor() {
    this.total.enable();
    this.second.enable();
    this.ticker = setInterval(() => this.rotate(), 1000);
    this.ticker.unref();
  }

  private rotate(): void {
    const s = summary(this.second);
    this.second.reset();
    this.samples.push({ at: Date.now(), p50: s.p50, p99: s.p99, max: s.max });
    if (this.samples.length > RECENT_SECONDS) this.samples.shift();
  }

  snapshot(): MetricsSnapshot {
    const memory = process.memoryUsage();
    return {
      uptimeSeconds: Math.round((Date.now() - this.started) / 1000),
      eventLoopDelayMs: { sinceStart: summary(this.total), recent: [...this.samples] },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    };
  }

  stop(): void {
    clearInterval(this.ticker);
    this.total.disable();
    this.second.disable();
  }
}
