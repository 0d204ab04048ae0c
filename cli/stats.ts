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

/** A mean with its standard error and 95% interval (Student's t, so small samples get a wider one). */
export interface MeanError {
  readonly n: number;
  readonly mean: number;
  /** Sample standard deviation. */
  readonly sd: number;
  /** Standard error of the mean: sd / √n. */
  readonly se: number;
  readonly ci95: readonly [number, number];
}

/** Two-sided 95% quantiles of Student's t for 1 to 10 degrees of freedom (past 10, a series does). */
const T95_SMALL = [12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281];

/** The 97.5% quantile of Student's t with `df` degrees of freedom (Cornish–Fisher series past 10; exact to 2e-4). */
export function t95(df: number): number {
  if (df < 1) return Number.POSITIVE_INFINITY;
  const small = T95_SMALL[df - 1];
  if (small !== undefined) return small;
  const z = 1.959964;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
  );
}

/** Mean, standard error and 95% interval of a sample; null when it is empty. */
export function meanError(values: ArrayLike<number>): MeanError | null {
  const n = values.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] ?? 0;
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((values[i] ?? 0) - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  const se = sd / Math.sqrt(n);
  const half = n > 1 ? t95(n - 1) * se : 0;
  return { n, mean, sd, se, ci95: [mean - half, mean + half] };
}

/** A MeanError as `44.12 ± 0.08 [43.96, 44.28]`: the standard error after ±, the 95% interval in brackets. */
export function formatMeanError(m: MeanError | null, digits = 2): string {
  if (!m) return '–';
  return `${m.mean.toFixed(digits)} ± ${m.se.toFixed(digits)} [${m.ci95[0].toFixed(digits)}, ${m.ci95[1].toFixed(digits)}]`;
}

/** A MeanError rounded for JSON reports. */
export function roundedMeanError(m: MeanError | null, digits = 3): MeanError | null {
  if (!m) return null;
  return {
    n: m.n,
    mean: round(m.mean, digits),
    sd: round(m.sd, digits),
    se: round(m.se, digits),
    ci95: [round(m.ci95[0], digits), round(m.ci95[1], digits)],
  };
}
