import { afterAll, beforeAll, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import type { RedisClient } from '../../server/redis';
import { openDatabase } from '../../server/db/connect';
import type { Coord, Grid, ShotResult } from '../../src/game';
import { type ClientGameState, GameClient, isErrorAck } from '../../src/protocol';
import { createRng, randomFleet } from '../../src/game';
import { placeBoth, type Seat } from './game';
import { connectClient, newPlayer, waitForState } from './players';
import { type LocalCluster, type LocalClusterOptions, startLocalCluster } from '../../scripts/cluster/local';
import { missingBinaries } from '../../scripts/cluster/services';

export type { LocalCluster };

/**
 * Why the cluster suites cannot run here (PostgreSQL, redis-server or nginx missing), or null.
 * `.ci/run` installs them; `npm test` elsewhere skips these suites and prints this reason.
 */
export const clusterUnavailable: string | null = missingBinaries();

if (clusterUnavailable) console.warn(`[cluster tests skipped] ${clusterUnavailable}`);

/** How long a killed node still holds its rooms in tests (NODE_TTL_MS): short, yet well above a heartbeat. */
export const TEST_NODE_TTL_MS = 2000;

/**
 * The same loopback cluster as `npm run cluster` (PostgreSQL without fsync, Redis, two nodes, nginx),
 * with a short node liveness so that a killed node's rooms move within seconds.
 */
export function startTestCluster(options: LocalClusterOptions = {}): Promise<LocalCluster> {
  return startLocalCluster({
    durable: false,
    // CLUSTER_DATABASE_URL puts the nodes on another database (e.g. one SQLite file on this machine).
    databaseUrl: process.env.CLUSTER_DATABASE_URL,
    ...options,
    nodeEnv: {
      NODE_TTL_MS: String(TEST_NODE_TTL_MS),
      // Every test signs its players up from 127.0.0.1: only a test of the limits sets them.
      SIGNUPS_PER_ADDRESS: '0',
      LOGIN_FAILURES_PER_ADDRESS: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      ...options.nodeEnv,
    },
    log:
      options.log ??
      ((service, line) => {
        if (process.env.TEST_LOG_LEVEL && service.startsWith('node-')) console.log(`[${service}] ${line}`);
      }),
  });
}

export type Connect = (url: string, token: string, slug: string) => Promise<GameClient>;

/** Two players (HTTP through nginx), each socket to the URL given, the game started and both fleets placed. */
export async function gameInPlay(
  cluster: LocalCluster,
  urls: readonly [string, string],
  connect: Connect = connectClient,
): Promise<{ slug: string; first: Seat; second: Seat }> {
  const [pa, pb] = await Promise.all([newPlayer(cluster.url, 'alice'), newPlayer(cluster.url, 'bob')]);
  const { slug } = await pa.api.createRoom({ userId: pa.id, username: pa.username, socketId: null });
  const ca = await connect(urls[0], pa.token, slug);
  const cb = await connect(urls[1], pb.token, slug);
  expect(await ca.joinRoom(slug)).toBe('UNSTARTED');
  expect(await cb.joinRoom(slug)).toBe('UNSTARTED');
  await waitForState(ca, (s) => s.members.length === 2, 15_000);
  const a: Seat = { player: pa, client: ca, fleet: randomFleet(createRng(11)) };
  const b: Seat = { player: pb, client: cb, fleet: randomFleet(createRng(12)) };
  expect(await ca.startGame(slug)).toBeNull();
  await waitForState(cb, (s) => s.gameStatus === 'PLACE_SHIPS', 15_000);
  const { first, second } = await placeBoth(a, b);
  await waitForState(second.client, (s) => s.gameStatus === 'PLAY', 15_000);
  return { slug, first, second };
}

/** One node of a test cluster. */
export type ClusterNode = LocalCluster['nodes'][number];

/**
 * A test cluster started before the suite's tests and stopped after them; read `cluster` and
 * `nodes()` inside a test (nothing is started before the suite runs).
 */
export function clusterForSuite(options: LocalClusterOptions = {}): {
  readonly cluster: LocalCluster;
  nodes(): readonly [ClusterNode, ClusterNode];
} {
  let started: LocalCluster | undefined;
  beforeAll(async () => {
    started = await startTestCluster(options);
  }, 120_000);
  afterAll(async () => {
    await started?.stop();
  });
  const current = (): LocalCluster => {
    if (!started) throw new Error('the cluster is not started yet');
    return started;
  };
  return {
    get cluster() {
      return current();
    },
    nodes: () => {
      const [one, two] = current().nodes;
      if (!one || !two) throw new Error('two nodes expected');
      return [one, two] as const;
    },
  };
}

/** A shot both players saw. */
export interface WatchedShot {
  readonly shooterId: string;
  readonly at: Coord;
  readonly result: ShotResult;
}

/**
 * One acknowledged shot, then waits until BOTH players' views show it: the shooter's opponent grid,
 * the target's own grid, and the turn on both sides (unless the game ended). A lost or stuck event
 * on either node fails here, within `timeoutMs`.
 */
export async function shootAndWatch(shooter: Seat, target: Seat, at: Coord, timeoutMs = 15_000): Promise<WatchedShot> {
  const reply = await shooter.client.shoot(at);
  if (isErrorAck(reply)) throw new Error(`shot ${JSON.stringify(at)} refused: ${reply.error} ${reply.message ?? ''}`);
  const seen = (grid: Grid): boolean => grid[at.y]?.[at.x] !== 'E';
  const turnOf = (s: ClientGameState): string | undefined => s.members.find((m) => m.hasToPlay)?.userId;
  const ended = (s: ClientGameState): boolean => s.gameStatus === 'ENDED';
  // Turns alternate after every shot.
  const settled = (s: ClientGameState, own: boolean): boolean =>
    (own ? seen(s.opponentBoats) : seen(s.playerBoats)) && (ended(s) || turnOf(s) === target.player.id);
  await Promise.all([
    waitForState(shooter.client, (s) => settled(s, true), timeoutMs),
    waitForState(target.client, (s) => settled(s, false), timeoutMs),
  ]);
  return { shooterId: shooter.player.id, at, result: reply };
}

/** A GameClient that reconnects as a browser does (and joins again), over WebSocket only. */
export async function reconnectingClient(url: string, token: string, slug: string): Promise<GameClient> {
  const client = new GameClient({
    url,
    token,
    slug,
    socket: { transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000 },
  });
  await client.connect();
  return client;
}

/** Runs commands against the cluster's Redis (to read or break a lease on purpose). */
export async function withRedis<T>(cluster: LocalCluster, run: (redis: RedisClient) => Promise<T>): Promise<T> {
  const redis: RedisClient = createClient({ url: cluster.redis.url });
  await redis.connect();
  try {
    return await run(redis);
  } finally {
    await redis.quit();
  }
}

/** The node id that the room's Redis lease names. */
export function ownerOf(cluster: LocalCluster, slug: string): Promise<string | null> {
  return withRedis(cluster, async (redis) => {
    const owner = await redis.get(`broadside:room:${slug}:owner`);
    return owner === null ? null : String(owner);
  });
}

/** Every stored move of the room's current round, in order, read straight from the cluster's database. */
export async function storedShots(
  cluster: LocalCluster,
  slug: string,
): Promise<{ seq: number; shooter_id: string; x: number; y: number; result: string }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'broadside-reader-'));
  const { db } = await openDatabase(dir, cluster.databaseUrl);
  try {
    const game = await db
      .selectFrom('games')
      .select('id')
      .where('room_slug', '=', slug)
      .orderBy('round', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return await db
      .selectFrom('shots')
      .select(['seq', 'shooter_id', 'x', 'y', 'result'])
      .where('game_id', '=', game.id)
      .orderBy('seq')
      .execute();
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
