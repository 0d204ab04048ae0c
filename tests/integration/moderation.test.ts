import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type AuditPage, BAN_FOREVER } from '../../src/protocol';
import { lobbyOf, roomOf } from '../support/lobby';
import { connectClient, newPlayer, signedUpAs, type TestPlayer } from '../support/players';
import { jsonCall } from '../support/http';
import { startTestServer, type TestServer } from '../support/server';

interface Closable {
  once(event: 'disconnect', listener: (reason: string) => void): unknown;
}

const ADMIN_EMAIL = 'Chief.Moderator@example.test';
let server: TestServer;
let admin: TestPlayer;

beforeAll(async () => {
  server = await startTestServer({ config: { adminEmails: [ADMIN_EMAIL.toLowerCase()] } });
  admin = await signedUpAs(server.url, ADMIN_EMAIL, 'chief_mod');
});
afterAll(async () => {
  await server.dispose();
});

/** A JSON call with `player`'s token (or none): status and body. */
const call = (player: TestPlayer | null, method: string, path: string, body?: unknown) =>
  jsonCall(server.url, player?.token ?? null, method, path, body);

const audit = async (query = ''): Promise<AuditPage> =>
  (await call(admin, 'GET', `/admin/audit${query}`)).body as unknown as AuditPage;

describe('roles', () => {
  it('makes an account of ADMIN_EMAILS an admin at sign-up, says so in /users/me, and audits it', async () => {
    expect(await admin.api.me()).toMatchObject({ role: 'admin' });
    const player = await newPlayer(server.url, 'plain');
    expect(await player.api.me()).toMatchObject({ role: 'player' });
    const entries = (await audit(`?userId=${admin.id}`)).entries;
    expect(entries[0]).toMatchObject({
      action: 'role',
      actor: { userId: null, username: 'server' },
      reason: 'ADMIN_EMAILS',
    });
  });

  it('names the admins of ADMIN_EMAILS that signed up before, at the next start', async () => {
    const early = await newPlayer(server.url, 'early');
    const again = await startTestServer({ dataDir: server.dataDir, config: { adminEmails: [early.email] } });
    try {
      const api = new ApiClient({ baseUrl: again.url, token: early.token });
      expect(await api.me()).toMatchObject({ role: 'admin' });
    } finally {
      await again.close();
    }
  });

  it('refuses every admin route to a player with 403 and to a visitor with 401, revealing nothing', async () => {
    const player = await newPlayer(server.url, 'curious');
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/audit'],
      ['GET', `/admin/users/${admin.id}`],
      ['POST', `/admin/users/${admin.id}/ban`, { reason: 'x' }],
      ['DELETE', `/admin/users/${admin.id}/ban`],
      ['POST', `/admin/users/${admin.id}/mute`, { minutes: 5, reason: 'x' }],
      ['DELETE', `/admin/users/${admin.id}/mute`],
      ['PUT', `/admin/users/${player.id}/role`, { role: 'admin', reason: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      expect(await call(player, method, path, body), `${method} ${path}`).toEqual({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'This is for moderators only' },
      });
      expect((await call(null, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await player.api.me()).toMatchObject({ role: 'player' });
  });

  it('lets an admin name another admin and take the role back, each in the audit log', async () => {
    const helper = await newPlayer(server.url, 'helper');
    expect(
      await call(admin, 'PUT', `/admin/users/${helper.id}/role`, { role: 'admin', reason: 'trusted' }),
    ).toMatchObject({
      status: 200,
      body: { userId: helper.id, role: 'admin' },
    });
    // Read at every check: the new role holds at once, without a new token.
    expect((await call(helper, 'GET', '/admin/audit')).status).toBe(200);
    await call(admin, 'PUT', `/admin/users/${helper.id}/role`, { role: 'player', reason: 'rotation' });
    expect((await call(helper, 'GET', '/admin/audit')).status).toBe(403);
    const [last, first] = (await audit(`?userId=${helper.id}`)).entries;
    expect(last).toMatchObject({
      action: 'role',
      reason: 'rotation',
      details: { role: 'player' },
      actor: { userId: admin.id },
    });
    expect(first).toMatchObject({ action: 'role', reason: 'trusted', details: { role: 'admin' } });
  });
});

describe('bans', () => {
  it('closes the banned account’s sockets, refuses its tokens and its login with the reason, until lifted', async () => {
    const rogue = await newPlayer(server.url, 'rogue');
    const slug = await roomOf(rogue);
    const [game, lobby] = await Promise.all([connectClient(server.url, rogue.token, slug), lobbyOf(server.url, rogue)]);
    const closed = [game, lobby].map(
      (client) =>
        new Promise<string>((resolve) => (client.socket as Closable).once('disconnect', (reason) => resolve(reason))),
    );
    try {
      const banned = await call(admin, 'POST', `/admin/users/${rogue.id}/ban`, { minutes: 60, reason: 'spam in chat' });
      expect(banned).toMatchObject({ status: 200, body: { userId: rogue.id, banReason: 'spam in chat' } });
      expect(Number(banned.body?.bannedUntil)).toBeGreaterThan(Date.now() + 59 * 60_000);
      expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
      expect((await call(rogue, 'GET', '/users/me')).status).toBe(401);
      await expect(connectClient(server.url, rogue.token, slug)).rejects.toThrow('UNAUTHORIZED');

      const login = await call(null, 'POST', '/users/auth/login', {
        email: rogue.email,
        password: 'correct horse battery',
      });
      expect(login).toMatchObject({ status: 403, body: { statusCode: 403, reason: 'BANNED', why: 'spam in chat' } });
      expect(String(login.body?.message)).toMatch(
        /^This account is banned until \d{4}-\d\d-\d\d \d\d:\d\d UTC: spam in chat$/,
      );
      // A wrong password says nothing about the ban.
      expect(
        (await call(null, 'POST', '/users/auth/login', { email: rogue.email, password: 'wrong password!' })).status,
      ).toBe(401);

      expect(await call(admin, 'DELETE', `/admin/users/${rogue.id}/ban`, { reason: 'appeal granted' })).toMatchObject({
        status: 200,
        body: { bannedUntil: null, banReason: null },
      });
      const again = await call(null, 'POST', '/users/auth/login', {
        email: rogue.email,
        password: 'correct horse battery',
      });
      expect(again.status).toBe(201);
      const actions = (await audit(`?userId=${rogue.id}`)).entries.map((e) => [e.action, e.reason, e.actor.username]);
      expect(actions).toEqual([
        ['unban', 'appeal granted', 'chief_mod'],
        ['ban', 'spam in chat', 'chief_mod'],
      ]);
    } finally {
      game.close();
      lobby.close();
    }
  });

  it('bans until lifted when no time is given, and refuses to ban an admin, oneself or an unknown account', async () => {
    const target = await newPlayer(server.url, 'forever');
    const forever = await call(admin, 'POST', `/admin/users/${target.id}/ban`, { reason: 'cheating' });
    expect(forever.body).toMatchObject({ bannedUntil: BAN_FOREVER });
    const login = await call(null, 'POST', '/users/auth/login', {
      email: target.email,
      password: 'correct horse battery',
    });
    expect(login.body?.message).toBe('This account is banned: cheating');

    const other = await newPlayer(server.url, 'othermod');
    await call(admin, 'PUT', `/admin/users/${other.id}/role`, { role: 'admin', reason: 'team' });
    expect((await call(admin, 'POST', `/admin/users/${other.id}/ban`, { reason: 'x' })).status).toBe(400);
    expect((await call(other, 'GET', '/users/me')).status).toBe(200);
    expect((await call(admin, 'POST', `/admin/users/${admin.id}/ban`, { reason: 'x' })).status).toBe(400);
    expect((await call(admin, 'POST', '/admin/users/no-such-user/ban', { reason: 'x' })).status).toBe(404);
  });

  it('refuses bad bodies with a 400 that names the field, and changes nothing', async () => {
    const target = await newPlayer(server.url, 'untouched');
    for (const body of [
      {},
      { reason: '' },
      { reason: 'x', minutes: 0 },
      { reason: 'x', minutes: 'ten' },
      { reason: 'x', extra: 1 },
    ]) {
      expect((await call(admin, 'POST', `/admin/users/${target.id}/ban`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(admin, 'POST', `/admin/users/${target.id}/mute`, { reason: 'x' })).status).toBe(400);
    expect((await call(admin, 'GET', `/admin/users/${target.id}`)).body).toMatchObject({
      bannedUntil: null,
      mutedUntil: null,
    });
    expect((await audit(`?userId=${target.id}`)).entries).toEqual([]);
  });
});

describe('mutes', () => {
  it('records a timed mute the account can still play through, and lifts it', async () => {
    const loud = await newPlayer(server.url, 'loud');
    const muted = await call(admin, 'POST', `/admin/users/${loud.id}/mute`, { minutes: 30, reason: 'insults' });
    expect(Number(muted.body?.mutedUntil)).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await call(loud, 'GET', '/users/me')).status).toBe(200);
    await call(admin, 'DELETE', `/admin/users/${loud.id}/mute`);
    expect((await call(admin, 'GET', `/admin/users/${loud.id}`)).body).toMatchObject({ mutedUntil: null });
    expect((await audit(`?userId=${loud.id}`)).entries.map((e) => e.action)).toEqual(['unmute', 'mute']);
  });
});

describe('the audit log', () => {
  it('pages back from the newest with `before`, and narrows by action', async () => {
    const target = await newPlayer(server.url, 'paged');
    for (const minutes of [1, 2, 3])
      await call(admin, 'POST', `/admin/users/${target.id}/mute`, { minutes, reason: `r${minutes}` });
    const first = await audit(`?userId=${target.id}&limit=2`);
    expect(first.entries.map((e) => e.reason)).toEqual(['r3', 'r2']);
    const second = await audit(`?userId=${target.id}&limit=2&before=${first.next}`);
    expect(second.entries.map((e) => e.reason)).toEqual(['r1']);
    expect(second.next).toBeNull();
    expect((await audit('?action=ban&limit=200')).entries.every((e) => e.action === 'ban')).toBe(true);
    expect((await call(admin, 'GET', '/admin/audit?limit=0')).status).toBe(400);
    // An action the log never holds is a mistake to be told of, not an empty page.
    const unknown = await call(admin, 'GET', '/admin/audit?action=explode');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('expected one of');
  });
});

describe('blocks', () => {
  it('lets a player block and unblock another, lists them, and refuses oneself and unknown players', async () => {
    const [ann, ben] = await Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'ben')]);
    expect(await call(ann, 'POST', `/users/${ben.id}/block`)).toEqual({
      status: 201,
      body: { userId: ben.id, username: ben.username },
    });
    // Blocking twice changes nothing.
    expect((await call(ann, 'POST', `/users/${ben.id}/block`)).status).toBe(201);
    const list = await call(ann, 'GET', '/users/me/blocks');
    expect(list.body).toEqual({ blocked: [{ userId: ben.id, username: ben.username, since: expect.any(Number) }] });
    expect((await call(ben, 'GET', '/users/me/blocks')).body).toEqual({ blocked: [] });
    expect((await call(ann, 'POST', `/users/${ann.id}/block`)).status).toBe(400);
    expect((await call(ann, 'POST', '/users/nobody-at-all/block')).status).toBe(404);
    expect((await call(null, 'POST', `/users/${ben.id}/block`)).status).toBe(401);
    expect(await call(ann, 'DELETE', `/users/${ben.id}/block`)).toEqual({ status: 200, body: {} });
    expect((await call(ann, 'DELETE', `/users/${ben.id}/block`)).status).toBe(404);
    expect((await call(ann, 'GET', '/users/me/blocks')).body).toEqual({ blocked: [] });
  });
});
