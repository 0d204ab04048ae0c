import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type LiveGame } from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, newPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

/** GET /games/live as a visitor (no token), until `predicate` holds. */
async function liveUntil(predicate: (games: LiveGame[]) => boolean, timeoutMs = 5000): Promise<LiveGame[]> {
  const visitor = new ApiClient({ baseUrl: server.url });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { games } = await visitor.liveGames();
    if (predicate(games)) return games;
    if (Date.now() > deadline) throw new Error(`live games not as expected: ${JSON.stringify(games)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /games/live (the Watch page)', () => {
  it('lists a game from placement to its end, with both players, its rules and status; never a lobby', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url, { rules: { shots: 'salvo' } });
    // A lobby is not a game to watch.
    expect((await liveUntil(() => true)).some((g) => g.slug === slug)).toBe(false);

    expect(await a.client.startGame(slug)).toBeNull();
    const placing = await liveUntil((games) => games.some((g) => g.slug === slug));
    expect(placing.find((g) => g.slug === slug)).toEqual({
      slug,
      players: [
        { userId: a.player.id, username: a.player.username },
        { userId: b.player.id, username: b.player.username },
      ],
      status: 'PLACE_SHIPS',
      since: expect.any(Number),
      rules: { fleet: 'classic', touch: true, shots: 'salvo', again: 'never' },
      turnSeconds: null,
    });
    a.client.close();
    b.client.close();
    // Every person gone: not worth watching any more.
    await liveUntil((games) => !games.some((g) => g.slug === slug));
  });

  it('shows a game in play, and drops it once it ends', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first, second } = await startAndPlace(slug, a, b);
    const playing = await liveUntil((games) => games.find((g) => g.slug === slug)?.status === 'PLAY');
    const since = playing.find((g) => g.slug === slug)?.since ?? 0;
    expect(since).toBeLessThanOrEqual(Date.now());
    await playToTheEnd(first, second);
    await liveUntil((games) => !games.some((g) => g.slug === slug));
    a.client.close();
    b.client.close();
  });

  it('lists a game against the computer once its player is at the table', async () => {
    const player = await newPlayer(server.url, 'solo');
    const { slug, bot } = await player.api.computerGame({ level: 'easy' });
    // The person has not opened the game yet: nobody at the table.
    expect((await liveUntil(() => true)).some((g) => g.slug === slug)).toBe(false);
    const client = await connectClient(server.url, player.token, slug);
    await client.joinRoom(slug);
    const games = await liveUntil((list) => list.some((g) => g.slug === slug));
    expect(games.find((g) => g.slug === slug)?.players.map((p) => p.userId)).toEqual([player.id, bot.userId]);
    client.close();
  });
});
