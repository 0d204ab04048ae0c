/** bench:capacity's figures: one result per configuration and round, their means, the issue's ratios, the printed table. */

/**
 * What is measured, per dialect: ours today (`spec`: players on the SPEC dialect's field events,
 * `broadside`: on broadside/2's state frames), a bare socket.io server sending the same frames
 * (`bare-spec`, `bare`), and ours at the baseline commit (`before-spec`, `before`).
 */
export const KINDS = ['spec', 'bare-spec', 'broadside', 'bare', 'before-spec', 'before'] as const;
export type Kind = (typeof KINDS)[number];
/** Measured unless --configs says otherwise (the baseline needs a build of its own). */
export const DEFAULT_KINDS: readonly Kind[] = ['spec', 'bare-spec', 'broadside', 'bare'];

/** Whether a configuration's players speak the SPEC dialect (no `protocol` in the handshake). */
export const specKind = (kind: Kind): boolean => kind === 'spec' || kind === 'bare-spec' || kind === 'before-spec';

export interface CapacityResult {
  readonly server: Kind;
  /** The configuration as printed (the baseline's with its commit). */
  readonly label: string;
  readonly shotsPerSecond: number;
  /** Shots per second of the server's own CPU time: what one whole core would do, however busy the machine. */
  readonly shotsPerCpuSecond: number;
  readonly gamesPerSecond: number;
  /** Games per second of the server's own CPU time (the issue's goal: ≥ 80 on the SPEC dialect). */
  readonly gamesPerCpuSecond: number;
  /** Shots both players fired a game, over every game of the run (hunt/target shooters, table.ts: about 100). */
  readonly shotsPerGame: number;
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
  /** Mean shots and games per server CPU-second of each configuration measured. */
  readonly shotsPerCpuSecond: Partial<Record<Kind, number>>;
  readonly gamesPerCpuSecond: Partial<Record<Kind, number>>;
  /** Per dialect, ours / bare per CPU-second (goal ≥ 0.75) and ours / before; null when one side is missing. */
  readonly spec: { readonly vsBare: number | null; readonly vsBefore: number | null };
  readonly broadside: { readonly vsBare: number | null; readonly vsBefore: number | null };
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function summarize(results: readonly CapacityResult[]): Summary {
  const mean: Partial<Record<Kind, number>> = {};
  const games: Partial<Record<Kind, number>> = {};
  for (const kind of new Set(results.map((r) => r.server))) {
    const mine = results.filter((r) => r.server === kind);
    mean[kind] = Math.round(mine.reduce((n, r) => n + r.shotsPerCpuSecond, 0) / mine.length);
    games[kind] = Math.round((mine.reduce((n, r) => n + r.gamesPerCpuSecond, 0) / mine.length) * 10) / 10;
  }
  const ratio = (a?: number, b?: number): number | null => (a && b ? round2(a / b) : null);
  return {
    shotsPerCpuSecond: mean,
    gamesPerCpuSecond: games,
    spec: { vsBare: ratio(mean.spec, mean['bare-spec']), vsBefore: ratio(mean.spec, mean['before-spec']) },
    broadside: { vsBare: ratio(mean.broadside, mean.bare), vsBefore: ratio(mean.broadside, mean.before) },
  };
}

const verdict = (ratio: number | null, goal: number): string =>
  ratio === null ? 'not measured' : `${ratio} (goal ≥ ${goal} ${ratio >= goal ? 'met' : 'MISSED'})`;

export function printReport(results: readonly CapacityResult[], summary: Summary): void {
  console.log(
    'server          frames/shot  bytes/shot  CPU µs/shot  shots/CPU-s  games/CPU-s  server CPU  shots/s  games/s  p50 ms   p99 ms  gen CPU  errors',
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(15)} ${r.framesPerShot.toFixed(2).padStart(11)} ${String(r.bytesPerShot).padStart(11)} ` +
        `${String(Math.round(1e6 / Math.max(1, r.shotsPerCpuSecond))).padStart(12)} ${String(r.shotsPerCpuSecond).padStart(12)} ` +
        `${r.gamesPerCpuSecond.toFixed(1).padStart(12)} ` +
        `${`${Math.round(r.serverCpu * 100)}%`.padStart(11)} ${String(r.shotsPerSecond).padStart(8)} ` +
        `${r.gamesPerSecond.toFixed(1).padStart(8)} ${r.shootMs.p50.toFixed(2).padStart(7)} ${r.shootMs.p99.toFixed(2).padStart(8)} ` +
        `${`${Math.round(r.generatorCpu * 100)}%`.padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
  const means = Object.entries(summary.shotsPerCpuSecond).map(([k, v]) => `${k} ${v}`);
  console.log(`mean shots per server CPU-second: ${means.join(', ')}`);
  const games = Object.entries(summary.gamesPerCpuSecond).map(([k, v]) => `${k} ${v}`);
  console.log(`mean games per server CPU-second: ${games.join(', ')}`);
  const specGames = summary.gamesPerCpuSecond.spec;
  console.log(
    `spec / bare-spec: ${verdict(summary.spec.vsBare, 0.75)}; spec games per CPU-second: ${
      specGames === undefined ? 'not measured' : `${specGames} (goal ≥ 80 ${specGames >= 80 ? 'met' : 'MISSED'})`
    }; spec / before-spec: ${summary.spec.vsBefore ?? 'not measured'}`,
  );
  console.log(
    `broadside / bare: ${verdict(summary.broadside.vsBare, 0.75)}; broadside / before: ${summary.broadside.vsBefore ?? 'not measured'}`,
  );
}
