import { loadavg } from 'node:os';
import { percentile } from '../cli/stats';

export { percentile };

export interface Summary {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean,
  };
}

/** The machine's load averages over 1, 5 and 15 minutes, as `uptime` prints them: every bench reports them. */
export function loadAverages(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}
