import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64, type Histogram } from 'hdr-histogram-js';
import { round } from './stats';

export interface Percentiles {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** Latencies are recorded in microseconds (HDR histograms count integers) and reported in ms. */
const newHistogram = (): Histogram => build({ lowestDiscernibleValue: 1, numberOfSignificantValueDigits: 3 });

/** One HDR histogram per named event, mergeable across worker threads through base64 snapshots. */
export class LatencyBook {
  private readonly histograms = new Map<string, Histogram>();

  record(name: string, ms: number): void {
    let h = this.histograms.get(name);
    if (!h) {
      h = newHistogram();
      this.histograms.set(name, h);
    }
    h.recordValue(Math.max(1, Math.round(ms * 1000)));
  }

  snapshot(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, h] of this.histograms) out[name] = encodeIntoCompressedBase64(h);
    return out;
  }

  merge(snapshot: Readonly<Record<string, string>>): void {
    for (const [name, encoded] of Object.entries(snapshot)) {
      // Decoded histograms have a fixed range; adding into one of ours (auto-resizing) never overflows.
      let mine = this.histograms.get(name);
      if (!mine) {
        mine = newHistogram();
        this.histograms.set(name, mine);
      }
      mine.add(decodeFromCompressedBase64(encoded));
    }
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
    for (const name of [...this.histograms.keys()].sort()) {
      const p = this.percentiles(name);
      if (p) out[name] = p;
    }
    return out;
  }
}
