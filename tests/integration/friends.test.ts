import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FriendRequestSchema, isNewRequest } from '../../src/protocol';
import { roomOf } from '../support/lobby';
import { befriend, friendsOf, pageOf } from '../support/people';
import { connectClient, newPlayer, type TestPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Friends (docs/protocol.md, "Friends"): the original's routes and shapes, ours beside them, both
 * players told live on /lobby, a block ending it all, and where each friend is.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** A JSON call with `player`'s token (or none): status and parsed body. */
async function call(player: TestPlayer | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (player) headers.authorization = `Bearer ${player.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

const two = () => Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'bob')]);

/** No e-mail and no password hash anywhere in an answer about other players. */
function expectNoSecrets(body: unknown, ...players: TestPlayer[]): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/email|password|hash/i);
  for (const p of players) expect(text).not.toContain(p.email);
}

describe('requests and answers', () => {
  it('asks, lists on both sides, accepts, and tells both pages live', async () => {
    const [ann, bob] = await two();
    const [annPage, bobPage] = await Promise.all([pageOf(server.url, ann), pageOf(server.url, bob)]);
    const asked = await call(ann, 'POST', '/friends/add', { userId: bob.id });
    expect(asked.status).toBe(201);
    // The original's shape: the request's id, sender and receiver (as users, less their secrets).
    const request = FriendRequestSchema.parse(asked.body);
    expect(request).toMatchObject({
      sender: { id: ann.id, username: ann.username, role: 'player' },
      receiver: { id: bob.id, username: bob.username },
    });
    expect(Object.keys(asked.body as object).sort()).toEqual(['creation_date', 'id', 'receiver', 'sender']);
    expectNoSecrets(asked.body, ann, bob);
    expect((await bobPage.next('friendRequest')).id).toBe(request.id);
    expect((await annPage.next('friendRequest')).id).toBe(request.id);

    const received = await call(bob, 'GET', '/friends/requests');
    expect(received.body).toEqual([request]);
    expect((await call(ann, 'GET', '/friends/pending')).body).toEqual([request]);
    expect((await call(ann, 'GET', '/friends/requests')).body).toEqual([]);
    expectNoSecrets(received.body, ann, bob);

    const accepted = await call(bob, 'POST', '/friends/accept', { frId: request.id });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ raw: [], affected: 1, friend: { id: ann.id, username: ann.username } });
    expect(await annPage.next('friendRequestGone')).toEqual({ id: request.id, reason: 'accepted' });
    const added = await annPage.next('friendAdded');
    expect(added.friend).toMatchObject({ id: bob.id, username: bob.username });
    // Bob's page is open: Ann learns where he is with the news.
    expect(added.presence).toMatchObject({ userId: bob.id, status: 'online' });
    expect((await bobPage.next('friendAdded')).friend.id).toBe(ann.id);

    const annFriends = await call(ann, 'GET', '/friends/me');
    expect(annFriends.body).toEqual([
      expect.objectContaining({ id: bob.id, username: bob.username, role: 'player', since: expect.any(Number) }),
    ]);
    expectNoSecrets(annFriends.body, bob);
    expect((await friendsOf(bob).friends()).map((f) => f.id)).toEqual([ann.id]);
    expect(await friendsOf(bob).requests()).toEqual([]);
    annPage.close();
    bobPage.close();
  });

  it('asking someone who asked first accepts their request, as the original does', async () => {
    const [ann, bob] = await two();
    const first = await friendsOf(ann).add({ userId: bob.id });
    expect(isNewRequest(first)).toBe(true);
    const second = await call(bob, 'POST', '/friends/add', { userId: ann.id });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ raw: [], affected: 1 });
    expect((await friendsOf(ann).friends()).map((f) => f.id)).toEqual([bob.id]);
    expect(await friendsOf(ann).pending()).toEqual([]);
  });

  it('asks by username, any case (ours)', async () => {
    const [ann, bob] = await two();
    const asked = await friendsOf(ann).add({ username: bob.username.toUpperCase() });
    expect(isNewRequest(asked) && asked.receiver.id).toBe(bob.id);
  });

  it('declines and withdraws: the request goes, both told', async () => {
    const [ann, bob] = await two();
    const [annPage, bobPage] = await Promise.all([pageOf(server.url, ann), pageOf(server.url, bob)]);
    const one = await friendsOf(ann).add({ userId: bob.id });
    if (!isNewRequest(one)) throw new Error('expected a request');
    // Only the receiver declines; only the sender withdraws.
    expect((await call(ann, 'POST', '/friends/decline', { frId: one.id })).status).toBe(404);
    expect((await call(bob, 'POST', '/friends/cancel', { frId: one.id })).status).toBe(404);
    expect((await call(ann, 'POST', '/friends/accept', { frId: one.id })).status).toBe(404);
    expect(await friendsOf(bob).decline(one.id)).toMatchObject({ affected: 1 });
    expect(await annPage.next('friendRequestGone')).toEqual({ id: one.id, reason: 'declined' });
    expect(await friendsOf(bob).requests()).toEqual([]);

    const two_ = await friendsOf(ann).add({ userId: bob.id });
    if (!isNewRequest(two_)) throw new Error('expected a request');
    await friendsOf(ann).cancel(two_.id);
    expect(await bobPage.next('friendRequestGone', (g) => g.id === two_.id)).toEqual({
      id: two_.id,
      reason: 'cancelled',
    });
    expect(await friendsOf(ann).pending()).toEqual([]);
    annPage.close();
    bobPage.close();
  });

  it('removes a friend: both sides gone, both told', async () => {
    const [ann, bob] = await two();
    await befriend(ann, bob);
    const bobPage = await pageOf(server.url, bob);
    expect((await call(ann, 'DELETE', `/friends/${bob.id}`)).status).toBe(200);
    expect(await bobPage.next('friendRemoved')).toEqual({ userId: ann.id });
    expect(await friendsOf(bob).friends()).toEqual([]);
    expect((await call(ann, 'DELETE', `/friends/${bob.id}`)).status).toBe(404);
    bobPage.close();
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const [ann, bob] = await two();
    expect((await call(null, 'GET', '/friends/me')).status).toBe(401);
    expect((await call(null, 'POST', '/friends/add', { userId: bob.id })).status).toBe(401);
    const self = await call(ann, 'POST', '/friends/add', { userId: ann.id });
    expect(self).toMatchObject({ status: 400, body: { message: 'You cannot befriend yourself' } });
    const unknown = await call(ann, 'POST', '/friends/add', { userId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No such player', code: 'NO_SUCH_PLAYER' } });
    // The server's computer players are nobody's friends.
    expect((await call(ann, 'POST', '/friends/add', { username: 'Computer (hard)' })).status).toBe(404);
    expect((await call(ann, 'POST', '/friends/add', {})).status).toBe(400);
    expect((await call(ann, 'POST', '/friends/add', { userId: 42 })).status).toBe(400);
    expect((await call(ann, 'POST', '/friends/add', { userId: bob.id, extra: 1 })).status).toBe(400);
    expect((await call(ann, 'POST', '/friends/accept', { frId: 'nope' })).status).toBe(404);
    expect((await call(ann, 'POST', '/friends/accept', {})).status).toBe(400);
    expect(await friendsOf(ann).pending()).toEqual([]);
    await befriend(ann, bob);
    const again = await call(ann, 'POST', '/friends/add', { userId: bob.id });
    expect(again.status).toBe(409);
    expect(await friendsOf(bob).requests()).toEqual([]);
  });

  it('a block ends the friendship and the requests between the two, and refuses new ones', async () => {
    const [ann, bob, cy] = await Promise.all([...(await two()), newPlayer(server.url, 'cy')]);
    await befriend(ann, bob);
    const pending = await friendsOf(cy).add({ userId: ann.id });
    if (!isNewRequest(pending)) throw new Error('expected a request');
    const bobPage = await pageOf(server.url, bob);
    expect((await call(ann, 'POST', `/users/${bob.id}/block`)).status).toBe(201);
    expect(await bobPage.next('friendRemoved')).toEqual({ userId: ann.id });
    expect(await friendsOf(ann).friends()).toEqual([]);
    expect((await call(bob, 'POST', '/friends/add', { userId: ann.id })).status).toBe(403);
    expect((await call(ann, 'POST', '/friends/add', { userId: bob.id })).status).toBe(403);
    expect(await friendsOf(ann).requests()).toHaveLength(1);
    await call(ann, 'POST', `/users/${cy.id}/block`);
    expect(await friendsOf(ann).requests()).toEqual([]);
    expect(await friendsOf(cy).pending()).toEqual([]);
    bobPage.close();
  });
});

describe('presence', () => {
  it('online, away, playing with the room, offline: told live, and read on connecting and over HTTP', async () => {
    const [ann, bob] = await two();
    await befriend(ann, bob);
    const annPage = await pageOf(server.url, ann);
    expect((await annPage.next('friendsPresence')).friends).toEqual([
      { userId: bob.id, status: 'offline', slug: null },
    ]);

    const bobPage = await pageOf(server.url, bob);
    expect(await annPage.next('presence', (p) => p.status === 'online')).toEqual({
      userId: bob.id,
      status: 'online',
      slug: null,
    });
    expect((await bobPage.next('friendsPresence')).friends).toEqual([{ userId: ann.id, status: 'online', slug: null }]);

    expect(await bobPage.people.setAway(true)).toBeNull();
    await annPage.next('presence', (p) => p.status === 'away');
    expect(await friendsOf(ann).presence()).toEqual([{ userId: bob.id, status: 'away', slug: null }]);
    await bobPage.people.setAway(false);

    // Bob plays a game: placing ships is playing already; the room is the Watch link.
    const cy = await newPlayer(server.url, 'cy');
    const slug = await roomOf(bob);
    const bobGame = await connectClient(server.url, bob.token, slug);
    await bobGame.joinRoom(slug);
    const cyGame = await connectClient(server.url, cy.token, slug);
    await cyGame.joinRoom(slug);
    await bobGame.startGame(slug);
    expect(await annPage.next('presence', (p) => p.status === 'playing')).toEqual({
      userId: bob.id,
      status: 'playing',
      slug,
    });
    // Leaving the game's page is leaving the game, as far as friends can see.
    bobGame.close();
    await annPage.next(
      'presence',
      (p) => p.status === 'online' && annPage.seen.presence.some((q) => q.status === 'playing'),
    );
    cyGame.close();

    bobPage.close();
    await annPage.next('presence', (p) => p.status === 'offline', 8000);
    annPage.close();
  });

  it('a reload is no departure: friends are not told offline', async () => {
    const [ann, bob] = await two();
    await befriend(ann, bob);
    const annPage = await pageOf(server.url, ann);
    const first = await pageOf(server.url, bob);
    await annPage.next('presence', (p) => p.status === 'online');
    first.close();
    const second = await pageOf(server.url, bob);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(annPage.seen.presence.filter((p) => p.status === 'offline')).toEqual([]);
    second.close();
    annPage.close();
  });
});
