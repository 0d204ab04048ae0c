/** bench:capacity's figures: one result per configuration and round, their means, the issue's ratios, the printed table. */

/** What is measured: ours today, a bare socket.io server sending the same frames, ours at the baseline commit. */
export const KINDS = ['broadside', 'bare', 'before'] as const;
export type Kind = (typeof KINDS)[number];

export interface CapacityResult {
  readonly server: Kind;
  /** The configuration as printed (the baseline's with its commit). */
  readonly label: string;
  readonly shotsPerSecond: number;
  /** Shots per second of the server's own CPU time: what one whole core would do, however busy the machine. */
  readonly shotsPerCpuSecond: number;
  readonly gamesPerSecond: number;
  readonly shootMs: { readonly p50: number; readonly p99: number; readonly max: number };
  /** Share of one core the server used while measured (1 = saturated). */
  readonly serverCpu: number;
  readonly generatorCpu: number;
  /** Frames (socket.io packets: acks and events) both players received per shot. */
  readonly framesPerShot: number;
  readonly bytesPerShot: number;
  readonly errors: number;
}

export interface Summary {
  /** Mean shots per server CPU-second of each configuration measured. */
  readonly shotsPerCpuSecond: Partial<Record<Kind, number>>;
  /** Ours / bare per CPU-second (goal ≥ 0.75) and ours / before (goal ≥ 1.3); null when one side is missing. */
  readonly vsBare: number | null;
  readonly vsBefore: number | null;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function summarize(results: readonly CapacityResult[]): Summary {
  const mean: Partial<Record<Kind, number>> = {};
  for (const kind of new Set(results.map((r) => r.server))) {
    const mine = results.filter((r) => r.server === kind);
    mean[kind] = Math.round(mine.reduce((n, r) => n + r.shotsPerCpuSecond, 0) / mine.length);
  }
  const ratio = (a?: number, b?: number): number | null => (a && b ? round2(a / b) : null);
  return {
    shotsPerCpuSecond: mean,
    vsBare: ratio(mean.broadside, mean.bare),
    vsBefore: ratio(mean.broadside, mean.before),
  };
}

const verdict = (ratio: number | null, goal: number): string =>
  ratio === null ? 'not measured' : `${ratio} (goal ≥ ${goal} ${ratio >= goal ? 'met' : 'MISSED'})`;

export function printReport(results: readonly CapacityResult[], summary: Summary): void {
  console.log(
    'server          frames/shot  bytes/shot  CPU µs/shot  shots/CPU-s  server CPU  shots/s  games/s  p50 ms   p99 ms  gen CPU  errors',
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(15)} ${r.framesPerShot.toFixed(2).padStart(11)} ${String(r.bytesPerShot).padStart(11)} ` +
        `${String(Math.round(1e6 / Math.max(1, r.shotsPerCpuSecond))).padStart(12)} ${String(r.shotsPerCpuSecond).padStart(12)} ` +
        `${`${Math.round(r.serverCpu * 100)}%`.padStart(11)} ${String(r.shotsPerSecond).padStart(8)} ` +
        `${r.gamesPerSecond.toFixed(1).padStart(8)} ${r.shootMs.p50.toFixed(2).padStart(7)} ${r.shootMs.p99.toFixed(2).padStart(8)} ` +
        `${`${Math.round(r.generatorCpu * 100)}%`.padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
  const means = Object.entries(summary.shotsPerCpuSecond).map(([k, v]) => `${k} ${v}`);
  console.log(`mean shots per server CPU-second: ${means.join(', ')}`);
  console.log(
    `broadside / bare: ${verdict(summary.vsBare, 0.75)}; broadside / before: ${verdict(summary.vsBefore, 1.3)}`,
  );
}
