import { CLASSIC_RULES, makeRules } from '../../src/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorAck, type LobbyClient, type MatchFound, type OpenGame } from '../../src/protocol';
import { RedisOpenGamesBoard } from '../../server/lobby/open-games-board';
import type { QueueEntry } from '../../server/lobby/queue';
import { RedisMatchQueue } from '../../server/lobby/redis-queue';
import { connectRedis, type RedisClient } from '../../server/redis';
import { connectClient, newPlayer, type TestPlayer } from '../support/players';
import { redisServerPath, startRedis, type TestRedis } from '../support/redis';
import type { TestServer } from '../support/server';
import { twoNodesForSuite } from '../support/two-nodes';
import { lobbyOf as lobbyAt, roomOf } from '../support/lobby';

/**
 * Two nodes of one deployment (one database, one Redis): the quick-match queue and the open-games
 * list are the same whichever node a player's Home page reaches.
 */
describe.skipIf(!redisServerPath())('the lobby across two nodes (Redis)', () => {
  const nodes = twoNodesForSuite();

  const lobbyOf = (server: TestServer, player: TestPlayer) => lobbyAt(server.url, player);

  function matches(client: LobbyClient): MatchFound[] {
    const seen: MatchFound[] = [];
    client.onMatch((found) => seen.push(found));
    return seen;
  }

  const waitingIds = async (server: TestServer) => (await server.matchQueue.waiting()).map((e) => e.userId);

  it('pairs players waiting on different nodes, each exactly once, first come first served', async () => {
    const { a, b } = nodes;
    const players = await Promise.all(['ann', 'ben', 'cat', 'dan', 'eve', 'fay'].map((n) => newPlayer(a.url, n)));
    // Alternate nodes: ann on a, ben on b, cat on a…
    const lobbies = await Promise.all(players.map((p, i) => lobbyOf(i % 2 === 0 ? a : b, p)));
    const seen = lobbies.map(matches);
    const replies = await Promise.all(lobbies.map((l) => l.findOpponent()));
    expect(replies.some(isErrorAck)).toBe(false);
    await expect.poll(() => seen.every((s) => s.length === 1), { timeout: 15_000 }).toBe(true);
    // Nobody is left waiting, on either node's view of the queue.
    expect(await waitingIds(a)).toEqual([]);
    expect(await waitingIds(b)).toEqual([]);
    // Three rooms, two players each, each player paired with the one who names them.
    const found = seen.map((s) => s[0] as MatchFound);
    const slugs = new Set(found.map((f) => f.slug));
    expect(slugs.size).toBe(3);
    players.forEach((p, i) => {
      const partner = players.findIndex((q) => q.id === found[i]?.opponent.userId);
      expect(partner).not.toBe(i);
      expect(found[partner]?.opponent.userId).toBe(p.id);
      expect(found[partner]?.slug).toBe(found[i]?.slug);
    });
    // Each lands in its room, placing ships, through either node.
    const [first] = found;
    const ann = players[0] as TestPlayer;
    const client = await connectClient(b.url, ann.token, first?.slug ?? '');
    expect(await client.joinRoom(first?.slug ?? '')).toBe('PLACE_SHIPS');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.every((s) => s.length === 1)).toBe(true);
    client.close();
    for (const l of lobbies) l.close();
  });

  it('a wait cancelled on one node leaves the queue both nodes read', async () => {
    const { a, b } = nodes;
    const [gus, hal] = await Promise.all([newPlayer(a.url, 'gus'), newPlayer(a.url, 'hal')]);
    const lg = await lobbyOf(b, gus);
    await lg.findOpponent();
    expect(await waitingIds(a)).toEqual([gus.id]);
    expect(await lg.cancelSearch()).toBeNull();
    expect(await waitingIds(a)).toEqual([]);
    // The next arrival, on the other node, waits instead of being paired with the cancelled wait.
    const lh = await lobbyOf(a, hal);
    const seen = matches(lh);
    await lh.findOpponent();
    expect(await waitingIds(b)).toEqual([hal.id]);
    // Closing the page leaves the queue too.
    lh.close();
    await expect.poll(() => waitingIds(b), { timeout: 5000 }).toEqual([]);
    expect(seen).toEqual([]);
    lg.close();
  });

  it('lists a public room played on one node on the other node’s Home pages, live', async () => {
    const { a, b } = nodes;
    const [host, guest, watcher] = await Promise.all([
      newPlayer(a.url, 'host'),
      newPlayer(a.url, 'guest'),
      newPlayer(a.url, 'watcher'),
    ]);
    const onB = await lobbyOf(b, watcher);
    const listed = (ready: (games: readonly OpenGame[]) => boolean) =>
      expect.poll(() => ready(onB.openGames), { timeout: 10_000 }).toBe(true);
    const slug = await roomOf(host, { public: true });
    const ch = await connectClient(a.url, host.token, slug);
    expect(await ch.joinRoom(slug)).toBe('UNSTARTED');
    await listed((games) => games.some((g) => g.slug === slug && g.host.userId === host.id));
    // A page that opens later on either node gets it at once.
    const late = await lobbyOf(b, guest);
    await expect.poll(() => late.openGames.some((g) => g.slug === slug), { timeout: 5000 }).toBe(true);
    // The guest joins through the other node: the room is full and leaves every list.
    const cg = await connectClient(b.url, guest.token, slug);
    expect(await cg.joinRoom(slug)).toBe('UNSTARTED');
    await listed((games) => !games.some((g) => g.slug === slug));
    expect((await a.matchQueue.waiting()).length).toBe(0);
    for (const c of [ch, cg, onB, late]) c.close();
  });
});

describe.skipIf(!redisServerPath())('what a dead node leaves in Redis', () => {
  let redis: TestRedis;
  let client: RedisClient;
  beforeAll(async () => {
    redis = await startRedis();
    client = await connectRedis(redis.url, { warn: () => undefined });
  });
  afterAll(async () => {
    await client?.close();
    await redis?.stop();
  });

  const entry = (userId: string, rules = CLASSIC_RULES): QueueEntry => ({
    userId,
    username: userId,
    since: Date.now(),
    rules,
  });
  const fail = (error: unknown) => {
    throw error;
  };

  it('a player queued by a node that stopped refreshing is not offered once the window has passed', async () => {
    const dead = new RedisMatchQueue(client, 300, fail);
    const alive = new RedisMatchQueue(client, 300, fail);
    try {
      expect((await dead.join(entry('orphan'))).pairing).toBeNull();
      dead.close(); // the node dies: nobody refreshes the orphan any more
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The orphan is dropped on the way, not paired: the next arrival waits.
      expect((await alive.join(entry('waiter'))).pairing).toBeNull();
      // A node that lives keeps its player: still waiting after several windows.
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect((await alive.waiting()).map((e) => e.userId)).toEqual(['waiter']);
      const late = await alive.join(entry('late'));
      expect(late.pairing?.map((e) => e.userId)).toEqual(['waiter', 'late']);
      expect((await alive.join(entry('next'))).pairing).toBeNull();
      expect((await alive.waiting()).map((e) => e.userId)).toEqual(['next']);
      expect(await alive.leave('next')).toBe(true);
      expect(await alive.leave('next')).toBe(false);
    } finally {
      dead.close();
      alive.close();
    }
  });

  it('pairs across nodes only players who asked for the same rules, and keeps the others waiting in order', async () => {
    const one = new RedisMatchQueue(client, 5000, fail);
    const two = new RedisMatchQueue(client, 5000, fail);
    const salvo = makeRules({ shots: 'salvo' });
    try {
      expect((await one.join(entry('salvo-first', salvo))).pairing).toBeNull();
      expect((await two.join(entry('classic-first'))).pairing).toBeNull();
      // A classic arrival passes over the salvo player who waited longer.
      const classic = await two.join(entry('classic-second'));
      expect(classic.pairing?.map((e) => e.userId)).toEqual(['classic-first', 'classic-second']);
      expect((await one.waiting()).map((e) => [e.userId, e.rules])).toEqual([['salvo-first', salvo]]);
      const paired = await one.join(entry('salvo-second', salvo));
      expect(paired.pairing?.map((e) => [e.userId, e.rules.shots])).toEqual([
        ['salvo-first', 'salvo'],
        ['salvo-second', 'salvo'],
      ]);
      expect(await one.waiting()).toEqual([]);
    } finally {
      one.close();
      two.close();
    }
  });

  it('an open game whose node stopped vouching for it leaves the list', async () => {
    const board = new RedisOpenGamesBoard(client, 300);
    const game = (slug: string) => ({ slug, host: { userId: slug, username: slug }, since: Date.now() });
    await board.put(game('gone-node-1'));
    await board.put(game('live-node-2'));
    expect((await board.list()).map((g) => g.slug).sort()).toEqual(['gone-node-1', 'live-node-2']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await board.keepAlive([game('live-node-2')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await board.list()).map((g) => g.slug)).toEqual(['live-node-2']);
    expect(await client.hExists('broadside:open-games', 'gone-node-1')).toBe(0);
    await board.remove('live-node-2');
    expect(await board.list()).toEqual([]);
  });
});
