import { describe, expect, it } from 'vitest';
import { type Coord, cellIndex, coordOf, sameCoord, type ShotResult } from '../../src/game';
import { type ErrorAck, type GameClient, isErrorAck } from '../../src/protocol';
import {
  clusterUnavailable,
  gameInPlay,
  type LocalCluster,
  ownerOf,
  reconnectingClient,
  shootAndWatch,
  clusterForSuite,
  storedShots,
  type WatchedShot,
  withRedis,
} from '../support/cluster';
import { type Seat, scanner } from '../support/game';
import { startNginx } from '../../scripts/cluster/services';
import { connectClient, newPlayer, waitForState } from '../support/players';

/** Alternate shots, each watched on both sides, until `stop` says so or the game ends. */
async function playOn(
  first: Seat,
  second: Seat,
  aims: Map<Seat, () => Coord>,
  shots: WatchedShot[],
  stop: (shots: readonly WatchedShot[]) => boolean = () => false,
): Promise<void> {
  while (first.client.state.gameStatus !== 'ENDED' && !stop(shots)) {
    const shooter = shots.length % 2 === 0 ? first : second;
    const target = shooter === first ? second : first;
    shots.push(await shootAndWatch(shooter, target, aims.get(shooter)?.() ?? { x: 0, y: 0 }));
    if (shots.length > 200) throw new Error('the game did not end within 200 shots');
  }
}

/** The stored rows are exactly the acknowledged shots: same order, no gap, none twice. */
async function expectStoredExactly(cluster: LocalCluster, slug: string, shots: readonly WatchedShot[]): Promise<void> {
  const rows = await storedShots(cluster, slug);
  expect(rows.map((r) => r.seq)).toEqual(shots.map((_, i) => i));
  expect(rows.map((r) => ({ shooterId: r.shooter_id, at: { x: r.x, y: r.y }, result: r.result }))).toEqual(
    shots.map((s) => ({ shooterId: s.shooterId, at: s.at, result: s.result })),
  );
}

describe.skipIf(clusterUnavailable)('two nodes behind nginx', () => {
  const suite = clusterForSuite({ nodeEnv: { LOGIN_FAILURES_PER_ACCOUNT: '4' } });
  const { nodes } = suite;
  const nodeOf = (owner: string | null) => {
    const node = suite.cluster.nodes.find((n) => owner?.startsWith(`${n.nodeId}:`));
    if (!node) throw new Error(`no node holds the room (lease: ${owner})`);
    return node;
  };

  it('plays a game to the end with each player on a different node, every event delivered to both', async () => {
    const [one, two] = nodes();
    const { slug, first, second } = await gameInPlay(suite.cluster, [one.url, two.url]);
    try {
      const shots: WatchedShot[] = [];
      await playOn(
        first,
        second,
        new Map([
          [first, scanner()],
          [second, scanner()],
        ]),
        shots,
      );
      const winnerId = shots[shots.length - 1]?.shooterId;
      for (const client of [first.client, second.client]) {
        await waitForState(client, (s) => s.gameStatus === 'ENDED' && s.winner?.userId === winnerId, 15_000);
      }
      expect(shots.filter((s) => s.shooterId === winnerId && s.result !== 'M')).toHaveLength(17);
      await expectStoredExactly(suite.cluster, slug, shots);
    } finally {
      first.client.close();
      second.client.close();
    }
  });

  it('never records two shots under one sequence number when two nodes both believe they play the room', async () => {
    const { slug, first, second } = await gameInPlay(suite.cluster, [suite.cluster.url, suite.cluster.url]);
    const aims = new Map([
      [first, scanner()],
      [second, scanner()],
    ]);
    const shots: WatchedShot[] = [];
    let intruder: GameClient | null = null;
    try {
      await playOn(first, second, aims, shots, (s) => s.length === 4);
      const owner = nodeOf(await ownerOf(suite.cluster, slug));
      const other = suite.cluster.nodes.find((n) => n !== owner);
      if (!other) throw new Error('a second node expected');
      // Redis loses the lease (a flush, an eviction) while the nodes' subscriptions drop (so the
      // owner misses the other node's announcement): the owner still plays the room, and the other
      // node, reached directly by a second socket of the player whose turn it is, claims it. The
      // owner re-reads its leases every heartbeat and may claim the room back first: try again then.
      for (let attempt = 1; ; attempt++) {
        await withRedis(suite.cluster, async (redis) => {
          await redis.sendCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub']);
          await redis.del(`broadside:room:${slug}:owner`);
        });
        intruder = await connectClient(other.url, first.player.token, slug);
        expect(await intruder.joinRoom(slug)).toBe('PLAY');
        if (nodeOf(await ownerOf(suite.cluster, slug)) === other) break;
        // The intruder joined at the owner and took the player's seat there: give it back.
        intruder.close();
        expect(await first.client.joinRoom(slug)).toBe('PLAY');
        if (attempt === 10) throw new Error('the other node never got the lease');
      }

      const viaOwner: Coord = aims.get(first)?.() ?? { x: 0, y: 0 };
      const viaOther: Coord = { x: 9, y: 9 };
      const replies = await Promise.all([first.client.shoot(viaOwner), intruder.shoot(viaOther)]);
      const accepted = replies.filter((r): r is ShotResult => !isErrorAck(r));
      const refused = replies.filter((r): r is ErrorAck => isErrorAck(r));
      // One node's insert of sequence number 4 wins; the other loses it (CONFLICT). Or the owner had
      // already learnt that the room moved (its lease check, or the announcement once its
      // subscription was back), handed its sockets over, and the shot came second (NOT_YOUR_TURN)
      // or from the seat's replaced socket (NOT_JOINED). Never two accepted shots.
      expect(accepted).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(['CONFLICT', 'NOT_YOUR_TURN', 'NOT_JOINED']).toContain(refused[0]?.error);
      console.log(`[cluster] race: the losing shot was refused with ${refused[0]?.error}`);
      const won = isErrorAck(replies[0]) ? viaOther : viaOwner;
      shots.push({ shooterId: first.player.id, at: won, result: accepted[0] as ShotResult });
      intruder.close();
      intruder = null;
      // The cell of the refused shot is still to shoot.
      if (won === viaOther) aims.set(first, cellsFrom(viaOwner, viaOther));

      // The game goes on, wherever it is played now, and ends.
      const rows = await storedShots(suite.cluster, slug);
      expect(rows.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4]);
      await waitForState(second.client, (s) => s.members.find((m) => m.hasToPlay)?.userId === second.player.id, 15_000);
      await playOnRetryingConflicts(first, second, aims, shots);
      await expectStoredExactly(suite.cluster, slug, shots);
    } finally {
      intruder?.close();
      first.client.close();
      second.client.close();
    }
  });

  it('counts failed logins in Redis: the per-account limit holds whichever node answers', async () => {
    const [one, two] = nodes();
    const player = await newPlayer(suite.cluster.url, 'carol');
    const login = (url: string, password: string) =>
      fetch(`${url}/users/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: player.email, password }),
      });
    // LOGIN_FAILURES_PER_ACCOUNT=4 on every node: alternate nodes, so each alone counts only two.
    for (const url of [one.url, two.url, one.url, two.url])
      expect((await login(url, 'wrong password!')).status).toBe(401);
    for (const url of [one.url, two.url, suite.cluster.url]) {
      const refused = await login(url, 'correct horse battery');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('keeps /metrics and the console JSON to the operators through nginx, and passes readiness on', async () => {
    const [one, two] = nodes();
    const through = (url: string, path: string) => fetch(`${url}${path}`);
    // The template as shipped: closed to everyone, with a refusal that names nothing of the server.
    for (const path of ['/metrics', '/admin/cluster', '/admin/cluster/rooms']) {
      const refused = await through(suite.cluster.url, path);
      expect(refused.status, path).toBe(403);
      const body = await refused.text();
      expect(JSON.parse(body)).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(body).not.toMatch(/broadside_|node-1|node-2/);
    }
    expect((await through(suite.cluster.url, '/health/ready')).status).toBe(200);
    // Prometheus scrapes each node's own port.
    expect(await (await through(one.url, '/metrics')).text()).toContain('broadside_rooms');
    // An operator who opens it (BROADSIDE_OPERATORS) gets the text format through nginx too.
    const opened = await startNginx(
      [{ port: Number(new URL(one.url).port) }, { port: Number(new URL(two.url).port) }],
      {
        operators: 'allow 127.0.0.1;',
      },
    );
    try {
      const metrics = await through(opened.url, '/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      // The console's JSON stays behind the admin role: nginx lets it through, the node asks for a token.
      expect((await through(opened.url, '/admin/cluster')).status).toBe(401);
    } finally {
      await opened.stop();
    }
  });

  it('goes on on the other node, same turn, when the room’s node is killed mid-game', async () => {
    const { slug, first, second } = await gameInPlay(
      suite.cluster,
      [suite.cluster.url, suite.cluster.url],
      reconnectingClient,
    );
    const aims = new Map([
      [first, scanner()],
      [second, scanner()],
    ]);
    const shots: WatchedShot[] = [];
    try {
      await playOn(first, second, aims, shots, (s) => s.length === 7);
      const doomed = nodeOf(await ownerOf(suite.cluster, slug));
      // Seven shots: the second player is to shoot.
      expect(second.client.state.members.find((m) => m.hasToPlay)?.userId).toBe(second.player.id);

      const killedAt = performance.now();
      await doomed.kill();
      const at = aims.get(second)?.() ?? { x: 0, y: 0 };
      const reply = await shootUntilAccepted(second.client, at, 30_000);
      const takeoverMs = Math.round(performance.now() - killedAt);
      console.log(`[cluster] node killed → next accepted shot: ${takeoverMs} ms`);
      shots.push({ shooterId: second.player.id, at, result: reply });
      const survivor = nodeOf(await ownerOf(suite.cluster, slug));
      expect(survivor).not.toBe(doomed);

      await waitForState(first.client, (s) => s.playerBoats[at.y]?.[at.x] !== 'E', 30_000);
      await playOn(first, second, aims, shots);
      await expectStoredExactly(suite.cluster, slug, shots);
    } finally {
      first.client.close();
      second.client.close();
    }
  });
});

/** Cells in reading order from `from` on, skipping `skip`. */
function cellsFrom(from: Coord, skip: Coord): () => Coord {
  let next = cellIndex(from);
  return () => {
    let cell = coordOf(next++);
    if (sameCoord(cell, skip)) cell = coordOf(next++);
    return cell;
  };
}

/**
 * Shoots until the server accepts, waiting out the moments when the room is moving between nodes:
 * the socket reconnecting (DISCONNECTED, TIMEOUT) or not joined again yet (NOT_JOINED).
 */
async function shootUntilAccepted(client: GameClient, at: Coord, timeoutMs: number): Promise<ShotResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (client.state.connected) {
      const reply = await client.shoot(at);
      if (!isErrorAck(reply)) return reply;
      if (!['DISCONNECTED', 'TIMEOUT', 'NOT_JOINED'].includes(reply.error)) {
        throw new Error(`shot refused: ${reply.error} ${reply.message ?? ''}`);
      }
    }
    if (Date.now() > deadline) throw new Error('no shot accepted in time');
    await waitForState(client, (s) => s.connected, timeoutMs).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** playOn, where a CONFLICT (the room was reloaded after a lost write) is answered by shooting again. */
async function playOnRetryingConflicts(
  first: Seat,
  second: Seat,
  aims: Map<Seat, () => Coord>,
  shots: WatchedShot[],
): Promise<void> {
  while (first.client.state.gameStatus !== 'ENDED') {
    const shooter = shots.length % 2 === 0 ? first : second;
    const target = shooter === first ? second : first;
    const at = aims.get(shooter)?.() ?? { x: 0, y: 0 };
    for (let attempt = 0; ; attempt++) {
      try {
        shots.push(await shootAndWatch(shooter, target, at));
        break;
      } catch (error) {
        if (attempt > 3 || !String(error).includes('CONFLICT')) throw error;
      }
    }
    if (shots.length > 200) throw new Error('the game did not end within 200 shots');
  }
}
