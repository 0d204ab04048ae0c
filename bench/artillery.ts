/**
 * `npm run bench:artillery`: the Artillery engine (packages/artillery-engine-broadside) against
 * `broadside load` on the same server, side by side, so their figures can be compared: games/s,
 * shoot p99 and errors of each, alternating `--rounds` times on a fresh compiled server each.
 * Both run the same closed model: `--concurrency` lanes playing `--games` games in all, with
 * rematches half the time. The server runs alone on CPU 1 (taskset) and each generator on CPU 0.
 * Memory per game is the server process's peak resident size during a run above its size before,
 * divided by the games in flight (the original server's PostgreSQL and Redis are not counted).
 * Artillery is the one the engine's tests install (tests/support/artillery.ts); the server is
 * `--server original` for the original one (needs what the interop suite needs).
 *
 *   npm run bench:artillery -- [--games 600] [--concurrency 40] [--rounds 2] [--server ours|original] [--json]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadReport } from '../cli/load/run';
import { buildEngine, prepareArtillery, runArtillery } from '../tests/support/artillery';
import { prepareOriginal, startOriginalServer } from '../tests/support/original';
import { freePort, runLoadJson, stop, waitForHttp } from './child';
import { pinSelf, planPinning } from './pin';
import { benchServerEnv, buildServer, serverEntry } from './server-entry';
import { numberFlags } from './flags';

const args = process.argv.slice(2);
const numberFlag = numberFlags(args);
function flag(name: string, fallback: number): number {
  return numberFlag(name, fallback, { whole: true });
}
const games = flag('--games', 600);
const concurrency = flag('--concurrency', 40);
const rounds = flag('--rounds', 2);
const json = args.includes('--json');
const target = args.includes('original') ? 'original' : 'ours';
if (games % concurrency !== 0) {
  console.error('--games must be a multiple of --concurrency (Artillery runs the same number of games per lane)');
  process.exit(2);
}

interface Row {
  readonly tool: 'broadside load' | 'artillery';
  readonly games: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  readonly shootP50: number;
  readonly shootP99: number;
  readonly errors: number;
  /** The server process's resident memory at its peak during the run, above its idle size, per game in flight (KB). */
  readonly rssKbPerGame: number;
  readonly load: string;
}

/** Resident memory of a process, KB (0 when it cannot be read). */
function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The process listening on `port` (the original server runs under the interop harness). */
function pidOnPort(port: string): number {
  const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`]).toString();
  return Number(/pid=(\d+)/.exec(out)?.[1] ?? 0);
}

/** Samples the server's memory every second while `run` goes on: idle before, peak during. */
async function watchMemory<T>(
  url: string,
  run: () => Promise<T>,
): Promise<{ value: T; idleKb: number; peakKb: number }> {
  const pid = pidOnPort(new URL(url).port);
  const idleKb = rssKb(pid);
  let peakKb = idleKb;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, rssKb(pid));
  }, 1000);
  try {
    return { value: await run(), idleKb, peakKb };
  } finally {
    clearInterval(timer);
  }
}

const pins = planPinning();

async function viaLoad(url: string): Promise<Row> {
  const { value, idleKb, peakKb } = await watchMemory(url, () => loadRun(url));
  return { ...value, rssKbPerGame: Math.round((peakKb - idleKb) / concurrency) };
}

async function loadRun(url: string): Promise<Omit<Row, 'rssKbPerGame'>> {
  // Children inherit this process's CPU (pinned below); the server is pinned apart by serverEntry.
  const loadArgs = [
    '--games',
    String(games),
    '--concurrency',
    String(concurrency),
    '--rematch',
    '0.5',
    '--workers',
    '1',
  ];
  const report = await runLoadJson<LoadReport>(url, loadArgs, 15 * 60_000);
  return {
    tool: 'broadside load',
    games: report.completed,
    seconds: report.seconds,
    gamesPerSecond: report.gamesPerSecond,
    shootP50: report.latencyMs.shoot?.p50 ?? Number.NaN,
    shootP99: report.latencyMs.shoot?.p99 ?? Number.NaN,
    errors: report.errors,
    load: loadavg()[0]?.toFixed(1) ?? '',
  };
}

async function viaArtillery(bin: string, url: string): Promise<Row> {
  const { value, idleKb, peakKb } = await watchMemory(url, () => artilleryRun(bin, url));
  return { ...value, rssKbPerGame: Math.round((peakKb - idleKb) / concurrency) };
}

async function artilleryRun(bin: string, url: string): Promise<Omit<Row, 'rssKbPerGame'>> {
  const dir = mkdtempSync(join(tmpdir(), 'broadside-bench-artillery-'));
  const script = join(dir, 'closed.yml');
  // JSON is YAML: `concurrency` virtual users arrive within a second, each plays games/concurrency games.
  writeFileSync(
    script,
    JSON.stringify({
      config: {
        target: url,
        engines: { broadside: {} },
        broadside: { rematch: 0.5 },
        phases: [{ duration: 1, arrivalCount: concurrency }],
      },
      scenarios: [{ engine: 'broadside', flow: [{ loop: [{ game: {} }], count: games / concurrency }] }],
    }),
  );
  const started = Date.now();
  // The launcher's own start (a second or two) is not the server's: timed from the first metric.
  const run = await runArtillery(bin, script, url, { timeoutMs: 15 * 60_000 });
  rmSync(dir, { recursive: true, force: true });
  const report = run.report;
  if (!report) throw new Error(`artillery run failed after ${Date.now() - started} ms:\n${run.output}`);
  const { counters, summaries } = report.aggregate;
  const periods = (report as unknown as { intermediate: { firstMetricAt: number; lastMetricAt: number }[] })
    .intermediate;
  const seconds =
    (Math.max(...periods.map((p) => p.lastMetricAt)) - Math.min(...periods.map((p) => p.firstMetricAt))) / 1000;
  const done = counters['broadside.games'] ?? 0;
  return {
    tool: 'artillery',
    games: done,
    seconds: Math.round(seconds * 100) / 100,
    gamesPerSecond: Math.round((done / seconds) * 100) / 100,
    shootP50: summaries['broadside.shoot']?.p50 ?? Number.NaN,
    shootP99: summaries['broadside.shoot']?.p99 ?? Number.NaN,
    errors: Object.entries(counters)
      .filter(([name]) => name.startsWith('errors.'))
      .reduce((n, [, v]) => n + v, 0),
    load: loadavg()[0]?.toFixed(1) ?? '',
  };
}

async function withServer<T>(run: (url: string) => Promise<T>): Promise<T> {
  if (target === 'original') {
    const original = await startOriginalServer(prepareOriginal());
    // Started from this process, it inherited the generator's CPU: moved onto the server's.
    if (pins) execFileSync('taskset', ['-a', '-p', '-c', pins.servers, String(pidOnPort(new URL(original.url).port))]);
    try {
      return await run(original.url);
    } finally {
      await original.stop();
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-bench-artillery-data-'));
  const port = await freePort();
  const child = serverEntry(benchServerEnv(port, dataDir, { SIGNUPS_PER_ADDRESS: '0' }), pins?.servers);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/health`);
    return await run(`http://127.0.0.1:${port}`);
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildServer();
buildEngine();
const bin = prepareArtillery();
if (pins) pinSelf(pins.client);
const rows: Row[] = [];
for (let round = 0; round < rounds; round++) {
  rows.push(await withServer(viaLoad));
  rows.push(await withServer((url) => viaArtillery(bin, url)));
}
if (json) console.log(JSON.stringify({ games, concurrency, target, pinning: pins, rows, loadAverage: loadavg() }));
else {
  console.log(
    `bench:artillery — ${target} server${pins ? ` on CPU ${pins.servers}, generator on CPU ${pins.client}` : ''}; ${games} games, ${concurrency} lanes, rematch 0.5`,
  );
  console.log('tool            games  seconds  games/s  shoot p50  shoot p99  errors  KB/game  load(1 min)');
  for (const r of rows) {
    console.log(
      `${r.tool.padEnd(15)} ${String(r.games).padStart(5)} ${r.seconds.toFixed(1).padStart(8)} ${r.gamesPerSecond.toFixed(1).padStart(8)} ` +
        `${r.shootP50.toFixed(2).padStart(10)} ${r.shootP99.toFixed(2).padStart(10)} ${String(r.errors).padStart(7)} ${String(r.rssKbPerGame).padStart(8)} ${r.load.padStart(12)}`,
    );
  }
  const mean = (tool: Row['tool'], pick: (r: Row) => number): number => {
    const mine = rows.filter((r) => r.tool === tool);
    return mine.reduce((n, r) => n + pick(r), 0) / mine.length;
  };
  const ratio = (pick: (r: Row) => number): string =>
    (mean('artillery', pick) / mean('broadside load', pick)).toFixed(2);
  console.log(
    `artillery / broadside load: games/s ${ratio((r) => r.gamesPerSecond)}, shoot p99 ${ratio((r) => r.shootP99)}`,
  );
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}
