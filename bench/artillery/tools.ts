import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LoadReport } from '../../cli/load/run';
import { runArtillery } from '../../tests/support/artillery';
import { CpuFollower } from './cpu';

export type ToolName = 'load' | 'artillery';

/** A closed model: `concurrency` lanes play `games` games in all, rematching half the time. */
export interface Workload {
  readonly games: number;
  readonly concurrency: number;
  readonly timeoutMs: number;
}

/** What one tool measured over its games phase (after every lane's players were signed up and logged in). */
export interface ToolResult {
  readonly games: number;
  readonly errors: number;
  readonly errorsByCode: Record<string, number>;
  /** From "accounts ready" to the last game. */
  readonly seconds: number;
  readonly gamesPerSecond: number;
  /** Shots per game tell whether the two servers' games are the same work (the SPEC dialect keeps the turn on a hit). */
  readonly shotsPerGame: number;
  readonly shootP50: number;
  readonly shootP99: number;
  /** The sign-ups and logins before the games. */
  readonly accountsSeconds: number;
  readonly endedAt: number;
  /** CPU time the tool's process used over the games phase, ms. */
  readonly toolCpuMs: number;
}

/** Both tools print this line once the players exist (docs/cli.md, `--accounts-first`; the engine's `pairs`). */
const READY = /accounts ready: (\d+) players/;

const ROOT = resolve(import.meta.dirname, '../..');
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Calls `onReady` once, when a chunk of output carries the ready line. */
function readyWatcher(onReady: () => void): (chunk: string) => void {
  let seen = false;
  let tail = '';
  return (chunk) => {
    if (seen) return;
    tail = (tail + chunk).slice(-400);
    if (READY.test(tail)) {
      seen = true;
      onReady();
    }
  };
}

/** `broadside load --accounts-first --json --quiet` with one worker, in its own process. */
export function runLoadTool(url: string, work: Workload, onReady: () => void): Promise<ToolResult> {
  const startedAt = Date.now();
  const args = [
    join(ROOT, 'cli/bin.mjs'),
    'load',
    '--server',
    url,
    ...['--games', String(work.games), '--concurrency', String(work.concurrency)],
    ...['--rematch', '0.5', '--workers', '1', '--accounts-first', '--json', '--quiet'],
  ];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const cpu = new CpuFollower(child.pid ?? 0);
    let cpuAtReady = 0;
    let out = '';
    let err = '';
    const watch = readyWatcher(() => {
      cpuAtReady = cpu.read();
      onReady();
    });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      watch(d.toString());
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), work.timeoutMs);
    child.on('error', fail);
    child.on('exit', () => {
      clearTimeout(timer);
      const toolCpuMs = cpu.stop() - cpuAtReady;
      const endedAt = Date.now();
      try {
        const report = JSON.parse(out.trim().split('\n').pop() ?? '') as LoadReport;
        const accountsSeconds = report.accounts?.seconds ?? 0;
        done({
          games: report.completed,
          errors: report.errors,
          errorsByCode: report.errorsByCode,
          seconds: round2(report.seconds - accountsSeconds),
          gamesPerSecond: report.gamesPerSecond,
          shotsPerGame: round2((report.latencyMs.shoot?.count ?? 0) / Math.max(report.completed, 1)),
          shootP50: report.latencyMs.shoot?.p50 ?? Number.NaN,
          shootP99: report.latencyMs.shoot?.p99 ?? Number.NaN,
          accountsSeconds,
          endedAt: Math.min(endedAt, startedAt + report.seconds * 1000),
          toolCpuMs,
        });
      } catch {
        fail(new Error(`broadside load printed no report (after ${endedAt - startedAt} ms): ${err.slice(-800)}`));
      }
    });
  });
}

/**
 * `artillery run` of the engine on the same closed model: `concurrency` virtual users arrive in one
 * second, each looping games/concurrency games; one Artillery worker (WORKERS=1) signs up and logs
 * in all `concurrency` pairs first (the engine's `pairs`), like `broadside load --accounts-first`.
 * Games/s runs from the ready line to Artillery's last metric.
 */
export async function runArtilleryTool(
  bin: string,
  url: string,
  work: Workload,
  onReady: () => void,
): Promise<ToolResult> {
  const dir = mkdtempSync(join(tmpdir(), 'broadside-bench-artillery-'));
  const script = join(dir, 'closed.yml');
  // JSON is YAML.
  writeFileSync(
    script,
    JSON.stringify({
      config: {
        target: url,
        engines: { broadside: {} },
        broadside: { rematch: 0.5, pairs: work.concurrency },
        phases: [{ duration: 1, arrivalCount: work.concurrency }],
      },
      scenarios: [{ engine: 'broadside', flow: [{ loop: [{ game: {} }], count: work.games / work.concurrency }] }],
    }),
  );
  const startedAt = Date.now();
  let readyAt = 0;
  // Set from a callback: a holder, so the type checker does not narrow it to its first value.
  const follow: { cpu: CpuFollower | null } = { cpu: null };
  let cpuAtReady = 0;
  const watch = readyWatcher(() => {
    readyAt = Date.now();
    cpuAtReady = follow.cpu?.read() ?? 0;
    onReady();
  });
  try {
    const run = await runArtillery(bin, script, url, {
      timeoutMs: work.timeoutMs,
      env: { WORKERS: '1' },
      onOutput: watch,
      onSpawn: (pid) => {
        follow.cpu = new CpuFollower(pid);
      },
    });
    const toolCpuMs = (follow.cpu?.stop() ?? 0) - cpuAtReady;
    const report = run.report;
    if (!report || !readyAt)
      throw new Error(`artillery run failed after ${Date.now() - startedAt} ms:\n${run.output.slice(-1500)}`);
    const { counters, summaries } = report.aggregate;
    const periods = (report as unknown as { intermediate: { lastMetricAt: number }[] }).intermediate;
    const lastAt = Math.max(...periods.map((p) => p.lastMetricAt));
    const seconds = (lastAt - readyAt) / 1000;
    const done = counters['broadside.games'] ?? 0;
    const errorsByCode = Object.fromEntries(
      Object.entries(counters)
        .filter(([name]) => name.startsWith('errors.'))
        .map(([name, n]) => [name.slice('errors.'.length), n]),
    );
    return {
      games: done,
      errors: Object.values(errorsByCode).reduce((n, v) => n + v, 0),
      errorsByCode,
      seconds: round2(seconds),
      gamesPerSecond: round2(done / seconds),
      shotsPerGame: round2((counters['broadside.shots'] ?? 0) / Math.max(done, 1)),
      shootP50: summaries['broadside.shoot']?.p50 ?? Number.NaN,
      shootP99: summaries['broadside.shoot']?.p99 ?? Number.NaN,
      accountsSeconds: round2((readyAt - startedAt) / 1000),
      endedAt: lastAt,
      toolCpuMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
