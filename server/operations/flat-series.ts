/**
 * Counters and histograms the hot path writes into without allocating: a fixed set of series
 * (known when the server starts), each a slot of a Float64Array chosen by a small integer index.
 * prom-client's own Counter and Histogram take a labels object per call and hash it to a string,
 * two allocations per shot; these are read only when /metrics is asked for
 * (server/operations/prometheus.ts turns them into prom-client metrics there).
 */

/** Upper bounds, in seconds, of the histograms of times the server measures (a shot, a commit, a relay). */
export const SECONDS_BUCKETS: readonly number[] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** Upper bounds, in seconds, of waits people notice (the quick-match queue). */
export const WAIT_BUCKETS: readonly number[] = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600];

/** `size` counters, each addressed by its index. */
export class FlatCounters {
  readonly values: Float64Array;

  constructor(readonly size: number) {
    this.values = new Float64Array(size);
  }

  add(index: number, by = 1): void {
    this.values[index] = (this.values[index] ?? 0) + by;
  }
}

/**
 * `series` histograms sharing one set of bucket bounds. Each series keeps its count per bucket
 * (not cumulative; the exposition adds them up), the count above the last bound, the sum and the
 * count of observations.
 */
export class FlatHistograms {
  /** series × (bounds + 1) bucket counts; the last slot of a series is above every bound (+Inf). */
  readonly buckets: Float64Array;
  readonly sums: Float64Array;
  readonly counts: Float64Array;
  private readonly width: number;

  constructor(
    readonly bounds: readonly number[],
    readonly series = 1,
  ) {
    this.width = bounds.length + 1;
    this.buckets = new Float64Array(series * this.width);
    this.sums = new Float64Array(series);
    this.counts = new Float64Array(series);
  }

  observe(value: number, series = 0): void {
    const { bounds } = this;
    let slot = 0;
    while (slot < bounds.length && value > (bounds[slot] as number)) slot++;
    const at = series * this.width + slot;
    this.buckets[at] = (this.buckets[at] ?? 0) + 1;
    this.sums[series] = (this.sums[series] ?? 0) + value;
    this.counts[series] = (this.counts[series] ?? 0) + 1;
  }

  /** Cumulative counts of one series, one per bound then +Inf, as Prometheus's `le` buckets read. */
  cumulative(series = 0): number[] {
    const out: number[] = [];
    let total = 0;
    for (let slot = 0; slot < this.width; slot++) {
      total += this.buckets[series * this.width + slot] ?? 0;
      out.push(total);
    }
    return out;
  }
}
