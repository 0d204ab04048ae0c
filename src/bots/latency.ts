/**
 * Latency histograms shared by the server (computer players' decision times, server/bots/decider.ts)
 * and the CLI's load and bench reports: neither imports the other.
 */
import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64, type Histogram } from 'hdr-histogram-js';

/** Rounds to `digits` decimals (latencies are reported to the microsecond). */
const round = (value: number, digits: number): number => Number(value.toFixed(digits));

export interface Percentiles {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** Latencies are recorded in microseconds (HDR histograms count integers) and reported in ms. */
const newHistogram = (): Histogram => build({ lowestDiscernibleValue: 1, numberOfSignificantValueDigits: 3 });

/** Bars of the latency chart: four per doubling of the time, so a log axis shows them evenly. */
export const BUCKETS_PER_OCTAVE = 4;
const bucketOf = (us: number): number => Math.floor(Math.log2(us) * BUCKETS_PER_OCTAVE);

/** One bar of a latency histogram: how many values fell in [fromMs, toMs). */
export interface Bucket {
  readonly fromMs: number;
  readonly toMs: number;
  readonly count: number;
}

/** What a worker thread sends of one event: its HDR histogram (base64) and its bar counts. */
export interface EventSnapshot {
  readonly hdr: string;
  readonly buckets: Readonly<Record<number, number>>;
}

export type BookSnapshot = Record<string, EventSnapshot>;

/**
 * One HDR histogram per named event (for exact percentiles) and log-spaced bar counts (for the
 * report's chart), mergeable across worker threads through snapshots.
 */
export class LatencyBook {
  private readonly histograms = new Map<string, Histogram>();
  private readonly bars = new Map<string, Map<number, number>>();

  private entry(name: string): { h: Histogram; bars: Map<number, number> } {
    let h = this.histograms.get(name);
    let bars = this.bars.get(name);
    if (!h || !bars) {
      h = newHistogram();
      bars = new Map();
      this.histograms.set(name, h);
      this.bars.set(name, bars);
    }
    return { h, bars };
  }

  record(name: string, ms: number): void {
    const { h, bars } = this.entry(name);
    const us = Math.max(1, Math.round(ms * 1000));
    h.recordValue(us);
    const k = bucketOf(us);
    bars.set(k, (bars.get(k) ?? 0) + 1);
  }

  snapshot(): BookSnapshot {
    const out: BookSnapshot = {};
    for (const [name, h] of this.histograms) {
      out[name] = { hdr: encodeIntoCompressedBase64(h), buckets: Object.fromEntries(this.bars.get(name) ?? []) };
    }
    return out;
  }

  merge(snapshot: Readonly<BookSnapshot>): void {
    for (const [name, event] of Object.entries(snapshot)) {
      // Decoded histograms have a fixed range; adding into one of ours (auto-resizing) never overflows.
      const { h, bars } = this.entry(name);
      h.add(decodeFromCompressedBase64(event.hdr));
      for (const [k, n] of Object.entries(event.buckets)) bars.set(Number(k), (bars.get(Number(k)) ?? 0) + n);
    }
  }

  /** The event's latency histogram as bars on a log scale, from its fastest to its slowest value. */
  buckets(name: string): Bucket[] {
    const bars = this.bars.get(name);
    if (!bars || bars.size === 0) return [];
    const keys = [...bars.keys()];
    const [low, high] = [Math.min(...keys), Math.max(...keys)];
    const edge = (k: number): number => round(2 ** (k / BUCKETS_PER_OCTAVE) / 1000, 4);
    return Array.from({ length: high - low + 1 }, (_, i) => ({
      fromMs: edge(low + i),
      toMs: edge(low + i + 1),
      count: bars.get(low + i) ?? 0,
    }));
  }

  names(): string[] {
    return [...this.histograms.keys()].sort();
  }

  percentiles(name: string): Percentiles | undefined {
    const h = this.histograms.get(name);
    if (!h || h.totalCount === 0) return undefined;
    const ms = (us: number): number => round(us / 1000, 3);
    return {
      count: h.totalCount,
      p50: ms(h.getValueAtPercentile(50)),
      p95: ms(h.getValueAtPercentile(95)),
      p99: ms(h.getValueAtPercentile(99)),
      max: ms(h.maxValue),
    };
  }

  all(): Record<string, Percentiles> {
    const out: Record<string, Percentiles> = {};
    for (const name of this.names()) {
      const p = this.percentiles(name);
      if (p) out[name] = p;
    }
    return out;
  }
}
