/** Summary of a list of numbers, percentiles by nearest rank. */
export interface Summary {
  readonly count: number;
  readonly mean: number;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export function summarize(values: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    mean: sorted.length ? sum / sorted.length : 0,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.length ? (sorted[sorted.length - 1] ?? 0) : 0,
  };
}

/**
 * The Wilson 95% interval of a win rate: unlike p ± 1.96·sqrt(p(1-p)/n) it stays inside [0, 1]
 * and behaves for small n and for rates near 0 or 1, which duels of a few games produce.
 */
export function wilson(wins: number, n: number, z = 1.959964): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = wins / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
