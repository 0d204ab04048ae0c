import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, randomFleet } from '../../src/game';
import {
  ApiClient,
  type AuditPage,
  type ChatLine,
  type GameClient,
  isErrorAck,
  type Report,
  type ReportsPage,
} from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { jsonCall } from '../support/http';
import { connectClient, newPlayer, signedUpAs, type TestPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * What keeps the chat civil (docs/game.md, "Chat"; docs/protocol.md, "Moderation"): the rate per
 * account, a moderator's mute, a player's own mute, blocks, reports with their transcripts and the
 * moderators' routes, on a real server (SQLite, and PostgreSQL in integration-pg).
 */

const ADMIN_EMAIL = 'chat.moderator@example.test';
let server: TestServer;
let admin: TestPlayer;

beforeAll(async () => {
  server = await startTestServer({ config: { adminEmails: [ADMIN_EMAIL], chatLinesPerWindow: 0 } });
  admin = await signedUpAs(server.url, ADMIN_EMAIL, 'chat_mod');
});
afterAll(async () => {
  await server.dispose();
});

/** A JSON call with `player`'s token (or none): status and body. */
const call = (player: TestPlayer | null, method: string, path: string, body?: unknown, url = server.url) =>
  jsonCall(url, player?.token ?? null, method, path, body);

const settle = (ms = 300): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function said(client: GameClient, text: string): Promise<ChatLine> {
  const reply = await client.say(text);
  if (isErrorAck(reply)) throw new Error(`"${text}" refused: ${reply.error} ${reply.message ?? ''}`);
  return reply;
}

describe('the rate of lines per account', () => {
  it('refuses the line past the limit with LIMIT_REACHED CHAT_LINES and the wait, on every socket of the account', async () => {
    const limited = await startTestServer({ config: { chatLinesPerWindow: 3, chatWindowSeconds: 30 } });
    try {
      const { slug, a, b } = await twoPlayersInRoom(limited.url);
      for (const text of ['one', 'two', 'three']) await said(a.client, text);
      const refused = await a.client.say('four');
      expect(refused).toMatchObject({ error: 'LIMIT_REACHED', reason: 'CHAT_LINES', limit: 3 });
      expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(20);
      // Another socket of the same account shares the count.
      const second = await connectClient(limited.url, a.player.token, slug);
      await second.joinRoom(slug);
      expect(await second.sayQuick('hello', 'Hello!')).toMatchObject({ error: 'LIMIT_REACHED' });
      // The other player has their own.
      await said(b.client, 'fine here');
      await settle();
      expect(b.client.chat.map((l) => l.text ?? l.quick)).toEqual(['one', 'two', 'three', 'fine here']);
      for (const client of [a.client, b.client, second]) client.close();
    } finally {
      await limited.dispose();
    }
  });
});

describe("a moderator's mute", () => {
  it('keeps the account from talking, says until when, and lifting it lets the account talk again', async () => {
    const { a, b } = await twoPlayersInRoom(server.url);
    const muted = await call(admin, 'POST', `/admin/users/${a.player.id}/mute`, { minutes: 30, reason: 'insults' });
    expect(muted.status).toBe(200);
    const refused = await a.client.say('can you hear me?');
    expect(refused).toMatchObject({ error: 'MUTED' });
    expect((refused as { until: number }).until).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await a.client.sayQuick('hello', 'Hello!')).toMatchObject({ error: 'MUTED' });
    await call(admin, 'DELETE', `/admin/users/${a.player.id}/mute`, { reason: 'served' });
    await said(a.client, 'back again');
    await settle();
    expect(b.client.chat.map((l) => l.text)).toEqual(['back again']);
    a.client.close();
    b.client.close();
  });
});

describe("a player's own mute", () => {
  it('hides the muted player’s lines from the one who muted them only, without telling, and is remembered', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    await said(b.client, 'before the mute');
    const mute = await call(a.player, 'POST', `/users/${b.player.id}/mute`);
    expect(mute).toMatchObject({ status: 201, body: { userId: b.player.id, username: b.player.username } });
    // The muted player is answered as ever and reads their own line.
    const line = await said(b.client, 'you cannot hear this');
    await expect.poll(() => b.client.chat.some((l) => l.id === line.id)).toBe(true);
    await said(a.client, 'still talking to you');
    await expect.poll(() => b.client.chat.some((l) => l.text === 'still talking to you')).toBe(true);
    await settle();
    expect(a.client.chat.map((l) => l.text)).toEqual(['before the mute', 'still talking to you']);
    // A new socket (tomorrow, another device) still hides them, the older line too.
    const later = await connectClient(server.url, a.player.token, slug);
    await later.joinRoom(slug);
    await expect.poll(() => later.chat.map((l) => l.text)).toEqual(['still talking to you']);
    expect(await call(a.player, 'GET', '/users/me/mutes')).toMatchObject({
      status: 200,
      body: { muted: [{ userId: b.player.id, username: b.player.username }] },
    });
    // Lifted: heard again.
    expect((await call(a.player, 'DELETE', `/users/${b.player.id}/mute`)).status).toBe(200);
    await said(b.client, 'hello again');
    await expect.poll(() => later.chat.some((l) => l.text === 'hello again')).toBe(true);
    for (const client of [a.client, b.client, later]) client.close();
  });

  it('refuses muting oneself, an unknown player, a bad id; lifting a mute that is not there is a 404', async () => {
    const player = await newPlayer(server.url, 'muter');
    expect((await call(player, 'POST', `/users/${player.id}/mute`)).status).toBe(400);
    expect((await call(player, 'POST', '/users/00000000-nobody/mute')).status).toBe(404);
    expect((await call(player, 'POST', `/users/${'x'.repeat(65)}/mute`)).status).toBe(400);
    expect((await call(player, 'DELETE', `/users/${admin.id}/mute`)).status).toBe(404);
    expect((await call(null, 'POST', `/users/${admin.id}/mute`)).status).toBe(401);
    expect(await call(player, 'GET', '/users/me/mutes')).toMatchObject({ status: 200, body: { muted: [] } });
  });
});

describe('a block', () => {
  it('lets no line pass between the two, either way, live or in the history', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    await said(a.client, 'hi before');
    expect((await call(b.player, 'POST', `/users/${a.player.id}/block`)).status).toBe(201);
    await said(a.client, 'from the blocked one');
    await said(b.client, 'from the blocker');
    await settle();
    expect(b.client.chat.map((l) => l.text)).toEqual(['hi before', 'from the blocker']);
    expect(a.client.chat.map((l) => l.text)).toEqual(['hi before', 'from the blocked one']);
    const again = await connectClient(server.url, b.player.token, slug);
    await again.joinRoom(slug);
    await expect.poll(() => again.chat.map((l) => l.text)).toEqual(['from the blocker']);
    await call(b.player, 'DELETE', `/users/${a.player.id}/block`);
    await said(a.client, 'unblocked');
    await expect.poll(() => again.chat.some((l) => l.text === 'unblocked')).toBe(true);
    for (const client of [a.client, b.client, again]) client.close();
  });
});

describe('reports', () => {
  it('keeps a reported line with the transcript of its game; a moderator reads it, closes it, and it is audited', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    await said(a.client, 'gl');
    const bad = await said(b.client, 'you are a terrible person');
    await said(a.client, 'that was uncalled for');
    const filed = await call(a.player, 'POST', '/reports', {
      userId: b.player.id,
      room: slug,
      lineId: bad.id,
      category: 'abuse',
      note: 'insult after my greeting',
    });
    expect(filed.status).toBe(201);
    const id = Number(filed.body?.id);
    // Filing the same again files nothing new.
    const again = await call(a.player, 'POST', '/reports', {
      userId: b.player.id,
      room: slug,
      lineId: bad.id,
      category: 'abuse',
    });
    expect(again).toMatchObject({ status: 200, body: { id } });

    const page = (await call(admin, 'GET', '/admin/reports')).body as unknown as ReportsPage & { open: number };
    const report = page.reports.find((r) => r.id === id) as Report;
    expect(report).toMatchObject({
      reporter: { userId: a.player.id, username: a.player.username },
      target: { userId: b.player.id, username: b.player.username },
      category: 'abuse',
      note: 'insult after my greeting',
      context: 'room',
      room: slug,
      lineId: bad.id,
      status: 'open',
    });
    expect(report.transcript.map((l) => l.text)).toEqual(['gl', 'you are a terrible person', 'that was uncalled for']);
    expect(page.open).toBeGreaterThanOrEqual(1);
    expect((await call(admin, 'GET', `/admin/reports/${id}`)).body).toEqual(report);

    const closed = await call(admin, 'POST', `/admin/reports/${id}/resolve`, {
      status: 'actioned',
      note: 'muted 1 day',
    });
    expect(closed).toMatchObject({
      status: 200,
      body: { status: 'actioned', resolution: 'muted 1 day', resolvedBy: { userId: admin.id } },
    });
    expect((await call(admin, 'POST', `/admin/reports/${id}/resolve`, { status: 'dismissed' })).status).toBe(409);
    const audit = (await call(admin, 'GET', `/admin/audit?userId=${b.player.id}`)).body as unknown as AuditPage;
    expect(audit.entries[0]).toMatchObject({
      action: 'report',
      actor: { userId: admin.id },
      reason: 'muted 1 day',
      target: { userId: b.player.id, room: slug },
      details: { report: id, status: 'actioned', category: 'abuse' },
    });
    const open = (await call(admin, 'GET', '/admin/reports?status=open')).body as unknown as ReportsPage;
    expect(open.reports.some((r) => r.id === id)).toBe(false);
    a.client.close();
    b.client.close();
  });

  it('reports a player without a line; refuses bad reports and changes nothing', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const mine = await said(a.client, 'my own words');
    const stranger = await newPlayer(server.url, 'stranger');
    const before = ((await call(admin, 'GET', '/admin/reports?status=all&limit=100')).body as unknown as ReportsPage)
      .reports.length;
    const refusals: [TestPlayer | null, unknown, number][] = [
      [null, { userId: b.player.id, category: 'spam' }, 401],
      [a.player, { userId: a.player.id, category: 'spam' }, 400],
      [a.player, { userId: b.player.id, category: 'rude' }, 400],
      [a.player, { userId: b.player.id, category: 'spam', note: 'x'.repeat(501) }, 400],
      [a.player, { userId: b.player.id, category: 'spam', extra: true }, 400],
      [a.player, { userId: '00000000-nobody', category: 'spam' }, 404],
      [a.player, { userId: b.player.id, category: 'spam', room: 'no-such-room' }, 404],
      // Someone else's message id: a line of the reporter, a line id that is not in the room, not a number.
      [a.player, { userId: b.player.id, category: 'spam', room: slug, lineId: mine.id }, 400],
      [a.player, { userId: b.player.id, category: 'spam', room: slug, lineId: '999999999' }, 400],
      [a.player, { userId: b.player.id, category: 'spam', room: slug, lineId: 'abc' }, 400],
      [a.player, { userId: b.player.id, category: 'spam', lineId: mine.id }, 400],
      // Not in the room: nothing to report from there.
      [stranger, { userId: b.player.id, category: 'abuse', room: slug }, 403],
      [a.player, 'not json at all', 400],
    ];
    for (const [who, body, status] of refusals) {
      expect((await call(who, 'POST', '/reports', body)).status, JSON.stringify(body)).toBe(status);
    }
    const after = ((await call(admin, 'GET', '/admin/reports?status=all&limit=100')).body as unknown as ReportsPage)
      .reports.length;
    expect(after).toBe(before);
    const player = await call(stranger, 'POST', '/reports', { userId: b.player.id, category: 'name' });
    expect(player.status).toBe(201);
    const report = (await call(admin, 'GET', `/admin/reports/${player.body?.id}`)).body as unknown as Report;
    expect(report).toMatchObject({ context: 'player', room: null, transcript: [], category: 'name' });
    a.client.close();
    b.client.close();
  });

  it('limits the reports one account files within an hour (429 REPORTS)', async () => {
    const limited = await startTestServer({ config: { reportsPerHour: 2 } });
    try {
      const reporter = await newPlayer(limited.url, 'eager');
      const targets = await Promise.all([1, 2, 3].map(() => newPlayer(limited.url, 'target')));
      for (const target of targets.slice(0, 2)) {
        const filed = await call(reporter, 'POST', '/reports', { userId: target.id, category: 'spam' }, limited.url);
        expect(filed.status).toBe(201);
      }
      const refused = await call(
        reporter,
        'POST',
        '/reports',
        { userId: targets[2]?.id, category: 'spam' },
        limited.url,
      );
      expect(refused).toMatchObject({ status: 429, body: { reason: 'REPORTS', limit: 2 } });
      expect(Number(refused.retryAfter)).toBeGreaterThan(3000);
    } finally {
      await limited.dispose();
    }
  });

  it('keeps the moderators’ routes to moderators: 403 for a player, 401 without a token', async () => {
    const player = await newPlayer(server.url, 'nosy');
    for (const [method, path, body] of [
      ['GET', '/admin/reports'],
      ['GET', '/admin/reports/1'],
      ['POST', '/admin/reports/1/resolve', { status: 'dismissed' }],
    ] as [string, string, unknown?][]) {
      expect((await call(player, method, path, body)).status, path).toBe(403);
      expect((await call(null, method, path, body)).status, path).toBe(401);
    }
    expect((await call(admin, 'GET', '/admin/reports?status=nope')).status).toBe(400);
    expect((await call(admin, 'GET', '/admin/reports/0')).status).toBe(400);
    expect((await call(admin, 'GET', '/admin/reports/99999999')).status).toBe(404);
    expect((await call(admin, 'POST', '/admin/reports/1/resolve', { status: 'open' })).status).toBe(400);
  });
});

describe('a finished game’s lines beside its replay', () => {
  it('are read by its players and moderators; anyone else reads what a spectator read', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    await said(a.client, 'in the lobby');
    const { first, second } = await startAndPlace(slug, a, b);
    await said(b.client, 'nice placement');
    const { shots } = await playToTheEnd(first, second);
    await waitForState(a.client, (s) => s.gameStatus === 'ENDED');
    await said(a.client, 'gg');
    const games = await call(a.player, 'GET', '/users/me/history');
    const gameId = ((games.body?.games ?? []) as { gameId: number }[])[0]?.gameId;
    const chat = await call(b.player, 'GET', `/games/${gameId}/chat`);
    expect(chat.status).toBe(200);
    // Each line with the move it was said at: before the first shot, or after the last.
    expect(((chat.body?.lines ?? []) as (ChatLine & { move: number })[]).map((l) => [l.text, l.move])).toEqual([
      ['in the lobby', 0],
      ['nice placement', 0],
      ['gg', shots.length],
    ]);
    expect((await call(admin, 'GET', `/games/${gameId}/chat`)).status).toBe(200);
    // Spectators do not read the players here (CHAT_SPECTATORS_READ_PLAYERS is off), and none spoke.
    const outsider = await newPlayer(server.url, 'outsider');
    expect(await call(outsider, 'GET', `/games/${gameId}/chat`)).toMatchObject({ status: 200, body: { lines: [] } });
    expect((await call(outsider, 'GET', '/games/abc/chat')).status).toBe(400);
    expect((await call(outsider, 'GET', '/games/99999999/chat')).status).toBe(404);
    a.client.close();
    b.client.close();
  });
});

describe('the computer at the table', () => {
  it('answers a greeting once, in the player’s language (a quick message), and says well played at the end', async () => {
    const player = await newPlayer(server.url, 'human');
    const { slug } = await player.api.computerGame({ level: 'easy' });
    const client = await connectClient(server.url, player.token, slug);
    await client.joinRoom(slug);
    await waitForState(client, (s) => s.gameStatus === 'PLACE_SHIPS');
    await said(client, 'hi there, gl hf');
    await expect.poll(() => client.chat.some((l) => l.quick === 'good-luck')).toBe(true);
    await said(client, 'hello?');
    await settle(500);
    expect(client.chat.filter((l) => l.from.userId !== player.id).map((l) => l.quick)).toEqual(['good-luck']);
    expect(await client.placeShips(randomFleet(createRng(7)))).toBeNull();
    await waitForState(client, (s) => s.gameStatus === 'PLAY');
    expect(await client.resign(slug)).toBeNull();
    await waitForState(client, (s) => s.gameStatus === 'ENDED');
    await expect.poll(() => client.chat.some((l) => l.quick === 'well-played')).toBe(true);
    const computerLines = client.chat.filter((l) => l.from.userId !== player.id);
    expect(computerLines.map((l) => l.quick)).toEqual(['good-luck', 'well-played']);
    client.close();
  });
});
