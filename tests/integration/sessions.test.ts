import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/protocol';
import { lobbyOf, roomOf } from '../support/lobby';
import { connectClient, newPlayer, type TestPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** Another login of the same account: a second device, with a token of its own. */
async function secondDevice(player: TestPlayer): Promise<TestPlayer> {
  const api = new ApiClient({ baseUrl: server.url });
  const { access_token } = await api.login({ email: player.email, password: 'correct horse battery' });
  return { ...player, api, token: access_token };
}

/** Every route that needs a user, called with `token`: status and body of each answer. */
async function everyRoute(token: string) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: body === undefined ? { authorization: auth.authorization } : auth,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { route: `${method} ${path}`, status: response.status, body: await response.json() };
  };
  return Promise.all([
    call('GET', '/users/me'),
    call('GET', '/users/me/games'),
    call('GET', '/users/me/history'),
    call('GET', '/users/me/rating'),
    call('GET', '/ratings/leaderboard'),
    call('GET', '/games/1'),
    call('GET', '/games/1/script'),
    call('POST', '/room', {}),
    call('POST', '/room/computer', { level: 'easy' }),
    call('POST', '/users/auth/logout'),
    call('POST', '/users/auth/logout-everywhere'),
  ]);
}

/** What every route answers a refused token: one status, one message (lists only where the route always sent lists). */
function expectRefusedEverywhere(answers: Awaited<ReturnType<typeof everyRoute>>): void {
  for (const answer of answers) {
    const message = answer.route.startsWith('POST /room')
      ? ['A valid access token is required']
      : 'A valid access token is required';
    expect(answer, answer.route).toEqual({
      route: answer.route,
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message },
    });
  }
}

interface ClosableSocket {
  readonly connected: boolean;
  once(event: 'disconnect', listener: (reason: string) => void): unknown;
}

/** Resolves with the reason when the socket is closed by the server (a logout), or fails after `ms`. */
function closedByServer(socket: ClosableSocket, ms = 5000): Promise<string> {
  if (!socket.connected) return Promise.resolve('already closed');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still open')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

async function expectSocketsRefused(player: TestPlayer, slug: string): Promise<void> {
  await expect(connectClient(server.url, player.token, slug)).rejects.toThrow('UNAUTHORIZED');
  await expect(lobbyOf(server.url, player)).rejects.toThrow('UNAUTHORIZED');
}

describe('logout', () => {
  it('refuses the token on every route and both namespaces at once, closes its sockets, and leaves other devices logged in', async () => {
    const phone = await newPlayer(server.url, 'leaver');
    const laptop = await secondDevice(phone);
    const slug = await roomOf(phone);
    const [game, lobby, otherGame] = await Promise.all([
      connectClient(server.url, phone.token, slug),
      lobbyOf(server.url, phone),
      connectClient(server.url, laptop.token, slug),
    ]);
    try {
      const closed = [closedByServer(game.socket as ClosableSocket), closedByServer(lobby.socket as ClosableSocket)];
      await phone.api.logout();
      expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
      expectRefusedEverywhere(await everyRoute(phone.token));
      await expectSocketsRefused(phone, slug);
      // The other device's token and socket are untouched.
      expect(otherGame.socket.connected).toBe(true);
      await expect(laptop.api.me()).resolves.toMatchObject({ id: phone.id });
    } finally {
      for (const client of [game, lobby, otherGame]) client.close();
    }
  });

  it('keeps refusing a logged-out token after a restart', async () => {
    const player = await newPlayer(server.url, 'restart');
    await new ApiClient({ baseUrl: server.url, token: player.token }).logout();
    const again = await startTestServer({ dataDir: server.dataDir, jwtSecret: undefined });
    try {
      const answer = await fetch(`${again.url}/users/me`, { headers: { authorization: `Bearer ${player.token}` } });
      expect(answer.status).toBe(401);
    } finally {
      await again.close();
    }
  });
});

describe('log out everywhere', () => {
  it('refuses every token issued before it, on every device, and closes their sockets; a new login works', async () => {
    const one = await newPlayer(server.url, 'everywhere');
    const two = await secondDevice(one);
    const slug = await roomOf(one);
    const [gameOne, lobbyTwo] = await Promise.all([
      connectClient(server.url, one.token, slug),
      lobbyOf(server.url, two),
    ]);
    try {
      const closed = [
        closedByServer(gameOne.socket as ClosableSocket),
        closedByServer(lobbyTwo.socket as ClosableSocket),
      ];
      await two.api.logoutEverywhere();
      await Promise.all(closed);
      for (const device of [one, two]) {
        expectRefusedEverywhere(await everyRoute(device.token));
        await expectSocketsRefused(device, slug);
      }
      const three = await secondDevice(one);
      await expect(three.api.me()).resolves.toMatchObject({ id: one.id });
      await connectClient(server.url, three.token, slug).then((c) => c.close());
    } finally {
      gameOne.close();
      lobbyTwo.close();
    }
  });
});

describe('one identity check', () => {
  it('refuses the token of a deleted user on every route and both namespaces, exactly as a forged one', async () => {
    const ghost = await newPlayer(server.url, 'ghost');
    const host = await newPlayer(server.url, 'host');
    const slug = await roomOf(host);
    await server.store.db.deleteFrom('users').where('id', '=', ghost.id).execute();
    const deleted = await everyRoute(ghost.token);
    expectRefusedEverywhere(deleted);
    expect(deleted).toEqual(await everyRoute(`${ghost.token.slice(0, -4)}AAAA`));
    await expectSocketsRefused(ghost, slug);
  });
});
