import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorAck, type LobbyClient, type MatchFound, type Searching } from '../../src/protocol';
import { lobbyOf } from '../support/lobby';
import { newPlayer, type TestPlayer } from '../support/players';
import { redisServerPath } from '../support/redis';
import { startTestServer, type TestServer } from '../support/server';
import { twoNodesForSuite } from '../support/two-nodes';

/** What one searcher's Home page hears: matches, and "still searching" after a failed pairing. */
interface Searcher {
  readonly player: TestPlayer;
  readonly lobby: LobbyClient;
  readonly matches: MatchFound[];
  readonly resumed: Searching[];
  since: number;
}

async function searcher(server: TestServer, prefix: string): Promise<Searcher> {
  const player = await newPlayer(server.url, prefix);
  const lobby = await lobbyOf(server.url, player);
  const s: Searcher = { player, lobby, matches: [], resumed: [], since: 0 };
  lobby.onMatch((found) => s.matches.push(found));
  lobby.onSearching((searching) => s.resumed.push(searching));
  return s;
}

async function search(s: Searcher): Promise<void> {
  const reply = await s.lobby.findOpponent();
  if (isErrorAck(reply)) throw new Error(`search refused: ${reply.error}`);
  s.since = reply.since;
}

/** Deletes the account while its /lobby socket stays open (an account removed by an operator). */
async function removeAccount(server: TestServer, s: Searcher): Promise<void> {
  await server.store.db.deleteFrom('users').where('id', '=', s.player.id).execute();
}

/**
 * The scenarios, on one node or on two (`nodeOf(i)` says where the i-th searcher's Home page is):
 * a pairing that fails because one searcher's account went away puts the other back at the place
 * they had (same since), says so to them, and the queue goes on first come first served.
 */
function failedPairings(nodeOf: (i: number) => TestServer, queueOf: () => TestServer) {
  const waiting = async () => (await queueOf().matchQueue.waiting()).map((e) => ({ userId: e.userId, since: e.since }));

  it('the one who was waiting goes back to the queue with the same since, told they still search', async () => {
    const ann = await searcher(nodeOf(0), 'ann');
    const ghost = await searcher(nodeOf(1), 'ghost');
    const cat = await searcher(nodeOf(2), 'cat');
    try {
      await search(ann);
      await removeAccount(nodeOf(1), ghost);
      // The ghost's arrival pairs it with ann; seating fails, as the ghost's account is gone.
      await search(ghost);
      await expect.poll(() => ann.resumed.length, { timeout: 10_000 }).toBe(1);
      expect(ann.resumed[0]?.since).toBe(ann.since);
      expect(ann.matches).toEqual([]);
      expect(ghost.matches).toEqual([]);
      expect(await waiting()).toEqual([{ userId: ann.player.id, since: ann.since }]);
      // The next arrival is paired with ann, who kept her place.
      await search(cat);
      await expect.poll(() => cat.matches.length, { timeout: 10_000 }).toBe(1);
      expect(cat.matches[0]?.opponent.userId).toBe(ann.player.id);
      await expect.poll(() => ann.matches.length, { timeout: 10_000 }).toBe(1);
      expect(ann.matches[0]?.slug).toBe(cat.matches[0]?.slug);
      expect(await waiting()).toEqual([]);
    } finally {
      for (const s of [ann, ghost, cat]) s.lobby.close();
    }
  });

  it('the arrival goes back in the queue when the one waiting has gone, and is the next one paired', async () => {
    const ghost = await searcher(nodeOf(0), 'ghost');
    const bob = await searcher(nodeOf(1), 'bob');
    const eve = await searcher(nodeOf(2), 'eve');
    try {
      await search(ghost);
      await removeAccount(nodeOf(0), ghost);
      await search(bob);
      await expect.poll(() => bob.resumed.length, { timeout: 10_000 }).toBe(1);
      expect(bob.resumed[0]?.since).toBe(bob.since);
      expect(await waiting()).toEqual([{ userId: bob.player.id, since: bob.since }]);
      await search(eve);
      await expect.poll(() => eve.matches.length, { timeout: 10_000 }).toBe(1);
      expect(eve.matches[0]?.opponent.userId).toBe(bob.player.id);
      expect(await waiting()).toEqual([]);
    } finally {
      for (const s of [ghost, bob, eve]) s.lobby.close();
    }
  });
}

describe('a quick-match pairing that fails, on one node', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });
  failedPairings(
    () => server,
    () => server,
  );
});

describe.skipIf(!redisServerPath())('a quick-match pairing that fails, across two nodes (Redis queue)', () => {
  const nodes = twoNodesForSuite();
  failedPairings(
    (i) => (i % 2 === 0 ? nodes.a : nodes.b),
    () => nodes.a,
  );
});
