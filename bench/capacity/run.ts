/**
 * `npm run bench:capacity`: how many shots and games one CPU core sustains, side by side in one run, for
 *   - `spec`: our server, its players speaking the SPEC dialect (field events, docs/protocol.md);
 *   - `broadside`: our server, its players speaking broadside/2 (one `state {seq, view}` per change);
 *   - `bare-spec`, `bare`: a bare socket.io server sending the same frames per shot in that
 *     dialect, of the same shape and size (bare-server.ts): the stack's own limit;
 *   - `before-spec`, `before` (only when named in --configs): our server as it was at `--baseline`
 *     (default: main), built from that commit (bench/commit-build.ts).
 * Each server runs alone on CPU 1 (taskset) while this generator runs on CPU 0, so neither steals
 * the other's core; `--tables` games are in flight at once (two players each, shooting as soon as
 * the server tells them it is their turn), `--warmup` seconds are played before `--seconds` are
 * measured; each round measures every configuration once, in an order that turns by one per round.
 * Per configuration: frames and bytes per shot, server CPU per shot, shots per server CPU-second
 * (what one whole core would do however busy the shared machine is), shots/s, shoot p50/p99, errors.
 *
 *   npm run bench:capacity -- [--tables 64] [--seconds 20] [--warmup 5] [--rounds 1]
 *     [--configs spec,bare-spec,broadside,bare,before-spec,before] [--baseline <commit>] [--json]
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtDecode } from 'jwt-decode';
import { ApiClient, type TokenPayload } from '../../src/protocol';
import { BROADSIDE_PROTOCOL } from '../../src/protocol/dialect';
import { freePort, stop, waitForHttp } from '../child';
import { numberFlags } from '../flags';
import { limit } from '../limit';
import { pinSelf } from '../pin';
import { buildServerAt } from '../commit-build';
import { benchServerEnv, buildBenchServer, buildServer, COMPILED_ENTRY, spawnJs } from '../server-entry';
import { type CapacityResult, DEFAULT_KINDS, type Kind, KINDS, printReport, specKind, summarize } from './report';
import { type SeatLogin, Table, Tally } from './table';

const args = process.argv.slice(2);
const flag = numberFlags(args);
const text = (name: string, fallback: string): string => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const tables = Math.round(flag('--tables', 64));
const seconds = flag('--seconds', 20);
const warmup = flag('--warmup', 5);
const rounds = Math.round(flag('--rounds', 1));
const json = args.includes('--json');
const configs = text('--configs', DEFAULT_KINDS.join(','))
  .split(',')
  .map((name) => {
    if (!(KINDS as readonly string[]).includes(name))
      throw new Error(`--configs: unknown ${name} (${KINDS.join(', ')})`);
    return name as Kind;
  });
const baselineCommit = text('--baseline', 'main');

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

/** Two accounts and a room on our server (today's or the baseline's) for every table (signed up before anything is measured). */
async function ourSeats(url: string, spec: boolean): Promise<{ slug: string; logins: [SeatLogin, SeatLogin] }[]> {
  // A SPEC-dialect player names no protocol in its handshake, as the original client.
  const protocol: Record<string, string> = spec ? {} : { protocol: BROADSIDE_PROTOCOL };
  const account = async (name: string): Promise<{ login: SeatLogin; api: ApiClient; id: string }> => {
    const api = new ApiClient({ baseUrl: url });
    const email = `${name}@capacity.test`;
    await api.signUp({ username: name, email, password: 'capacity bench' });
    const { access_token: token } = await api.login({ email, password: 'capacity bench' });
    const id = jwtDecode<TokenPayload>(token).id;
    return {
      login: { query: { token, ...protocol }, userId: id },
      api: new ApiClient({ baseUrl: url, token }),
      id,
    };
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
function bareSeats(round: number, spec: boolean): { slug: string; logins: [SeatLogin, SeatLogin] }[] {
  const protocol: Record<string, string> = spec ? {} : { protocol: BROADSIDE_PROTOCOL };
  const seat = (name: string): SeatLogin => {
    const userId = randomUUID();
    return { query: { userId, username: name, ...protocol }, userId };
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
  // Every table signs two accounts up from this one address.
  const ours = benchServerEnv(port, dataDir, { SIGNUPS_PER_ADDRESS: '0' });
  const bare = kind === 'bare' || kind === 'bare-spec';
  const child = bare
    ? spawnJs(bareServer, { PORT: String(port) }, cpu)
    : spawnJs(kind.startsWith('before') ? (baseline?.entry ?? '') : COMPILED_ENTRY, ours, cpu);
  const tally = new Tally();
  const open: Table[] = [];
  try {
    // Pinned to one core of a busy shared machine, our server may take a minute to start.
    await waitForHttp(bare ? `${url}/socket.io/?EIO=4&transport=polling` : `${url}/health`, 120_000);
    const seats = bare ? bareSeats(round, specKind(kind)) : await ourSeats(url, specKind(kind));
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
      label: kind.startsWith('before') ? `${kind} ${baseline?.name}` : kind,
      shotsPerSecond: Math.round(tally.shots / elapsed),
      shotsPerCpuSecond: Math.round(tally.shots / Math.max(0.001, serverCpu * elapsed)),
      gamesPerSecond: Math.round((tally.games / elapsed) * 10) / 10,
      // A game is a whole game's shots (from every game played, warm-up included): games that
      // end inside a window of seconds are too few to count.
      gamesPerCpuSecond:
        Math.round(
          ((tally.shots / Math.max(0.001, serverCpu * elapsed)) * 10) /
            Math.max(1, tally.allShots / Math.max(1, tally.allGames)),
        ) / 10,
      shotsPerGame: Math.round(tally.allShots / Math.max(1, tally.allGames)),
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

// Every server runs as plain JavaScript, ours exactly as `npm start` runs it.
buildServer();
const bareServer = buildBenchServer('bench/capacity/bare-server.ts', 'bare-server');
const baseline = configs.some((kind) => kind.startsWith('before'))
  ? {
      name: execFileSync('git', ['rev-parse', '--short', baselineCommit], { encoding: 'utf8' }).trim(),
      entry: buildServerAt(baselineCommit),
    }
  : null;
const pins = pinning();
if (pins) pinSelf(pins.generator);
const loadBefore = loadavg().map((n) => n.toFixed(2));
const results: CapacityResult[] = [];
for (let round = 0; round < rounds; round++) {
  // The order turns by one each round, so that no configuration always runs first or last.
  const order = configs.map((_, i) => configs[(i + round) % configs.length] as Kind);
  for (const kind of order) results.push(await measure(kind, pins?.server, round));
}
const summary = summarize(results);
const load = { before: loadBefore, after: loadavg().map((n) => n.toFixed(2)) };
if (json) {
  console.log(
    JSON.stringify({
      tables,
      seconds,
      warmup,
      pinning: pins,
      baseline: baseline?.name ?? null,
      results,
      summary,
      loadAverage: load,
    }),
  );
} else {
  console.log(
    `bench:capacity — ${pins ? `server on CPU ${pins.server}, generator on CPU ${pins.generator}` : 'not pinned (one CPU or no taskset)'}; ` +
      `${tables} games in flight, ${warmup} s warm-up, ${seconds} s measured, ${rounds} round(s)`,
  );
  printReport(results, summary);
  console.log(`load average before ${load.before.join(' ')}, after ${load.after.join(' ')}`);
}
