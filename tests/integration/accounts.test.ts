import { jwtDecode } from 'jwt-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountExportSchema,
  AccountsApi,
  ApiClient,
  type AuditPage,
  deletedUsername,
  isDeletedName,
  type TokenPayload,
} from '../../src/protocol';
import { lobbyOf } from '../support/lobby';
import { startAndPlace, twoPlayersInRoom } from '../support/game';
import { newPlayer, type TestPlayer, waitForState } from '../support/players';
import { ratedGame } from '../support/rated-game';
import { jsonCall } from '../support/http';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'correct horse battery';
const ADMIN_EMAIL = 'accounts.admin@example.test';
let server: TestServer;
let admin: TestPlayer;

beforeAll(async () => {
  server = await startTestServer({ config: { adminEmails: [ADMIN_EMAIL], leaderboardMinGames: 1 } });
  const api = new ApiClient({ baseUrl: server.url });
  await api.signUp({ username: 'accounts_admin', email: ADMIN_EMAIL, password: PASSWORD });
  const { access_token } = await api.login({ email: ADMIN_EMAIL, password: PASSWORD });
  admin = {
    api,
    token: access_token,
    id: jwtDecode<TokenPayload>(access_token).id,
    username: 'accounts_admin',
    email: ADMIN_EMAIL,
  };
});
afterAll(async () => {
  await server.dispose();
});

/** A JSON call with `token` (or none): the status and the parsed body. */
const call = (token: string | null, method: string, path: string, body?: unknown) =>
  jsonCall(server.url, token, method, path, body);

const accountsOf = (token: string) => new AccountsApi(new ApiClient({ baseUrl: server.url, token }));
const logIn = (email: string, password = PASSWORD) => new ApiClient({ baseUrl: server.url }).login({ email, password });

describe('GET /users/:id', () => {
  it('answers the original fields and ours, never the e-mail or the hash; 404 for nobody, 401 without a token', async () => {
    const [alice, bob] = await Promise.all([newPlayer(server.url, 'alice'), newPlayer(server.url, 'bob')]);
    const seen = await call(bob.token, 'GET', `/users/${alice.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      id: alice.id,
      username: alice.username,
      role: 'player',
      creation_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      title: null,
      bot: null,
      blocked: false,
    });
    expect(JSON.stringify(seen.body)).not.toContain('@');
    // One's own card has no "blocked".
    expect((await call(alice.token, 'GET', `/users/${alice.id}`)).body).not.toHaveProperty('blocked');
    expect(await call(bob.token, 'GET', '/users/5f0c0000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { message: 'No such player' },
    });
    expect((await call(bob.token, 'GET', `/users/${'x'.repeat(65)}`)).status).toBe(400);
    expect((await call(null, 'GET', `/users/${alice.id}`)).status).toBe(401);
  });

  it('says whether the caller blocked the player, and the computer players have cards too', async () => {
    const [alice, bob] = await Promise.all([newPlayer(server.url, 'alice'), newPlayer(server.url, 'bob')]);
    const api = accountsOf(bob.token);
    await api.block(alice.id);
    expect(await api.user(alice.id)).toMatchObject({ blocked: true });
    // One way: the blocked player does not see a block of their own.
    expect(await accountsOf(alice.token).user(bob.id)).toMatchObject({ blocked: false });
    await api.unblock(alice.id);
    expect(await api.user(alice.id)).toMatchObject({ blocked: false });
    expect(await api.user('bot-hard')).toMatchObject({ username: 'Computer (Hard)', bot: 'hard' });
  });
});

describe('GET /users/search', () => {
  it('finds players by the start of their name in any case, by name, a page at a time', async () => {
    const tag = `s${Date.now().toString(36).slice(-5)}`;
    const names = [`${tag}_Zed`, `${tag}_amy`, `${tag}_Bea`, `x${tag}`];
    const players = [];
    for (const name of names) {
      const api = new ApiClient({ baseUrl: server.url });
      await api.signUp({ username: name, email: `${name}@example.test`, password: PASSWORD });
      players.push(name);
    }
    const me = await newPlayer(server.url, 'seeker');
    const api = accountsOf(me.token);
    const first = await api.search(tag.toUpperCase(), 1, 2);
    expect(first).toMatchObject({ q: tag.toUpperCase(), page: 1, pageSize: 2, total: 3 });
    expect(first.users.map((u) => u.username)).toEqual([`${tag}_amy`, `${tag}_Bea`]);
    const second = await api.search(tag, 2, 2);
    expect(second.users.map((u) => u.username)).toEqual([`${tag}_Zed`]);
    expect(JSON.stringify(first)).not.toContain('@');
    // LIKE's wildcards are taken literally: "_" matches only an underscore.
    expect((await api.search(`${tag}%`)).total).toBe(0);
    expect((await api.search(`${tag.slice(0, -1)}_`)).total).toBe(0);
    expect((await api.search(`${tag}_`)).total).toBe(3);
    // The computer players are not accounts to find.
    expect((await api.search('Computer')).users.filter((u) => u.bot)).toEqual([]);
    expect(await call(me.token, 'GET', '/users/search?q=')).toMatchObject({
      status: 400,
      body: { message: ['q is required'] },
    });
    expect((await call(me.token, 'GET', '/users/search?q=a&pageSize=51')).status).toBe(400);
    expect((await call(null, 'GET', `/users/search?q=${tag}`)).status).toBe(401);
  });
});

describe('PUT /users/:id', () => {
  it('renames with the sign-up rules and gives a token that names the new username', async () => {
    const p = await newPlayer(server.url, 'renamed');
    const api = accountsOf(p.token);
    const newName = `r_${p.id.slice(0, 8)}`;
    const answer = await api.updateUser(p.id, { username: newName });
    expect(answer).toMatchObject({ id: p.id, username: newName, email: p.email });
    expect(jwtDecode<TokenPayload>(answer.access_token ?? '').username).toBe(newName);
    // The old token still works (a rename ends no session) and reads the new name.
    expect(await p.api.me()).toMatchObject({ username: newName });
    expect(await call(p.token, 'PUT', `/users/${p.id}`, { username: 'no spaces allowed' })).toMatchObject({
      status: 400,
      body: { message: ['username may contain only letters, digits, ".", "_" and "-"'] },
    });
    expect(await call(p.token, 'PUT', `/users/${p.id}`, {})).toMatchObject({
      status: 400,
      body: { message: ['nothing to change: send a username, an email, a password or a role'] },
    });
    expect((await call(p.token, 'PUT', `/users/${p.id}`, { username: 'abc', colour: 'red' })).status).toBe(400);
  });

  it('refuses a taken username or e-mail (any case) and then changes nothing, not even the other fields', async () => {
    const [p, other] = await Promise.all([newPlayer(server.url, 'clash'), newPlayer(server.url, 'taken')]);
    const body = { username: other.username.toUpperCase(), email: `new_${p.email}`, currentPassword: PASSWORD };
    expect(await call(p.token, 'PUT', `/users/${p.id}`, body)).toMatchObject({
      status: 409,
      body: { message: 'This username is already taken' },
    });
    expect(
      await call(p.token, 'PUT', `/users/${p.id}`, { email: other.email.toUpperCase(), currentPassword: PASSWORD }),
    ).toMatchObject({
      status: 409,
      body: { message: 'This e-mail is already registered' },
    });
    expect(await p.api.me()).toMatchObject({ username: p.username, email: p.email });
    // Another case of one's own name is one's own.
    const cased = await accountsOf(p.token).updateUser(p.id, { username: p.username.toUpperCase() });
    expect(cased.username).toBe(p.username.toUpperCase());
  });

  it('changes the e-mail only with the right current password, counting wrong ones as failed logins', async () => {
    const p = await newPlayer(server.url, 'mail');
    const email = `changed_${p.email}`;
    expect(await call(p.token, 'PUT', `/users/${p.id}`, { email })).toMatchObject({
      status: 400,
      body: { message: 'currentPassword is required to change the e-mail or the password' },
    });
    expect(await call(p.token, 'PUT', `/users/${p.id}`, { email, currentPassword: 'not the password' })).toMatchObject({
      status: 403,
      body: { message: 'The current password is wrong' },
    });
    expect(await p.api.me()).toMatchObject({ email: p.email });
    const answer = await accountsOf(p.token).updateUser(p.id, {
      email: email.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(answer).toMatchObject({ email: email.toLowerCase() });
    expect(answer.access_token).toBeUndefined();
    await expect(logIn(email)).resolves.toHaveProperty('access_token');
    await expect(logIn(p.email)).rejects.toMatchObject({ status: 401 });
  });

  it('a new password ends every other session and closes its sockets; the answer carries the new token', async () => {
    const p = await newPlayer(server.url, 'pass');
    const { access_token: elsewhere } = await logIn(p.email);
    const lobby = await lobbyOf(server.url, { ...p, token: elsewhere });
    const closed = new Promise<string>((resolve) => lobby.socket.once('disconnect', resolve));
    const answer = await accountsOf(p.token).updateUser(p.id, {
      password: 'a new long password',
      currentPassword: PASSWORD,
    });
    expect(await closed).toBe('io server disconnect');
    expect((await call(elsewhere, 'GET', '/users/me')).status).toBe(401);
    expect((await call(p.token, 'GET', '/users/me')).status).toBe(401);
    expect((await call(answer.access_token ?? '', 'GET', '/users/me')).status).toBe(200);
    await expect(logIn(p.email)).rejects.toMatchObject({ status: 401 });
    await expect(logIn(p.email, 'a new long password')).resolves.toHaveProperty('access_token');
    expect(
      await call(answer.access_token ?? '', 'PUT', `/users/${p.id}`, {
        password: 'short',
        currentPassword: 'a new long password',
      }),
    ).toMatchObject({
      status: 400,
      body: { message: ['password must be at least 8 characters'] },
    });
  });

  it('stops guessing the current password after the login failures allowed', async () => {
    const limited = await startTestServer({ config: { loginFailuresPerAccount: 2 } });
    try {
      const p = await newPlayer(limited.url, 'guess');
      const put = (currentPassword: string) =>
        fetch(`${limited.url}/users/${p.id}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ password: 'another password', currentPassword }),
        });
      expect((await put('guess one')).status).toBe(403);
      expect((await put('guess two')).status).toBe(403);
      const blocked = await put(PASSWORD);
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toMatchObject({ reason: 'LOGIN_FAILURES' });
    } finally {
      await limited.dispose();
    }
  });

  it('is refused on someone else’s account; an admin may change it, without its password, and it is audited', async () => {
    const [p, other] = await Promise.all([newPlayer(server.url, 'owner'), newPlayer(server.url, 'nosy')]);
    expect(await call(other.token, 'PUT', `/users/${p.id}`, { username: 'stolen_name' })).toMatchObject({
      status: 403,
      body: { message: 'You may change only your own account' },
    });
    expect(await call(p.token, 'PUT', `/users/${p.id}`, { role: 'admin' })).toMatchObject({
      status: 403,
      body: { message: 'Only a moderator can change a role' },
    });
    const newName = `mod_${p.id.slice(0, 8)}`;
    const changed = await call(admin.token, 'PUT', `/users/${p.id}`, {
      username: newName,
      password: 'reset by a moderator',
      reason: 'offensive name',
    });
    expect(changed.status).toBe(200);
    // The admin's answer is the public card: the e-mail is not theirs to read.
    expect(changed.body).not.toHaveProperty('email');
    expect(changed.body).not.toHaveProperty('access_token');
    expect((await call(p.token, 'GET', '/users/me')).status).toBe(401);
    await expect(logIn(p.email, 'reset by a moderator')).resolves.toHaveProperty('access_token');
    // The original's capitalised role is read too, and goes through the audited role change.
    expect((await call(admin.token, 'PUT', `/users/${p.id}`, { role: 'Admin' })).status).toBe(200);
    const log = (await call(admin.token, 'GET', `/admin/audit?userId=${p.id}`)).body as unknown as AuditPage;
    expect(log.entries.map((e) => e.action)).toEqual(['role', 'edit-account']);
    expect(log.entries[1]).toMatchObject({
      actor: { userId: admin.id },
      target: { username: p.username },
      reason: 'offensive name',
      details: { fields: ['username', 'password'], username: newName },
    });
    expect(await call(admin.token, 'PUT', `/users/${admin.id}`, { role: 'player' })).toMatchObject({ status: 400 });
    expect((await call(admin.token, 'PUT', '/users/nobody-at-all', { username: 'ghost_name' })).status).toBe(404);
  });
});

describe('DELETE /users/:id', () => {
  it('needs the right password and changes nothing without it', async () => {
    const p = await newPlayer(server.url, 'keep');
    expect(await call(p.token, 'DELETE', `/users/${p.id}`, {})).toMatchObject({
      status: 400,
      body: { message: 'password is required to delete your account' },
    });
    expect(await call(p.token, 'DELETE', `/users/${p.id}`, { password: 'wrong password' })).toMatchObject({
      status: 403,
      body: { message: 'The current password is wrong' },
    });
    const other = await newPlayer(server.url, 'other');
    expect(await call(other.token, 'DELETE', `/users/${p.id}`, { password: PASSWORD })).toMatchObject({ status: 403 });
    expect(await p.api.me()).toMatchObject({ id: p.id, email: p.email });
  });

  it('removes the person and keeps the games in the other’s history under “deleted player”', async () => {
    const [gone, stays] = await Promise.all([newPlayer(server.url, 'gone'), newPlayer(server.url, 'stays')]);
    await ratedGame(server.url, gone, stays);
    await server.ratings.settled();
    const board = async () => (await stays.api.leaderboard(100)).players.map((p) => p.userId);
    expect(await board()).toContain(gone.id);
    await accountsOf(stays.token).block(gone.id);
    const { access_token: second } = await logIn(gone.email);
    const lobby = await lobbyOf(server.url, gone);
    const closed = new Promise<string>((resolve) => lobby.socket.once('disconnect', resolve));

    expect(await call(gone.token, 'DELETE', `/users/${gone.id}`, { password: PASSWORD })).toEqual({
      status: 200,
      body: {},
    });
    expect(await closed).toBe('io server disconnect');
    for (const token of [gone.token, second]) expect((await call(token, 'GET', '/users/me')).status).toBe(401);
    await expect(logIn(gone.email)).rejects.toMatchObject({ status: 401 });
    expect((await call(stays.token, 'GET', `/users/${gone.id}`)).status).toBe(404);
    expect((await call(stays.token, 'GET', `/users/${gone.id}/history`)).status).toBe(404);
    expect(await board()).not.toContain(gone.id);
    expect(await accountsOf(stays.token).blocked()).toEqual([]);
    expect((await accountsOf(stays.token).search(gone.username)).total).toBe(0);

    const [game] = (await stays.api.history('me')).games;
    expect(game?.opponent).toMatchObject({ userId: gone.id, username: deletedUsername(gone.id) });
    expect(isDeletedName(game?.opponent?.username ?? '')).toBe(true);
    const record = await stays.api.gameRecord(game?.gameId ?? 0);
    expect(record.players.map((p) => p.username)).toContain(deletedUsername(gone.id));
    // The name and the e-mail are free again.
    const again = new ApiClient({ baseUrl: server.url });
    await expect(
      again.signUp({ username: gone.username, email: gone.email, password: PASSWORD }),
    ).resolves.toBeTruthy();
    // Nothing is left to delete twice.
    expect((await call(admin.token, 'DELETE', `/users/${gone.id}`, { reason: 'again' })).status).toBe(404);
    // The owner's deletion is logged without its name.
    const log = (await call(admin.token, 'GET', `/admin/audit?userId=${gone.id}`)).body as unknown as AuditPage;
    expect(log.entries[0]).toMatchObject({
      action: 'delete-account',
      actor: { userId: gone.id, username: deletedUsername(gone.id) },
      target: { userId: gone.id, username: null },
    });
  });

  it('takes its friends, friend requests and direct messages with it (the capabilities’ deletion hooks)', async () => {
    const [gone, friend, asked] = await Promise.all([
      newPlayer(server.url, 'gone'),
      newPlayer(server.url, 'friend'),
      newPlayer(server.url, 'asked'),
    ]);
    expect((await call(gone.token, 'POST', '/friends/add', { userId: friend.id })).status).toBe(201);
    const [request] = (await call(friend.token, 'GET', '/friends/requests')).body as unknown as { id: string }[];
    expect((await call(friend.token, 'POST', '/friends/accept', { frId: request?.id })).status).toBe(201);
    expect((await call(gone.token, 'POST', `/messages/${friend.id}`, { message: 'good game!' })).status).toBe(201);
    expect((await call(friend.token, 'POST', `/messages/${gone.id}`, { message: 'thanks!' })).status).toBe(201);
    expect((await call(gone.token, 'POST', '/friends/add', { userId: asked.id })).status).toBe(201);
    const exported = AccountExportSchema.parse((await call(gone.token, 'GET', '/users/me/export')).body);
    expect(Object.keys(exported.more)).toEqual(expect.arrayContaining(['friends', 'messages', 'chat']));
    expect(JSON.stringify(exported.more.messages)).toContain('good game!');

    expect((await call(gone.token, 'DELETE', `/users/${gone.id}`, { password: PASSWORD })).status).toBe(200);
    expect((await call(friend.token, 'GET', '/friends/me')).body).toEqual([]);
    expect((await call(asked.token, 'GET', '/friends/requests')).body).toEqual([]);
    const left = JSON.stringify((await call(friend.token, 'GET', '/messages')).body);
    expect(left).not.toContain('good game!');
    expect(left).not.toContain('thanks!');
  });

  it('by an admin, with a reason in the audit log; never another admin’s account', async () => {
    const p = await newPlayer(server.url, 'spammer');
    expect(await call(admin.token, 'DELETE', `/users/${p.id}`, { reason: 'spam account' })).toEqual({
      status: 200,
      body: {},
    });
    expect((await call(p.token, 'GET', '/users/me')).status).toBe(401);
    const log = (await call(admin.token, 'GET', `/admin/audit?userId=${p.id}`)).body as unknown as AuditPage;
    expect(log.entries[0]).toMatchObject({
      action: 'delete-account',
      actor: { userId: admin.id },
      target: { username: p.username },
      reason: 'spam account',
    });
    const helper = await newPlayer(server.url, 'helper');
    await call(admin.token, 'PUT', `/admin/users/${helper.id}/role`, { role: 'admin', reason: 'trusted' });
    expect(await call(admin.token, 'DELETE', `/users/${helper.id}`, {})).toMatchObject({ status: 400 });
    expect((await call(admin.token, 'DELETE', '/users/bot-easy', {})).status).toBe(400);
  });
});

describe('a deleted account’s game in progress', () => {
  it('is lost by forfeit once the grace period passes, and stays in the winner’s history', async () => {
    const quick = await startTestServer({ config: { reconnectGraceSeconds: 1 } });
    try {
      const { slug, a, b } = await twoPlayersInRoom(quick.url);
      await startAndPlace(slug, a, b);
      const api = new AccountsApi(a.player.api);
      await api.deleteUser(a.player.id, { password: PASSWORD });
      const ended = await waitForState(b.client, (state) => state.gameStatus === 'ENDED', 10_000);
      expect(ended.winner?.userId).toBe(b.player.id);
      const [game] = (await b.player.api.history('me')).games;
      expect(game).toMatchObject({
        result: 'WON',
        endReason: 'FORFEIT',
        opponent: { username: deletedUsername(a.player.id) },
      });
      b.client.close();
    } finally {
      await quick.dispose();
    }
  });
});

describe('GET /users/me/export', () => {
  it('gives the account, its games, ratings and blocks as one JSON file', async () => {
    const [p, q] = await Promise.all([newPlayer(server.url, 'export'), newPlayer(server.url, 'rival')]);
    await ratedGame(server.url, p, q);
    await server.ratings.settled();
    await accountsOf(p.token).block(q.id);
    const response = await fetch(`${server.url}/users/me/export`, { headers: { authorization: `Bearer ${p.token}` } });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="broadside-account.json"');
    const data = AccountExportSchema.parse(await response.json());
    expect(data.account).toMatchObject({ id: p.id, username: p.username, email: p.email, role: 'player' });
    expect(data.games).toHaveLength(1);
    expect(data.games[0]).toMatchObject({ result: 'WON', opponent: { userId: q.id } });
    expect(data.byRules[0]).toMatchObject({ games: 1, wins: 1, rating: expect.objectContaining({ games: 1 }) });
    expect(data.blocked.map((b) => b.userId)).toEqual([q.id]);
    expect((await call(null, 'GET', '/users/me/export')).status).toBe(401);
  });
});
