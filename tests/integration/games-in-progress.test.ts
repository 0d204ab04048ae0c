import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, newPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

describe('GET /users/me/games', () => {
  it('lists the rooms a user is a member of that have not ended, latest change first', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const lonely = await a.player.api.createRoom({});
    const alone = await connectClient(server.url, a.player.token, lonely.slug);
    expect(await alone.joinRoom(lonely.slug)).toBe('UNSTARTED');
    // A room created but never joined is not one the user is a member of.
    await a.player.api.createRoom({});

    const first = await a.player.api.myGames();
    expect(first.games.map((g) => g.slug)).toEqual([lonely.slug, slug]);
    expect(first.games[0]).toMatchObject({ status: 'UNSTARTED', opponent: null });
    expect(first.games[1]).toMatchObject({
      status: 'UNSTARTED',
      opponent: { userId: b.player.id, username: b.player.username },
    });
    const bobs = await b.player.api.myGames();
    expect(bobs.games).toEqual([
      {
        slug,
        status: 'UNSTARTED',
        opponent: { userId: a.player.id, username: a.player.username },
        updatedAt: expect.any(Number),
      },
    ]);

    const { first: shooter, second } = await startAndPlace(slug, a, b);
    const playing = await a.player.api.myGames();
    expect(playing.games[0]).toMatchObject({ slug, status: 'PLAY' });
    expect(playing.games[0]?.updatedAt).toBeGreaterThanOrEqual(first.games[1]?.updatedAt ?? Number.POSITIVE_INFINITY);

    await playToTheEnd(shooter, second);
    expect((await a.player.api.myGames()).games.map((g) => g.slug)).toEqual([lonely.slug]);
    expect((await b.player.api.myGames()).games).toEqual([]);
    for (const c of [a.client, b.client, alone]) c.close();
  });

  it('needs the token of an existing user', async () => {
    const stranger = await newPlayer(server.url, 'carol');
    await expect(stranger.api.myGames()).resolves.toEqual({ games: [] });
    stranger.api.token = null;
    await expect(stranger.api.myGames()).rejects.toMatchObject({ status: 401 });
    stranger.api.token = 'not.a.token';
    await expect(stranger.api.myGames()).rejects.toBeInstanceOf(ApiError);
  });
});
