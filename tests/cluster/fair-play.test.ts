import { describe, expect, it } from 'vitest';
import { ApiClient, type LobbyClient } from '../../src/protocol';
import { clusterForSuite, clusterUnavailable } from '../support/cluster';
import { lobbyOf } from '../support/lobby';
import { connectClient, newPlayer, type TestPlayer } from '../support/players';

/**
 * The cross-node parts of fair play (docs/deploy.md, "Accounts and fair play") on two nodes behind
 * nginx, with PostgreSQL and Redis: a logout is refused by every node at once and closes the sockets
 * held by the other node; a per-account cap holds whichever node answers.
 */
describe.skipIf(clusterUnavailable)('fair play across two nodes', () => {
  const suite = clusterForSuite({ nodeEnv: { MAX_WAITING_ROOMS_PER_ACCOUNT: '3' } });
  const { nodes } = suite;

  const status = async (url: string, token: string): Promise<number> =>
    (await fetch(`${url}/users/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  function closed(socket: { once(event: 'disconnect', fn: (reason: string) => void): unknown }): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket is still open')), 10_000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  it('a logout on one node is refused by the other at once, and closes the sockets the other node holds', async () => {
    const [one, two] = nodes();
    const player = await newPlayer(suite.cluster.url, 'leaver');
    const { slug } = await player.api.createRoom({});
    const game = await connectClient(two.url, player.token, slug);
    const lobby: LobbyClient = await lobbyOf(two.url, player);
    try {
      expect(await status(two.url, player.token)).toBe(200);
      const gone = [
        closed(game.socket as unknown as Parameters<typeof closed>[0]),
        closed(lobby.socket as unknown as Parameters<typeof closed>[0]),
      ];
      await new ApiClient({ baseUrl: one.url, token: player.token }).logout();
      expect(await status(two.url, player.token)).toBe(401);
      expect(await status(suite.cluster.url, player.token)).toBe(401);
      expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
      await expect(connectClient(two.url, player.token, slug)).rejects.toThrow('UNAUTHORIZED');
    } finally {
      game.close();
      lobby.close();
    }
  });

  it('"log out everywhere" on one node ends the sessions of every device on both', async () => {
    const [one, two] = nodes();
    const phone = await newPlayer(suite.cluster.url, 'every');
    const laptop: TestPlayer = {
      ...phone,
      token: (
        await new ApiClient({ baseUrl: two.url }).login({ email: phone.email, password: 'correct horse battery' })
      ).access_token,
    };
    const lobby = await lobbyOf(one.url, laptop);
    try {
      const gone = closed(lobby.socket as unknown as Parameters<typeof closed>[0]);
      await new ApiClient({ baseUrl: two.url, token: phone.token }).logoutEverywhere();
      await gone;
      for (const url of [one.url, two.url])
        for (const token of [phone.token, laptop.token]) expect(await status(url, token)).toBe(401);
    } finally {
      lobby.close();
    }
  });

  it('counts an account’s waiting rooms in Redis: a burst spread over both nodes is held to the cap', async () => {
    const [one, two] = nodes();
    const host = await newPlayer(suite.cluster.url, 'burst');
    const create = (url: string) =>
      fetch(`${url}/room`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
        body: '{}',
      });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(i % 2 === 0 ? one.url : two.url)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(7);
    const body = (await refused[0]?.json()) as { reason?: string; limit?: number };
    expect(body).toMatchObject({ reason: 'WAITING_ROOMS', limit: 3 });
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
