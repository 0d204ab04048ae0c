/**
 * `npm run bench:cluster`: the figures of docs/scaling.md, measured on a loopback cluster
 * (PostgreSQL, Redis, N nodes, nginx; scripts/cluster/local.ts), with `broadside load` through nginx.
 *
 *   npm run bench:cluster -- [--nodes 2] [--games 200] [--concurrency 40] [--failovers 3] [--json]
 *
 * Prints games/s, shots/s, shoot p99 and errors from the load report; per shot, the database's
 * commits and inserted/updated rows (pg_stat_database) and the Redis commands by name (INFO
 * commandstats), as deltas over the run; and, with --failovers N (needs 2+ nodes), the time from a
 * SIGKILL of a game's node to that game's next accepted shot, N times.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createClient } from 'redis';
import { type Coord, coordOf, createRng, randomFleet } from '../src/game';
import { ApiClient, GameClient, isErrorAck } from '../src/protocol';
import { type LocalCluster, startLocalCluster } from '../scripts/cluster/local';
import { missingBinaries } from '../scripts/cluster/services';
import { runLoadJson } from './child';
import { numberFlags } from './flags';

const args = process.argv.slice(2);
const numberFlag = numberFlags(args);
function flag(name: string, fallback: number): number {
  return numberFlag(name, fallback, { whole: true, zero: true });
}
const nodes = Math.max(1, flag('--nodes', 2));
const games = flag('--games', 200);
const concurrency = Math.max(1, flag('--concurrency', 40));
const failovers = flag('--failovers', 0);
const json = args.includes('--json');

const missing = missingBinaries();
if (missing) {
  console.error(`Cannot start a cluster: ${missing}`);
  process.exit(1);
}

/** Redis: calls per command since start. */
async function redisCalls(url: string): Promise<Map<string, number>> {
  const redis = createClient({ url });
  await redis.connect();
  try {
    const info = String(await redis.info('commandstats'));
    const calls = new Map<string, number>();
    for (const match of info.matchAll(/^cmdstat_([a-z|]+):calls=(\d+)/gm)) calls.set(match[1] ?? '', Number(match[2]));
    return calls;
  } finally {
    await redis.quit();
  }
}

/** PostgreSQL: commits and rows written in the database so far. */
function databaseCounters(url: string): { commits: number; inserted: number; updated: number } {
  const out = execFileSync('psql', [
    url,
    '-At',
    '-c',
    'select xact_commit, tup_inserted, tup_updated from pg_stat_database where datname = current_database()',
  ]).toString();
  const [commits, inserted, updated] = out.trim().split('|').map(Number);
  return { commits: commits ?? 0, inserted: inserted ?? 0, updated: updated ?? 0 };
}

/**
 * CPU time (ms, user + system) used so far by a process and every process under it, dead children
 * included (their time is added to their parent's cutime/cstime when reaped), from /proc.
 */
function treeCpuMs(root: number | undefined): number {
  if (root === undefined) return 0;
  const stats = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at field 3.
      const fields = text
        .slice(text.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      stats.set(Number(entry), fields);
    } catch {
      // The process ended meanwhile.
    }
  }
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  const visit = (pid: number): void => {
    const fields = stats.get(pid);
    if (!fields) return;
    // utime, stime, cutime, cstime are fields 14-17, i.e. 11-14 here.
    total += (fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0);
    for (const [child, f] of stats) if (f[1] === pid) visit(child);
  };
  visit(root);
  return (total / ticks) * 1000;
}

/** `SELECT count(*) FROM shots`. */
function storedShots(url: string): number {
  return Number(execFileSync('psql', [url, '-At', '-c', 'select count(*) from shots']).toString().trim());
}

interface LoadJson {
  completed: number;
  errors: number;
  errorsByCode: Record<string, number>;
  seconds: number;
  gamesPerSecond: number;
  shotsPerSecond: number;
  latencyMs: Record<string, { p50: number; p99: number; max: number }>;
}

/** `broadside load --json` through nginx, as a separate process like any load generator. */
function runLoad(url: string): Promise<LoadJson> {
  const loadArgs = ['--games', String(games), '--concurrency', String(concurrency), '--ramp', '5', '--timeout', '120'];
  return runLoadJson<LoadJson>(url, loadArgs, 15 * 60_000);
}

async function connect(url: string, token: string, slug: string): Promise<GameClient> {
  const client = new GameClient({
    url,
    token,
    slug,
    socket: { transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000 },
  });
  await client.connect();
  return client;
}

const until = (client: GameClient, ok: () => boolean, ms = 30_000): Promise<void> =>
  new Promise((resolve, reject) => {
    if (ok()) return resolve();
    const timer = setTimeout(() => reject(new Error('state not reached')), ms);
    const stop = client.subscribe(() => {
      if (!ok()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });

/** One game to the middle, SIGKILL of its node, the time until the next shot is accepted elsewhere. */
async function failover(cluster: LocalCluster, round: number): Promise<number> {
  const players = await Promise.all(
    ['a', 'b'].map(async (p) => {
      const api = new ApiClient({ baseUrl: cluster.url });
      const name = `fo${round}${p}${Date.now().toString(36)}`;
      await api.signUp({ username: name, email: `${name}@example.test`, password: 'correct horse battery' });
      const { access_token } = await api.login({ email: `${name}@example.test`, password: 'correct horse battery' });
      return { api, token: access_token };
    }),
  );
  const [pa, pb] = players as [(typeof players)[0], (typeof players)[0]];
  const me = await pa.api.me();
  const { slug } = await pa.api.createRoom({ userId: me.id, username: me.username, socketId: null });
  const ca = await connect(cluster.url, pa.token, slug);
  const cb = await connect(cluster.url, pb.token, slug);
  try {
    await ca.joinRoom(slug);
    await cb.joinRoom(slug);
    await ca.startGame(slug);
    await until(cb, () => cb.state.gameStatus === 'PLACE_SHIPS');
    await ca.placeShips(randomFleet(createRng(round * 2 + 1)));
    await cb.placeShips(randomFleet(createRng(round * 2 + 2)));
    await until(ca, () => ca.state.gameStatus === 'PLAY' && ca.state.members.some((m) => m.hasToPlay));
    const aims = new Map<GameClient, number>([
      [ca, 0],
      [cb, 0],
    ]);
    const turnOf = (): GameClient => (ca.state.members.find((m) => m.hasToPlay)?.userId === me.id ? ca : cb);
    const next = (c: GameClient): Coord => {
      const i = aims.get(c) ?? 0;
      aims.set(c, i + 1);
      return coordOf(i);
    };
    for (let i = 0; i < 4; i++) {
      const shooter = turnOf();
      await shooter.shoot(next(shooter));
      await until(ca, () => ca.state.members.some((m) => m.hasToPlay) && turnOf() !== shooter);
    }
    const redis = createClient({ url: cluster.redis.url });
    await redis.connect();
    const owner = String(await redis.get(`broadside:room:${slug}:owner`));
    await redis.quit();
    const doomed = cluster.nodes.find((n) => owner.startsWith(`${n.nodeId}:`));
    if (!doomed) throw new Error(`no node holds ${slug}`);
    const shooter = turnOf();
    const at = next(shooter);
    const killedAt = performance.now();
    await doomed.kill();
    for (;;) {
      if (shooter.state.connected) {
        const reply = await shooter.shoot(at);
        if (!isErrorAck(reply)) break;
        if (!['DISCONNECTED', 'TIMEOUT', 'NOT_JOINED'].includes(reply.error)) throw new Error(reply.error);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return performance.now() - killedAt;
  } finally {
    ca.close();
    cb.close();
  }
}

const cluster = await startLocalCluster({
  nodes,
  nodeEnv: {
    // The load generator signs many accounts up from one address: limits off, as an operator would.
    SIGNUPS_PER_ADDRESS: '0',
    LOGIN_FAILURES_PER_ADDRESS: '0',
    LOGIN_FAILURES_PER_ACCOUNT: '0',
    LOG_LEVEL: 'warn',
  },
});
try {
  const db = cluster.databaseUrl;
  const services = (): Record<string, number> => ({
    nodes: cluster.nodes.reduce((sum, n) => sum + treeCpuMs(n.process.pid), 0),
    postgres: treeCpuMs(cluster.postgres?.process.pid),
    redis: treeCpuMs(cluster.redis.process.pid),
    nginx: treeCpuMs(cluster.nginx.process.pid),
  });
  const cpuBefore = services();
  const redisBefore = await redisCalls(cluster.redis.url);
  const dbBefore = databaseCounters(db);
  const shotsBefore = storedShots(db);
  const load = games > 0 ? await runLoad(cluster.url) : null;
  const cpuAfter = services();
  const dbAfter = databaseCounters(db);
  const redisAfter = await redisCalls(cluster.redis.url);
  const shots = storedShots(db) - shotsBefore;
  const perShot = (n: number): number => Math.round((n / Math.max(1, shots)) * 100) / 100;
  const redisPerShot: Record<string, number> = {};
  for (const [command, calls] of redisAfter) {
    const delta = calls - (redisBefore.get(command) ?? 0);
    if (delta > 0 && command !== 'info') redisPerShot[command] = perShot(delta);
  }
  const takeovers: number[] = [];
  for (let i = 0; i < failovers && cluster.nodes.length > 1; i++) {
    takeovers.push(Math.round(await failover(cluster, i)));
    // Bring the cluster back to N nodes behind nginx for the next round.
    await cluster.addNode(`node-r${i + 1}`);
    const alive = cluster.nodes.filter((n) => n.process.exitCode === null && n.process.signalCode === null);
    await cluster.nginx.reload(alive.map((n) => ({ port: n.port })));
  }
  const result = {
    nodes,
    games,
    concurrency,
    load: load && {
      completed: load.completed,
      errors: load.errors,
      errorsByCode: load.errorsByCode,
      seconds: load.seconds,
      gamesPerSecond: load.gamesPerSecond,
      shotsPerSecond: load.shotsPerSecond,
      shootMs: load.latencyMs.shoot,
    },
    shotsStored: shots,
    perShot: {
      dbCommits: perShot(dbAfter.commits - dbBefore.commits),
      dbRowsInserted: perShot(dbAfter.inserted - dbBefore.inserted),
      dbRowsUpdated: perShot(dbAfter.updated - dbBefore.updated),
      redisCommands: redisPerShot,
      cpuMs: Object.fromEntries(
        Object.keys(cpuAfter).map((k) => [k, perShot((cpuAfter[k] ?? 0) - (cpuBefore[k] ?? 0))]),
      ),
    },
    takeoverMs: takeovers,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  };
  if (json) console.log(JSON.stringify(result));
  else console.log(JSON.stringify(result, null, 2));
} finally {
  await cluster.stop();
}
