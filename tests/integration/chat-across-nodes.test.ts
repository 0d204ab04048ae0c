import { describe, expect, it } from 'vitest';
import { type ChatLine, type GameClient, isErrorAck } from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { jsonCall } from '../support/http';
import { connectClient, newPlayer, signedUpAs } from '../support/players';
import { redisServerPath } from '../support/redis';
import { twoNodesForSuite } from '../support/two-nodes';

/*
 * The room's chat on two nodes of one deployment (one database, one Redis; docs/deploy.md, "Chat"):
 * lines reach the readers of the other node, the rate per account is counted once for all the
 * account's sockets whatever node they reach, and a moderator's ban or mute made through one node
 * holds on the other. Real servers, real socket.io clients (GameClient); PostgreSQL in integration-pg.
 */

const ADMIN_EMAIL = 'nodes.moderator@example.test';
/** Small, so the limit is reached in a few lines; each test's accounts are fresh and talk less. */
const LINES_PER_WINDOW = 3;

async function said(client: GameClient, text: string): Promise<ChatLine> {
  const reply = await client.say(text);
  if (isErrorAck(reply)) throw new Error(`"${text}" refused: ${reply.error} ${reply.message ?? ''}`);
  return reply;
}

/** A line crosses the nodes through Redis: some slack for a loaded CI machine (expect.poll waits 1 s by default). */
const POLL = { timeout: 3000 } as const;

/** The lines a client read: text, or the quick message's code. */
const read = (client: GameClient): (string | undefined)[] => client.chat.map((line) => line.text ?? line.quick);
const settle = (ms = 300): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Why the server closed the client's socket; fails after 5 s (the test's 30 s would say less). */
const closedBy = (client: GameClient): Promise<string> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not closed within 5 s')), 5000);
    client.socket.once('disconnect', (reason: string) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe.skipIf(!redisServerPath())('chat across two nodes (Redis)', () => {
  // Spectators read only their own channel: the default setting (CHAT_SPECTATORS_READ_PLAYERS unset).
  const nodes = twoNodesForSuite({
    adminEmails: [ADMIN_EMAIL],
    chatLinesPerWindow: LINES_PER_WINDOW,
    chatWindowSeconds: 60,
    chatSpectatorsReadPlayers: false,
  });

  it('players on different nodes read each other’s lines and quick messages; spectators read their own channel', async () => {
    const { a, b } = nodes;
    // alice on node a, bob on node b.
    const { slug, a: alice, b: bob } = await twoPlayersInRoom(a.url);
    bob.client.close();
    const bobOnB = await connectClient(b.url, bob.player.token, slug);
    expect(await bobOnB.joinRoom(slug)).toBe('UNSTARTED');
    const bobSeat = { ...bob, client: bobOnB };

    const hello = await said(alice.client, 'hi from node a');
    expect(hello.channel).toBe('players');
    await expect.poll(() => read(bobOnB), POLL).toEqual(['hi from node a']);
    expect((await bobOnB.sayQuick('good-luck', 'Good luck!')) as ChatLine).toMatchObject({ quick: 'good-luck' });
    await expect.poll(() => read(alice.client), POLL).toEqual(['hi from node a', 'good-luck']);
    expect(alice.client.chat[1]?.from).toEqual({ userId: bob.player.id, username: bob.player.username });

    // A spectator on each node; the game under way.
    const [fanA, fanB] = await Promise.all([newPlayer(a.url, 'fan'), newPlayer(b.url, 'fan')]);
    const watcherA = await connectClient(a.url, fanA.token, slug);
    const watcherB = await connectClient(b.url, fanB.token, slug);
    for (const watcher of [watcherA, watcherB]) expect(isErrorAck(await watcher.watchRoom(slug))).toBe(false);
    const { first, second } = await startAndPlace(slug, alice, bobSeat);
    const cheer = await said(watcherA, 'go alice');
    expect(cheer.channel).toBe('spectators');
    await expect.poll(() => read(watcherB), POLL).toEqual(['go alice']);
    expect((await watcherB.sayQuick('nice-shot', 'Nice shot!')) as ChatLine).toMatchObject({ channel: 'spectators' });
    await said(bobOnB, 'your turn');
    await expect.poll(() => read(watcherA), POLL).toEqual(['go alice', 'nice-shot']);
    await expect.poll(() => read(alice.client), POLL).toEqual(['hi from node a', 'good-luck', 'your turn']);
    await settle();
    // Neither node gave a spectator the players' lines, nor a player the spectators' (before the end).
    expect(read(watcherB)).toEqual(['go alice', 'nice-shot']);
    expect(read(watcherA)).toEqual(['go alice', 'nice-shot']);
    expect(read(bobOnB)).toEqual(['hi from node a', 'good-luck', 'your turn']);
    expect(read(alice.client)).toEqual(['hi from node a', 'good-luck', 'your turn']);

    // A spectator arriving on node b reads what was said in its channel on both nodes.
    const late = await connectClient(b.url, (await newPlayer(b.url, 'late')).token, slug);
    expect(isErrorAck(await late.watchRoom(slug))).toBe(false);
    await expect.poll(() => read(late), POLL).toEqual(['go alice', 'nice-shot']);
    for (const client of [watcherA, watcherB, late]) client.close();

    // At the end, node a (which plays the room) gives both players the spectators' lines, bob's on node b too.
    await playToTheEnd(first, second);
    const all = ['hi from node a', 'good-luck', 'go alice', 'nice-shot', 'your turn'];
    await expect.poll(() => read(bobOnB), POLL).toEqual(all);
    await expect.poll(() => read(alice.client), POLL).toEqual(all);
    for (const client of [alice.client, bobOnB]) client.close();
    // A whole game whose every shot of bob's crosses to node a: 12 s on PostgreSQL at a load of 14.
  }, 60_000);

  it('counts an account’s lines once for its sockets on both nodes', async () => {
    const { a, b } = nodes;
    const { slug, a: alice, b: bob } = await twoPlayersInRoom(a.url);
    const aliceOnB = await connectClient(b.url, alice.player.token, slug);
    expect(await aliceOnB.joinRoom(slug)).toBe('UNSTARTED');
    // Three lines, through both nodes: the limit (each node alone has seen fewer).
    await said(alice.client, 'one');
    await said(aliceOnB, 'two');
    await said(alice.client, 'three');
    for (const socket of [aliceOnB, alice.client]) {
      const refused = await socket.sayQuick('hello', 'Hello!');
      expect(refused).toMatchObject({ error: 'LIMIT_REACHED', reason: 'CHAT_LINES', limit: LINES_PER_WINDOW });
      expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(50);
    }
    // bob has a count of his own.
    await said(bob.client, 'fine here');
    await expect.poll(() => read(aliceOnB), POLL).toEqual(['one', 'two', 'three', 'fine here']);
    for (const client of [alice.client, aliceOnB, bob.client]) client.close();
  });

  it('a player’s own mute, a moderator’s mute and ban hold on the other node', async () => {
    const { a, b } = nodes;
    const admin = await signedUpAs(a.url, ADMIN_EMAIL, `mod_${Date.now().toString(36)}`);
    const { slug, a: rogue, b: other } = await twoPlayersInRoom(a.url);
    const rogueOnB = await connectClient(b.url, rogue.player.token, slug);
    expect(await rogueOnB.joinRoom(slug)).toBe('UNSTARTED');
    other.client.close();
    const otherOnB = await connectClient(b.url, other.player.token, slug);
    expect(await otherOnB.joinRoom(slug)).toBe('UNSTARTED');

    // The other player mutes the rogue through node b; the rogue talks through node a.
    expect((await jsonCall(b.url, other.player.token, 'POST', `/users/${rogue.player.id}/mute`)).status).toBe(201);
    await said(rogue.client, 'you stink');
    await expect.poll(() => read(rogueOnB), POLL).toEqual(['you stink']);
    await settle();
    expect(read(otherOnB)).toEqual([]);

    const call = (method: string, path: string, body?: unknown) => jsonCall(a.url, admin.token, method, path, body);

    expect((await call('POST', `/admin/users/${rogue.player.id}/mute`, { minutes: 5, reason: 'insults' })).status).toBe(
      200,
    );
    expect(await rogueOnB.say('still here?')).toMatchObject({ error: 'MUTED' });

    const closed = [closedBy(rogue.client), closedBy(rogueOnB)];
    const banned = await call('POST', `/admin/users/${rogue.player.id}/ban`, { minutes: 60, reason: 'spam in chat' });
    expect(banned).toMatchObject({ status: 200, body: { banReason: 'spam in chat' } });
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    // Node b refuses the account's token from now on, on a new socket as on HTTP.
    await expect(connectClient(b.url, rogue.player.token, slug)).rejects.toThrow('UNAUTHORIZED');
    expect((await jsonCall(b.url, rogue.player.token, 'GET', '/users/me')).status).toBe(401);
    otherOnB.close();
  });
});
