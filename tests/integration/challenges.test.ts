import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRules } from '../../src/game';
import { type Challenge, isErrorAck } from '../../src/protocol';
import { jsonCall } from '../support/http';
import { befriend, friendsOf, pageOf } from '../support/people';
import { connectClient, newPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Challenges (docs/protocol.md, "Challenges"): on /lobby, to a friend or anyone who lets them, with
 * rules and a clock, accepted into a new room with both seated, declined with a reason, cancelled,
 * expired; refusals for blocks, the challenged player's setting, absence, and the bot-game limit.
 */

const LIFETIME_MS = 1500;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { challengeMs: LIFETIME_MS, botGamesPerDay: 1 } });
});
afterAll(async () => {
  await server.dispose();
});

const players = () => Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'bob')]);

function ok<T>(ack: T): Exclude<T, { error: string }> {
  if (isErrorAck(ack)) throw new Error(`refused: ${ack.error} ${ack.message ?? ''}`);
  return ack as Exclude<T, { error: string }>;
}

describe('a challenge', () => {
  it('reaches the challenged page live, with its rules and clock; accepting seats both in a new room', async () => {
    const [ann, bob] = await players();
    const [annPage, bobPage] = await Promise.all([pageOf(server.url, ann), pageOf(server.url, bob)]);
    const rules = { fleet: 'russian', shots: 'salvo' } as const;
    const sent = ok(await annPage.people.challenge({ userId: bob.id, rules, turnSeconds: 30 }));
    expect(sent).toMatchObject({
      from: { userId: ann.id, username: ann.username, title: null },
      to: { userId: bob.id, username: bob.username },
      rules: makeRules(rules),
      turnSeconds: 30,
      status: 'pending',
      slug: null,
    });
    expect(sent.expiresAt - sent.createdAt).toBe(LIFETIME_MS);
    const received = await bobPage.next('challenge', (c) => c.id === sent.id);
    expect(received).toEqual(sent);

    const { slug } = ok(await bobPage.people.acceptChallenge(sent.id));
    const settled = (c: Challenge) => c.id === sent.id && c.status === 'accepted';
    expect(await annPage.next('challenge', settled)).toMatchObject({ status: 'accepted', slug });
    expect(await bobPage.next('challenge', settled)).toMatchObject({ status: 'accepted', slug });

    // The new room's lobby: both members, the challenge's rules and clock, the game not started.
    const client = await connectClient(server.url, ann.token, slug);
    expect(await client.joinRoom(slug)).toBe('UNSTARTED');
    expect(client.state.members.map((m) => m.userId).sort()).toEqual([ann.id, bob.id].sort());
    expect(client.state.match).toMatchObject({ rules: makeRules(rules), turnSeconds: 30 });
    client.close();

    // Answered once: a second accept is refused.
    const again = await bobPage.people.acceptChallenge(sent.id);
    expect(again).toMatchObject({ error: 'CHALLENGE_GONE' });
    annPage.close();
    bobPage.close();
  });

  it('by username; declined with a reason; cancelled by its sender; each told to both', async () => {
    const [ann, bob] = await players();
    const [annPage, bobPage] = await Promise.all([pageOf(server.url, ann), pageOf(server.url, bob)]);
    const first = ok(await annPage.people.challenge({ username: bob.username.toLowerCase() }));
    expect(first.rules).toEqual(makeRules({}));
    expect(first.turnSeconds).toBeNull();
    // Only the challenged player answers; only the challenger cancels.
    expect(await annPage.people.acceptChallenge(first.id)).toMatchObject({ error: 'CHALLENGE_GONE' });
    expect(await annPage.people.declineChallenge(first.id)).toMatchObject({ error: 'CHALLENGE_GONE' });
    expect(await bobPage.people.cancelChallenge(first.id)).toMatchObject({ error: 'CHALLENGE_GONE' });
    expect(await bobPage.people.declineChallenge(first.id, 'later')).toBeNull();
    expect(await annPage.next('challenge', (c) => c.status === 'declined')).toMatchObject({
      id: first.id,
      reason: 'later',
    });

    const second = ok(await annPage.people.challenge({ userId: bob.id }));
    expect(await annPage.people.cancelChallenge(second.id)).toBeNull();
    expect(await bobPage.next('challenge', (c) => c.id === second.id && c.status === 'cancelled')).toBeTruthy();
    expect(await bobPage.people.acceptChallenge(second.id)).toMatchObject({ error: 'CHALLENGE_GONE' });
    annPage.close();
    bobPage.close();
  });

  it('expires after its time, told to both; a page that connects later lists only what still waits', async () => {
    const [ann, bob] = await players();
    const [annPage, bobPage] = await Promise.all([pageOf(server.url, ann), pageOf(server.url, bob)]);
    const sent = ok(await annPage.people.challenge({ userId: bob.id }));
    const later = await pageOf(server.url, bob);
    expect((await later.next('challenges')).incoming.map((c) => c.id)).toEqual([sent.id]);
    expect(await bobPage.next('challenge', (c) => c.status === 'expired', LIFETIME_MS + 3000)).toMatchObject({
      id: sent.id,
    });
    await annPage.next('challenge', (c) => c.status === 'expired');
    expect(await bobPage.people.acceptChallenge(sent.id)).toMatchObject({ error: 'CHALLENGE_GONE' });
    const after = await pageOf(server.url, bob);
    expect(await after.next('challenges')).toEqual({ incoming: [], outgoing: [] });
    for (const page of [annPage, bobPage, later, after]) page.close();
  });

  it('a new challenge to the same player replaces the one waiting', async () => {
    const [ann, bob] = await players();
    const [annPage, bobPage] = await Promise.all([pageOf(server.url, ann), pageOf(server.url, bob)]);
    const first = ok(await annPage.people.challenge({ userId: bob.id }));
    const second = ok(await annPage.people.challenge({ userId: bob.id, turnSeconds: 60 }));
    expect(await bobPage.next('challenge', (c) => c.id === first.id && c.status === 'cancelled')).toBeTruthy();
    const fresh = await pageOf(server.url, bob);
    expect((await fresh.next('challenges')).incoming.map((c) => c.id)).toEqual([second.id]);
    for (const page of [annPage, bobPage, fresh]) page.close();
  });

  it('is taken back when its sender leaves the site', async () => {
    // A life long enough to see the sender's departure (told after a reload's grace) first.
    const slow = await startTestServer({ config: { challengeMs: 30_000 } });
    try {
      const [ann, bob] = await Promise.all([newPlayer(slow.url, 'ann'), newPlayer(slow.url, 'bob')]);
      const [annPage, bobPage] = await Promise.all([pageOf(slow.url, ann), pageOf(slow.url, bob)]);
      const sent = ok(await annPage.people.challenge({ userId: bob.id }));
      annPage.close();
      const gone = await bobPage.next('challenge', (c) => c.id === sent.id && c.status !== 'pending', 8000);
      expect(gone.status).toBe('cancelled');
      bobPage.close();
    } finally {
      await slow.dispose();
    }
  });
});

describe('refusals', () => {
  it('refuses with a clear code and sends nothing', async () => {
    const [ann, bob] = await players();
    const annPage = await pageOf(server.url, ann);
    expect(await annPage.people.challenge({ userId: bob.id })).toMatchObject({ error: 'OFFLINE' });
    const bobPage = await pageOf(server.url, bob);
    expect(await annPage.people.challenge({ userId: ann.id })).toMatchObject({ error: 'BAD_PAYLOAD' });
    expect(await annPage.people.challenge({ username: 'nobody_here_at_all' })).toMatchObject({
      error: 'NO_SUCH_PLAYER',
    });
    expect(await annPage.people.challenge({ userId: bob.id, username: bob.username })).toMatchObject({
      error: 'BAD_PAYLOAD',
    });
    expect(await annPage.people.challenge({ userId: bob.id, rules: { fleet: 'russian', touch: true } })).toMatchObject({
      error: 'BAD_PAYLOAD',
    });
    expect(await annPage.people.challenge({ userId: bob.id, turnSeconds: 45 as unknown as 30 })).toMatchObject({
      error: 'BAD_PAYLOAD',
    });

    // Friends only: a stranger is refused, a friend is not.
    await friendsOf(bob).setChallengeSettings({ from: 'friends' });
    expect(await friendsOf(bob).challengeSettings()).toEqual({ from: 'friends' });
    expect(await annPage.people.challenge({ userId: bob.id })).toMatchObject({ error: 'NOT_ACCEPTING' });
    await befriend(ann, bob);
    ok(await annPage.people.challenge({ userId: bob.id }));
    await friendsOf(bob).setChallengeSettings({ from: 'nobody' });
    expect(await annPage.people.challenge({ userId: bob.id })).toMatchObject({ error: 'NOT_ACCEPTING' });
    await friendsOf(bob).setChallengeSettings({ from: 'everyone' });

    // A block, either way, refuses a challenge and ends those waiting.
    const waiting = ok(await annPage.people.challenge({ userId: bob.id }));
    await bob.api.call('POST', `/users/${ann.id}/block`, (await import('zod')).z.unknown(), 'Block', { ok: [201] });
    await bobPage.next('challenge', (c) => c.id === waiting.id && c.status === 'cancelled');
    expect(await annPage.people.challenge({ userId: bob.id })).toMatchObject({ error: 'BLOCKED' });
    expect(bobPage.seen.challenge.filter((c) => c.status === 'pending')).toHaveLength(2);
    annPage.close();
    bobPage.close();
  });

  it('challenge settings: everyone by default; a bad or anonymous change is refused and changes nothing', async () => {
    const [ann] = await players();
    const call = (token: string | null, method: string, body?: unknown) =>
      jsonCall(server.url, token, method, '/users/me/challenge-settings', body);
    expect(await call(ann.token, 'GET')).toEqual({ status: 200, body: { from: 'everyone' } });
    expect(await call(ann.token, 'PUT', { from: 'friends' })).toEqual({ status: 200, body: { from: 'friends' } });
    for (const bad of [{ from: 'strangers' }, { from: 'nobody', extra: 1 }, {}, 'nobody', null]) {
      const refused = await call(ann.token, 'PUT', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(null, 'PUT', { from: 'nobody' })).status).toBe(401);
    expect((await call(null, 'GET')).status).toBe(401);
    expect(await call(ann.token, 'GET')).toEqual({ status: 200, body: { from: 'friends' } });
  });

  it('two bot accounts play within their daily bot games', async () => {
    const [one, two, three] = await Promise.all([
      newPlayer(server.url, 'b1'),
      newPlayer(server.url, 'b2'),
      newPlayer(server.url, 'b3'),
    ]);
    for (const bot of [one, two, three]) await bot.api.upgradeToBot();
    const pages = await Promise.all([one, two, three].map((bot) => pageOf(server.url, bot)));
    const [p1, p2, p3] = pages;
    if (!p1 || !p2 || !p3) throw new Error('pages');
    const first = ok(await p1.people.challenge({ userId: two.id }));
    expect(first.from.title).toBe('BOT');
    ok(await p2.people.acceptChallenge(first.id));
    // Each played its one bot game of the day (botGamesPerDay 1): another game between bots is refused.
    const second = ok(await p3.people.challenge({ userId: two.id }));
    expect(await p2.people.acceptChallenge(second.id)).toMatchObject({ error: 'LIMIT_REACHED', reason: 'BOT_GAMES' });
    // Nothing was spent: the challenge still waits (a person may still play the bot).
    const person = await newPlayer(server.url, 'human');
    const personPage = await pageOf(server.url, person);
    const third = ok(await personPage.people.challenge({ userId: two.id }));
    ok(await p2.people.acceptChallenge(third.id));
    for (const page of [...pages, personPage]) page.close();
  });
});
