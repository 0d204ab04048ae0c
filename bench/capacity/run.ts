/**
 * `npm run bench:capacity`: how many shots per second one CPU core sustains, for our server next
 * to a bare socket.io server that sends the same frames per shot (bare-server.ts), in one command.
 * Each server runs alone on CPU 1 (taskset) while this generator runs on CPU 0, so neither steals
 * the other's core; `--tables` games are in flight at once (two players each, shooting as soon as
 * the server tells them it is their turn), `--warmup` seconds are played before `--seconds` are
 * measured. Prints shots/s, games/s and shoot acknowledgement percentiles for both, the CPU each
 * server used (near 100% means the server, not the generator, was the limit) and the ratio.
 *
 *   npm run bench:capacity -- [--tables 64] [--seconds 20] [--warmup 5] [--rounds 1] [--json]
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtDecode } from 'jwt-decode';
import { ApiClient, type TokenPayload } from '../../src/protocol';
import { freePort, stop, waitForHttp } from '../child';
import { limit } from '../limit';
import { pinSelf } from '../pin';
import { benchServerEnv, buildBenchServer, buildServer, serverEntry, spawnJs } from '../server-entry';
import { type SeatLogin, Table, Tally } from './table';
import { numberFlags } from '../flags';

const args = process.argv.slice(2);
const flag = numberFlags(args);
const tables = Math.round(flag('--tables', 64));
const seconds = flag('--seconds', 20);
const warmup = flag('--warmup', 5);
const rounds = Math.round(flag('--rounds', 1));
const json = args.includes('--json');

type Kind = 'bare' | 'broadside';

export interface CapacityResult {
  readonly server: Kind;
  readonly shotsPerSecond: number;
  /** Shots per second of the server's own CPU time: what one whole core would do, however busy the machine. */
  readonly shotsPerCpuSecond: number;
  readonly gamesPerSecond: number;
  readonly shootMs: { readonly p50: number; readonly p99: number; readonly max: number };
  /** Share of one core the server used while measured (1 = saturated). */
  readonly serverCpu: number;
  readonly generatorCpu: number;
  readonly framesPerShot: number;
  readonly bytesPerShot: number;
  readonly errors: number;
}

function pinning(): { generator: string; server: string } | null {
  if (availableParallelism() < 2) return null;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return { generator: '0', server: '1' };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Two accounts and a room on our server for every table (signed up before anything is measured). */
async function broadsideSeats(url: string): Promise<{ slug: string; logins: [SeatLogin, SeatLogin] }[]> {
  const account = async (name: string): Promise<{ login: SeatLogin; api: ApiClient; id: string }> => {
    const api = new ApiClient({ baseUrl: url });
    const email = `${name}@capacity.test`;
    await api.signUp({ username: name, email, password: 'capacity bench' });
    const { access_token: token } = await api.login({ email, password: 'capacity bench' });
    const id = jwtDecode<TokenPayload>(token).id;
    return { login: { query: { token }, userId: id }, api: new ApiClient({ baseUrl: url, token }), id };
  };
  const out: { slug: string; logins: [SeatLogin, SeatLogin] }[] = [];
  await limit(
    Array.from({ length: tables }, (_, i) => i),
    8,
    async (i) => {
      const [a, b] = await Promise.all([account(`cap_${i}_a`), account(`cap_${i}_b`)]);
      const { slug } = await a.api.createRoom({ userId: a.id, username: `cap_${i}_a`, socketId: null });
      out[i] = { slug, logins: [a.login, b.login] };
    },
  );
  return out;
}

/** The bare server trusts the query: ids and names as long as ours, so the frames weigh the same. */
function bareSeats(round: number): { slug: string; logins: [SeatLogin, SeatLogin] }[] {
  const seat = (name: string): SeatLogin => {
    const userId = randomUUID();
    return { query: { userId, username: name }, userId };
  };
  return Array.from({ length: tables }, (_, i) => ({
    slug: `r${round}-t${i}`,
    logins: [seat(`cap_${i}_a`), seat(`cap_${i}_b`)],
  }));
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(kind: Kind, cpu: string | undefined, round: number): Promise<CapacityResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-capacity-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child =
    kind === 'bare'
      ? spawnJs(bareServer, { PORT: String(port) }, cpu)
      : serverEntry(
          // Every table signs two accounts up from this one address.
          benchServerEnv(port, dataDir, { SIGNUPS_PER_ADDRESS: '0' }),
          cpu,
        );
  const tally = new Tally();
  const open: Table[] = [];
  try {
    await waitForHttp(kind === 'bare' ? `${url}/socket.io/?EIO=4&transport=polling` : `${url}/health`);
    const seats = kind === 'bare' ? bareSeats(round) : await broadsideSeats(url);
    await limit(seats, 16, async (seat, i) => {
      const table = new Table(tally, 1000 * round + i);
      open.push(table);
      await table.open(url, seat.slug, seat.logins);
    });
    await sleep(warmup * 1000);
    const pid = child.pid ?? 0;
    const before = { cpu: cpuSeconds(pid), own: process.cpuUsage(), at: performance.now() };
    const received = open.reduce((n, t) => n + t.received().frames, 0);
    const bytes = open.reduce((n, t) => n + t.received().bytes, 0);
    tally.measuring = true;
    await sleep(seconds * 1000);
    tally.measuring = false;
    const elapsed = (performance.now() - before.at) / 1000;
    const serverCpu = (cpuSeconds(pid) - before.cpu) / elapsed;
    const own = process.cpuUsage(before.own);
    const frames = open.reduce((n, t) => n + t.received().frames, 0) - received;
    const bytesNow = open.reduce((n, t) => n + t.received().bytes, 0) - bytes;
    tally.stopping = true;
    const ms = (us: number): number => Math.round(us) / 1000;
    return {
      server: kind,
      shotsPerSecond: Math.round(tally.shots / elapsed),
      shotsPerCpuSecond: Math.round(tally.shots / Math.max(0.001, serverCpu * elapsed)),
      gamesPerSecond: Math.round((tally.games / elapsed) * 10) / 10,
      shootMs: {
        p50: ms(tally.shoot.getValueAtPercentile(50)),
        p99: ms(tally.shoot.getValueAtPercentile(99)),
        max: ms(tally.shoot.maxValue),
      },
      serverCpu: Math.round(serverCpu * 100) / 100,
      generatorCpu: Math.round(((own.user + own.system) / 1e6 / elapsed) * 100) / 100,
      framesPerShot: Math.round((frames / Math.max(1, tally.shots)) * 100) / 100,
      bytesPerShot: Math.round(bytesNow / Math.max(1, tally.shots)),
      errors: tally.errors,
    };
  } finally {
    for (const t of open) t.close();
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Both servers run as plain JavaScript, ours exactly as `npm start` runs it.
buildServer();
const bareServer = buildBenchServer('bench/capacity/bare-server.ts', 'bare-server');
const pins = pinning();
if (pins) pinSelf(pins.generator);
const results: CapacityResult[] = [];
for (let round = 0; round < rounds; round++) {
  for (const kind of ['bare', 'broadside'] as const) results.push(await measure(kind, pins?.server, round));
}
const total = (kind: Kind, pick: (r: CapacityResult) => number): number => {
  const mine = results.filter((r) => r.server === kind);
  return mine.reduce((n, r) => n + pick(r), 0) / mine.length;
};
const ratioOf = (pick: (r: CapacityResult) => number): number =>
  Math.round((total('broadside', pick) / total('bare', pick)) * 100) / 100;
const ratio = ratioOf((r) => r.shotsPerSecond);
const cpuRatio = ratioOf((r) => r.shotsPerCpuSecond);
const worstP99 = Math.max(...results.filter((r) => r.server === 'broadside').map((r) => r.shootMs.p99));
const load = loadavg().map((n) => n.toFixed(2));
if (json) {
  console.log(JSON.stringify({ tables, seconds, warmup, pinning: pins, results, ratio, cpuRatio, loadAverage: load }));
} else {
  console.log(
    `bench:capacity — ${pins ? `server on CPU ${pins.server}, generator on CPU ${pins.generator}` : 'not pinned (one CPU or no taskset)'}; ` +
      `${tables} games in flight, ${warmup} s warm-up, ${seconds} s measured, ${rounds} round(s)`,
  );
  console.log(
    'server       shots/s  games/s  shoot p50   p99      max   server CPU  shots/CPU-s  generator CPU  frames/shot  bytes/shot  errors',
  );
  for (const r of results) {
    console.log(
      `${r.server.padEnd(10)} ${String(r.shotsPerSecond).padStart(9)} ${r.gamesPerSecond.toFixed(1).padStart(8)} ` +
        `${r.shootMs.p50.toFixed(2).padStart(9)} ${r.shootMs.p99.toFixed(2).padStart(7)} ${r.shootMs.max.toFixed(1).padStart(8)} ` +
        `${`${Math.round(r.serverCpu * 100)}%`.padStart(11)} ${String(r.shotsPerCpuSecond).padStart(12)} ` +
        `${`${Math.round(r.generatorCpu * 100)}%`.padStart(14)} ` +
        `${r.framesPerShot.toFixed(2).padStart(12)} ${String(r.bytesPerShot).padStart(11)} ${String(r.errors).padStart(7)}`,
    );
  }
  console.log(
    `ratio broadside/bare shots/s: ${ratio} (goal ≥ 0.75 ${ratio >= 0.75 ? 'met' : 'MISSED'}); ` +
      `broadside shoot p99 ${worstP99} ms (goal ≤ 50 ms ${worstP99 <= 50 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `ratio per CPU-second of the server: ${cpuRatio} (the same comparison, robust to other jobs taking the core)`,
  );
  console.log(`load average ${load.join(' ')}`);
}
