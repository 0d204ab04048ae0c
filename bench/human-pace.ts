import { METRICS_JSON } from '../src/protocol';
/**
 * `npx tsx bench/human-pace.ts`: our server at human pace (every player thinks `--pace` ms before
 * each shot) with `--games` games in flight at once, once per variant, side by side: the levers of
 * issue 24 item 2 switched one at a time. The compiled server runs pinned to CPU 1 with
 * `--trace-gc`; `broadside load` (one worker) plays on CPU 0. The players' accounts are seeded into
 * the server's database before it starts (bench/seed-accounts.ts) and play by token, so no
 * argon2id hashing happens during the run. Lanes rematch on their sockets, and the load stops at
 * the end of the steady part (`--duration`): from `--ramp` + 15 s, `--steady` s long, every game
 * in flight. Over it the bench prints the shoot p99 (median and worst 10-s interval), the
 * event-loop max (GET /metrics, per second), full GC cycles and scavenges, the main-thread marking
 * per cycle, bytes allocated per shot, and the live heap per game.
 *
 *   npx tsx bench/human-pace.ts [--games 2000] [--ramp 60] [--pace 2000] [--steady 90] [--rounds 1]
 *     [--variants slim,stgc,semi64,unpinned,pool1,cm1,nocm,slim@<commit>] [--jitters 0,0.5]
 *
 * `--jitters` runs every variant once per think-time jitter (`broadside load --jitter`: each think
 * drawn from pace × (1 ± share)); 0, every player thinks exactly `--pace`, is the default.
 *
 * `name@commit` runs variant `name` on the server built as it was at `commit` (bench/commit-build.ts):
 * a code lever against the code before it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadReport } from '../cli/load/run';
import { freePort, runLoadJson, stop, waitForHttp } from './child';
import { buildServerAt } from './commit-build';
import { type GcEvent, gcFigures, parseGcLine } from './gc-trace';
import { pinSelf, planPinning } from './pin';
import { benchServerEnv, buildServer, COMPILED_ENTRY } from './server-entry';
import { numberFlags } from './flags';
import { seedAccounts } from './seed-accounts';
import { loadAverages } from './stats';

const args = process.argv.slice(2);
const flag = numberFlags(args);
const games = Math.round(flag('--games', 2000));
const ramp = flag('--ramp', 60);
const pace = flag('--pace', 2000);
const steady = flag('--steady', 90);
const rounds = Math.round(flag('--rounds', 1));
const variantArg = args.indexOf('--variants');
const jitterArg = args.indexOf('--jitters');
const jitters = (jitterArg >= 0 ? (args[jitterArg + 1] ?? '') : '0').split(',').map(Number);
if (jitters.some((j) => !(j >= 0 && j <= 1))) {
  console.error('--jitters: shares from 0 to 1, e.g. 0,0.5');
  process.exit(2);
}

/**
 * A lever: node flags and environment of the server, the build it runs (today's unless `entry`),
 * and whether it is pinned to its own CPU (default) or free to run on every CPU (`pinned: false`:
 * V8's marking and scavenging helper threads may then run beside JavaScript instead of taking
 * turns with it; the load stays on CPU 0, so the server's main thread still has one core to itself
 * most of the time, as on a node given two CPUs: docs/deploy.md).
 */
interface Variant {
  readonly name: string;
  readonly node: readonly string[];
  readonly env: Record<string, string>;
  readonly entry?: string;
  readonly pinned?: boolean;
}
const STGC = '--single-threaded-gc';
const semi = (mb: number): string => `--max-semi-space-size=${mb}`;
const VARIANTS: Record<string, Omit<Variant, 'name'>> = {
  baseline: { node: [], env: { SOCKET_SLIM_REQUESTS: '0' } },
  slim: { node: [], env: {} },
  stgc: { node: [STGC], env: {} },
  semi16: { node: [semi(16)], env: {} },
  semi64: { node: [semi(64)], env: {} },
  'stgc+semi64': { node: [STGC, semi(64)], env: {} },
  unpinned: { node: [], env: {}, pinned: false },
  // V8's helpers on a shared core: one platform thread, one concurrent marker, or none.
  pool1: { node: ['--v8-pool-size=1'], env: {} },
  cm1: { node: ['--concurrent-marking-max-worker-num=1'], env: {} },
  nocm: { node: ['--no-concurrent-marking'], env: {} },
};
const chosen = (variantArg >= 0 ? (args[variantArg + 1] ?? '') : 'slim,stgc,semi64').split(',');
const builds = new Map<string, string>();
const variants: Variant[] = chosen.map((spec) => {
  const [name = '', commit] = spec.split('@');
  const v = VARIANTS[name];
  if (!v) {
    console.error(`unknown variant ${name} (${Object.keys(VARIANTS).join(', ')}; name@commit for another build)`);
    process.exit(2);
  }
  if (commit && !builds.has(commit)) builds.set(commit, buildServerAt(commit));
  return { name: spec, ...v, ...(commit ? { entry: builds.get(commit) } : {}) };
});

interface Metrics {
  eventLoopDelayMs: { recent: { at: number; max: number }[] };
  memory: { heapUsedBytes: number };
  rooms: number;
  sockets: number;
}

/** CPU time (user + system, all threads) process `pid` has used so far, ms; NaN where /proc is missing. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the ")": state is field 3, so utime (14) and stime (15) are at 11 and 12; 100 ticks a second.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Row {
  readonly variant: string;
  readonly completed: number;
  readonly errors: number;
  readonly errorsByCode: Record<string, number>;
  readonly peakSockets: number;
  /** Shots answered per second over the window (the load offers one per game every `--pace` ms). */
  readonly shotsPerSecond: number;
  /** The server's CPU time per shot over the window, and the share of one core it used. */
  readonly cpuMsPerShot: number;
  readonly coreShare: number;
  /** The share of one core the load generator used over the window: near 1, its own delays are in the p99. */
  readonly loadCoreShare: number;
  readonly shootP99Median: number;
  readonly shootP99Worst: number;
  readonly loopMaxMs: number;
  readonly fullCycles: number;
  readonly scavenges: number;
  readonly markMsMean: number;
  readonly markMsMax: number;
  readonly scavengeMsMean: number;
  readonly allocKbPerShot: number;
  readonly liveKbPerGame: number;
  readonly loadBefore: string;
  readonly load: string;
}

async function measure(variant: Variant, jitter: number, cpu: string | undefined): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-human-pace-'));
  const tokens = await seedAccounts(dataDir, 2 * games);
  const loadBefore = loadavg()[0]?.toFixed(1) ?? '';
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const node = ['--trace-gc', ...variant.node, variant.entry ?? COMPILED_ENTRY];
  const env = { ...process.env, ...benchServerEnv(port, dataDir, { SIGNUPS_PER_ADDRESS: '0', ...variant.env }) };
  const pin = variant.pinned === false ? undefined : cpu;
  const [command, argv] = pin ? ['taskset', ['-c', pin, process.execPath, ...node]] : [process.execPath, node];
  const server = spawn(command, argv, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const spawnedAt = Date.now();
  const gc: GcEvent[] = [];
  let partial = '';
  server.stdout.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const e = parseGcLine(line);
      if (e) gc.push(e);
    }
  });
  const samples: { at: number; metrics: Metrics }[] = [];
  try {
    await waitForHttp(`${url}/health`);
    const poll = setInterval(async () => {
      try {
        samples.push({
          at: Date.now(),
          metrics: (await (await fetch(`${url}/metrics`, { headers: METRICS_JSON })).json()) as Metrics,
        });
      } catch {}
    }, 5000);
    const loadStart = Date.now();
    // The load report's 10-s intervals that lie wholly in the window count, so it starts on one.
    const from = Math.ceil((ramp + 15) / 10) * 10;
    const to = from + steady;
    const cpu: number[] = [];
    const loadCpu: number[] = [];
    let loadPid: number | undefined;
    const cpuTimers = [from, to].map((s) =>
      setTimeout(() => {
        cpu.push(cpuMs(server.pid));
        loadCpu.push(cpuMs(loadPid));
      }, s * 1000),
    );
    // Lanes rematch on their open sockets, so 2 × games sockets stay connected until `--duration` ends the run.
    const loadArgs = [
      ...['--games', String(100 * games), '--concurrency', String(games), '--ramp', String(ramp)],
      ...['--duration', String(to + 5), '--rematch', '1', '--tokens', tokens],
      ...['--pace', String(pace), '--jitter', String(jitter)],
      ...['--strategy', 'hunt', '--workers', '1', '--timeout', '120'],
    ];
    const report = await runLoadJson<LoadReport>(url, loadArgs, (to + 300) * 1000, (pid) => {
      loadPid = pid;
    });
    clearInterval(poll);
    for (const t of cpuTimers) clearTimeout(t);
    const cpuInWindow = (cpu[1] ?? Number.NaN) - (cpu[0] ?? Number.NaN);
    const inWindow = report.intervals.filter((i) => i.startSecond >= from && i.startSecond + i.seconds <= to);
    const p99s = inWindow.map((i) => i.latencyMs.shoot?.p99 ?? 0).sort((a, b) => a - b);
    const shots = inWindow.reduce((n, i) => n + (i.latencyMs.shoot?.count ?? 0), 0);
    const [fromMs, toMs] = [loadStart + from * 1000, loadStart + to * 1000];
    const loop = samples.flatMap((s) => s.metrics.eventLoopDelayMs.recent).filter((r) => r.at >= fromMs && r.at < toMs);
    const figures = gcFigures(gc, fromMs - spawnedAt, toMs - spawnedAt);
    const during = samples.filter((s) => s.at >= fromMs && s.at < toMs);
    const rooms = during.map((s) => s.metrics.rooms);
    // Without a full cycle in the window, the smallest heap the server reported stands for the live heap.
    const liveMb = Number.isFinite(figures.liveMb)
      ? figures.liveMb
      : Math.min(...during.map((s) => s.metrics.memory.heapUsedBytes / 2 ** 20));
    const inFlight = rooms.length ? rooms.reduce((a, b) => a + b, 0) / rooms.length : games;
    return {
      variant: jitter ? `${variant.name} ±${Math.round(jitter * 100)}%` : variant.name,
      completed: report.completed,
      errors: report.errors,
      errorsByCode: report.errorsByCode,
      peakSockets: Math.max(0, ...samples.map((s) => s.metrics.sockets)),
      shotsPerSecond: shots / steady,
      cpuMsPerShot: cpuInWindow / Math.max(1, shots),
      coreShare: cpuInWindow / (steady * 1000),
      loadCoreShare: ((loadCpu[1] ?? Number.NaN) - (loadCpu[0] ?? Number.NaN)) / (steady * 1000),
      shootP99Median: p99s[Math.floor(p99s.length / 2)] ?? Number.NaN,
      shootP99Worst: p99s.at(-1) ?? Number.NaN,
      loopMaxMs: Math.max(0, ...loop.map((r) => r.max)),
      fullCycles: figures.fullCycles,
      scavenges: figures.scavenges,
      markMsMean: figures.markMsMean,
      markMsMax: figures.markMsMax,
      scavengeMsMean: figures.scavengeMsMean,
      allocKbPerShot: (figures.allocatedMb * 1024) / Math.max(1, shots),
      liveKbPerGame: (liveMb * 1024) / Math.max(1, inFlight),
      loadBefore,
      load: loadavg()[0]?.toFixed(1) ?? '',
    };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildServer();
console.log(`load average before ${loadAverages()}`);
const pins = planPinning();
if (pins) pinSelf(pins.client);
const rows: Row[] = [];
for (let round = 0; round < rounds; round++) {
  for (const v of variants) {
    for (const jitter of jitters) {
      const row = await measure(v, jitter, pins?.servers);
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
}
console.log(
  `human pace — ${games} games (${2 * games} sockets) in flight, ramp ${ramp} s, pace ${pace} ms, steady window ${steady} s from ${Math.ceil((ramp + 15) / 10) * 10} s; server on CPU ${pins?.servers ?? 'any'} (unpinned variants: any), load on CPU ${pins?.client ?? 'any'}`,
);
console.log(
  'variant          games  errors  sockets  shots/s  CPU ms/shot  core  load core  shoot p99 med/worst  loop max  full GCs  scavenges  scav ms  mark ms mean/max  KB alloc/shot  KB live/game  load before/after',
);
const f = (n: number, d = 1): string => (Number.isFinite(n) ? n.toFixed(d) : '–');
for (const r of rows) {
  console.log(
    `${r.variant.padEnd(15)} ${String(r.completed).padStart(6)} ${String(r.errors).padStart(7)} ${String(r.peakSockets).padStart(8)} ` +
      `${f(r.shotsPerSecond, 0).padStart(8)} ${f(r.cpuMsPerShot, 3).padStart(12)} ${f(r.coreShare, 2).padStart(5)} ${f(r.loadCoreShare, 2).padStart(10)} ` +
      `${`${f(r.shootP99Median)} / ${f(r.shootP99Worst)}`.padStart(20)} ${f(r.loopMaxMs).padStart(9)} ${String(r.fullCycles).padStart(9)} ` +
      `${String(r.scavenges).padStart(10)} ${f(r.scavengeMsMean).padStart(8)} ${`${f(r.markMsMean)} / ${f(r.markMsMax)}`.padStart(17)} ` +
      `${f(r.allocKbPerShot).padStart(14)} ${f(r.liveKbPerGame).padStart(13)} ${`${r.loadBefore} / ${r.load}`.padStart(18)}`,
  );
}
console.log(`load average after ${loadAverages()}`);
