import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import type { RedisClient } from '../../server/redis';
import { errorSentence } from '../../server/socket/dialect';
import type { ClientGameState } from '../../src/protocol';
import {
  clusterUnavailable,
  gameInPlay,
  type LocalCluster,
  ownerOf,
  clusterForSuite,
  storedShots,
} from '../support/cluster';
import type { Seat } from '../support/game';
import { connectClient, newPlayer, rawSpecSocket, waitForState } from '../support/players';

/*
 * Commands of a socket held by a node that does not play its room (docs/architecture.md, "Several
 * nodes"): the socket's node validates the payload and sends {slug, actor, command} over Redis to
 * the owner, which validates it again and runs it through its dispatch. A spy on the relay
 * channels sees exactly what travels between the nodes.
 */

interface Request {
  readonly channel: string;
  readonly from: string;
  readonly body: { readonly slug?: string; readonly actor?: unknown; readonly command?: { type?: string } };
}

/** Every node-to-node request published while it listens. */
async function relaySpy(cluster: LocalCluster): Promise<{ requests: Request[]; stop(): Promise<void> }> {
  const redis: RedisClient = createClient({ url: cluster.redis.url });
  await redis.connect();
  const requests: Request[] = [];
  await redis.pSubscribe('broadside:relay:*', (raw, channel) => {
    const message = JSON.parse(String(raw)) as { t: string; from: string; body: Request['body'] };
    if (message.t === 'req') requests.push({ channel: String(channel), from: message.from, body: message.body });
  });
  return { requests, stop: async () => void (await redis.quit()) };
}

/** Sends requests to a node's relay channel as another node would, and collects its answers. */
async function forger(cluster: LocalCluster): Promise<{
  send(owner: string, body: unknown): Promise<unknown>;
  stop(): Promise<void>;
}> {
  const from = `forger:${randomUUID()}`;
  const sub: RedisClient = createClient({ url: cluster.redis.url });
  const pub = sub.duplicate();
  await Promise.all([sub.connect(), pub.connect()]);
  const waiting = new Map<string, (reply: unknown) => void>();
  await sub.subscribe(`broadside:relay:${from}`, (raw) => {
    const message = JSON.parse(String(raw)) as { id: string; reply: unknown };
    waiting.get(message.id)?.(message.reply);
  });
  return {
    send: (owner, body) =>
      new Promise((resolve, reject) => {
        const id = randomUUID();
        const timer = setTimeout(() => reject(new Error('the owner did not answer')), 10_000);
        waiting.set(id, (reply) => {
          clearTimeout(timer);
          resolve(reply);
        });
        void pub.publish(`broadside:relay:${owner}`, JSON.stringify({ t: 'req', id, from, body }));
      }),
    stop: async () => {
      await Promise.all([sub.quit(), pub.quit()]);
    },
  };
}

const turnOf = (s: ClientGameState): string | undefined => s.members.find((m) => m.hasToPlay)?.userId;

describe.skipIf(clusterUnavailable)('commands forwarded to the room’s owner', () => {
  const suite = clusterForSuite();
  const { nodes } = suite;

  /** A game in PLAY: the first seat on node one (which claimed the room), the second on node two. */
  async function split(): Promise<{ slug: string; owner: string; near: Seat; far: Seat }> {
    const [one, two] = nodes();
    const { slug, first, second } = await gameInPlay(suite.cluster, [one.url, two.url]);
    const owner = await ownerOf(suite.cluster, slug);
    if (!owner?.startsWith(`${one.nodeId}:`)) throw new Error(`node one should play ${slug}, the lease says ${owner}`);
    // gameInPlay seats "bob" on the second URL.
    const onTwo = (seat: Seat) => seat.player.username.startsWith('bob_');
    return onTwo(first) ? { slug, owner, near: second, far: first } : { slug, owner, near: first, far: second };
  }

  it('runs a SPEC-dialect socket’s commands at the owner, as {slug, actor, command}, answered in the SPEC dialect', async () => {
    const [one, two] = nodes();
    const [host, guest] = await Promise.all([
      newPlayer(suite.cluster.url, 'host'),
      newPlayer(suite.cluster.url, 'guest'),
    ]);
    const { slug } = await host.api.createRoom({});
    const near = await connectClient(one.url, host.token, slug);
    expect(await near.joinRoom(slug)).toBe('UNSTARTED');
    const owner = await ownerOf(suite.cluster, slug);
    expect(owner?.startsWith(`${one.nodeId}:`)).toBe(true);
    const spy = await relaySpy(suite.cluster);
    const spec = await rawSpecSocket(two.url, guest.token, slug);
    try {
      expect(await spec.socket.timeout(10_000).emitWithAck('joinRoom', slug)).toEqual({ gameStatus: 'UNSTARTED' });
      // The owner seated the socket of node two: the host sees two members.
      await waitForState(near, (s) => s.members.length === 2, 15_000);
      const refused = (await spec.socket.timeout(10_000).emitWithAck('replay', slug)) as {
        error: string;
        code: string;
      };
      expect(refused.code).toBe('WRONG_STATUS');
      expect(refused.error.startsWith(errorSentence('WRONG_STATUS'))).toBe(true);

      const sent = spy.requests.filter((r) => r.channel === `broadside:relay:${owner}`);
      expect(sent.map((r) => r.body.command)).toEqual([{ type: 'join' }, { type: 'replay' }]);
      expect(sent[0]?.from.startsWith(`${two.nodeId}:`)).toBe(true);
      expect(sent[0]?.body.slug).toBe(slug);
      expect(sent[0]?.body.actor).toEqual({
        kind: 'player',
        user: { id: guest.id, username: guest.username },
        socketId: spec.socket.id,
        dialect: 'spec',
      });
    } finally {
      spec.socket.close();
      near.close();
      await spy.stop();
    }
  });

  it('refuses garbage payloads on the node holding the socket: nothing is forwarded, nothing changes', async () => {
    const { slug, owner, near, far } = await split();
    const spy = await relaySpy(suite.cluster);
    try {
      const before = { shots: await storedShots(suite.cluster, slug), turn: turnOf(far.client.state) };
      const garbage: [string, unknown][] = [
        ['shoot', { x: 'a', y: 0 }],
        ['shoot', { x: 10, y: 0 }],
        ['shoot', null],
        ['shoot', { x: 1, y: 1, z: 1 }],
        ['placeShips', { 0: 'no fleet' }],
        ['startGame', 42],
        ['resign', { slug }],
        ['joinRoom', ''],
      ];
      const raw = far.client.socket as unknown as {
        timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
      };
      for (const [event, payload] of garbage) {
        const ack = await raw.timeout(10_000).emitWithAck(event, payload);
        expect(ack, `${event} ${JSON.stringify(payload)}`).toMatchObject({ error: 'BAD_PAYLOAD' });
      }
      expect(spy.requests.filter((r) => r.channel === `broadside:relay:${owner}`)).toEqual([]);
      expect(await storedShots(suite.cluster, slug)).toEqual(before.shots);
      expect(turnOf(near.client.state)).toBe(before.turn);
      // The same socket's valid command still reaches the owner.
      expect(await far.client.resign(slug)).toBeNull();
      await waitForState(near.client, (s) => s.gameStatus === 'ENDED', 15_000);
      expect(spy.requests.map((r) => r.body.command)).toContainEqual({ type: 'resign' });
    } finally {
      near.client.close();
      far.client.close();
      await spy.stop();
    }
  });

  it('refuses forged or garbled requests on the owner with BAD_PAYLOAD, and a member’s command from another socket with NOT_JOINED', async () => {
    const { slug, owner, near, far } = await split();
    const forged = await forger(suite.cluster);
    try {
      const before = { shots: await storedShots(suite.cluster, slug), turn: turnOf(near.client.state) };
      const shooter = before.turn === far.player.id ? far : near;
      const valid = {
        slug,
        actor: {
          kind: 'player',
          user: { id: shooter.player.id, username: shooter.player.username },
          socketId: shooter.client.socket.id,
          dialect: 'broadside/2',
        },
        command: { type: 'shoot', target: { x: 0, y: 0 } },
        edge: 'forger',
        budgetMs: 5000,
        claim: true,
      };
      const garbled: unknown[] = [
        'shoot',
        null,
        { ...valid, command: { type: 'shoot', target: { x: 10, y: 0 } } },
        { ...valid, command: { type: 'shoot', target: { x: 0, y: 0 }, extra: true } },
        { ...valid, command: { type: 'fire' } },
        // A deadline is the owner's own clock's: no other node may send one.
        { ...valid, command: { type: 'passTurn', deadline: Date.now() } },
        { ...valid, command: { type: 'forfeit', userId: near.player.id, awayUntil: 1 } },
        { ...valid, actor: { kind: 'clock' } },
        { ...valid, actor: { ...valid.actor, user: { id: shooter.player.id } } },
        { ...valid, actor: { ...valid.actor, dialect: 'legacy' } },
        { ...valid, slug: '' },
        { ...valid, budgetMs: -1 },
        { slug, actor: valid.actor, command: valid.command },
      ];
      for (const body of garbled) {
        expect(await forged.send(owner, body), JSON.stringify(body)).toMatchObject({ ack: { error: 'BAD_PAYLOAD' } });
      }
      // Well formed, but not through the socket the member is seated with: the owner's dispatch refuses it.
      expect(await forged.send(owner, { ...valid, actor: { ...valid.actor, socketId: 'not-a-socket' } })).toEqual({
        ack: { error: 'NOT_JOINED' },
      });
      expect(await storedShots(suite.cluster, slug)).toEqual(before.shots);
      expect(turnOf(near.client.state)).toBe(before.turn);
      expect(turnOf(far.client.state)).toBe(before.turn);
      // The game goes on through the real sockets.
      expect(await shooter.client.shoot({ x: 0, y: 0 })).toMatch(/^[MHD]$/);
      expect(await storedShots(suite.cluster, slug)).toHaveLength(before.shots.length + 1);
    } finally {
      near.client.close();
      far.client.close();
      await forged.stop();
    }
  });

  it('lets a spectator on the other node watch: it gets the frame, every shot, and the players see it counted', async () => {
    const [, two] = nodes();
    const { slug, near, far } = await split();
    const fan = await newPlayer(suite.cluster.url, 'fan');
    const watcher = await connectClient(two.url, fan.token, slug);
    try {
      const frame = await watcher.watchRoom(slug);
      expect(frame).toMatchObject({ spectators: 1 });
      await waitForState(near.client, (s) => s.match.spectators === 1, 15_000);
      const shooter = turnOf(near.client.state) === near.player.id ? near : far;
      const shots = [];
      const seen = new Promise<unknown>((resolve) => watcher.socket.once('spectate', resolve));
      shots.push(await shooter.client.shoot({ x: 0, y: 0 }));
      expect(shots[0]).toMatch(/^[MHD]$/);
      expect(await seen).toMatchObject({ spectators: 1 });
      expect(await watcher.unwatchRoom(slug)).toBeNull();
      await waitForState(near.client, (s) => s.match.spectators === 0, 15_000);
    } finally {
      watcher.close();
      near.client.close();
      far.client.close();
    }
  });
});
