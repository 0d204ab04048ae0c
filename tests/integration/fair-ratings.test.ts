import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorAck } from '../../src/protocol';
import type { Seat } from '../support/game';
import { playingRoom } from '../support/match';
import { newPlayer, type TestPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/* Ratings only from played games (docs/game.md, "Ratings"), with small bounds so a test reaches them. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { ratedGamesPerPairPerDay: 2, leaderboardMinGames: 2 } });
});
afterAll(async () => {
  await server.dispose();
});

/** The seat whose turn it is now, shooting `(x, y)`; resolves once the other seat has the turn. */
async function fire(seat: Seat, other: Seat, x: number, y: number): Promise<void> {
  expect(isErrorAck(await seat.client.shoot({ x, y }))).toBe(false);
  await waitForState(other.client, (s) => s.members.some((m) => m.userId === other.player.id && m.hasToPlay));
}

/**
 * One game between the two players (fresh ones unless given): `shots` alternate from the first
 * player, then `resigner` ('first' or 'second') gives up. Returns the game id, the winner and the loser.
 */
async function game(
  shots: number,
  resigner: 'first' | 'second',
  players?: readonly [TestPlayer, TestPlayer],
  on: TestServer = server,
) {
  const { slug, first, second } = await playingRoom(on.url, null, players);
  for (let i = 0; i < shots; i++) {
    const [shooter, other] = i % 2 === 0 ? [first, second] : [second, first];
    await fire(shooter, other, i, 0);
  }
  const [loser, winner] = resigner === 'first' ? [first, second] : [second, first];
  // The resigner resigns on their own turn or not: resigning is allowed whenever the game is in PLAY.
  expect(await loser.client.resign(slug)).toBeNull();
  await waitForState(winner.client, (s) => s.gameStatus === 'ENDED');
  first.client.close();
  second.client.close();
  await on.ratings.settled();
  const row = await on.store.db
    .selectFrom('games')
    .select(['id', 'unrated_reason', 'rated_at'])
    .where('room_slug', '=', slug)
    .executeTakeFirstOrThrow();
  return { row, winner: winner.player, loser: loser.player };
}

describe('a game that ends before each player has fired', () => {
  it('is recorded in both histories but not rated: resigned at once, or after one shot', async () => {
    for (const shots of [0, 1]) {
      const { row, winner, loser } = await game(shots, shots === 0 ? 'first' : 'second');
      expect(row.rated_at).not.toBeNull();
      expect(row.unrated_reason).toBe('NOT_PLAYED');
      for (const player of [winner, loser]) {
        expect((await player.api.rating('me')).rating).toBeNull();
        const history = await player.api.history('me');
        expect(history.games).toHaveLength(1);
        expect(history.games[0]?.gameId).toBe(row.id);
        expect(history.games[0]?.rating).toBeNull();
      }
    }
  });

  it('is rated once both have fired, however it ends', async () => {
    const { row, winner, loser } = await game(2, 'first');
    expect(row.unrated_reason).toBeNull();
    expect((await winner.api.rating('me')).rating?.rating).toBeGreaterThan(1500);
    expect((await loser.api.rating('me')).rating?.rating).toBeLessThan(1500);
  });
});

describe('the same two accounts', () => {
  it('are rated against each other at most RATED_GAMES_PER_PAIR_PER_DAY times in a day; others are not held back', async () => {
    const pair = [await newPlayer(server.url, 'farm'), await newPlayer(server.url, 'mule')] as const;
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await game(2, 'second', pair));
    expect(outcomes.map((o) => o.row.unrated_reason)).toEqual([null, null, 'PAIR_LIMIT']);
    const [farm, mule] = pair;
    expect((await farm.api.rating('me')).rating?.games).toBe(2);
    expect((await mule.api.rating('me')).rating?.games).toBe(2);
    // The same account against someone else is rated.
    const other = await newPlayer(server.url, 'other');
    const fresh = await game(2, 'second', [farm, other]);
    expect(fresh.row.unrated_reason).toBeNull();
    expect((await farm.api.rating('me')).rating?.games).toBe(3);
  });
});

describe('the leaderboard', () => {
  it('lists only players with LEADERBOARD_MIN_GAMES rated games, says its rules, and shows a newcomer their own line', async () => {
    const [ann, bob, cat] = await Promise.all(['ann', 'bob', 'cat'].map((n) => newPlayer(server.url, n)));
    if (!ann || !bob || !cat) throw new Error('three players expected');
    await game(2, 'second', [ann, bob]);
    let board = await ann.api.leaderboard();
    expect(board.rules).toEqual({ minGames: 2, ratedGamesPerPairPerDay: 2 });
    expect(board.players.map((p) => p.userId)).not.toContain(ann.id);
    expect(board.me).toMatchObject({ userId: ann.id, games: 1, ranked: false });
    expect(board.players.every((p) => p.games >= 2)).toBe(true);
    const listed = board.total;

    await game(2, 'second', [ann, cat]);
    board = await ann.api.leaderboard();
    expect(board.players.map((p) => p.userId)).toContain(ann.id);
    expect(board.me).toMatchObject({ userId: ann.id, games: 2, ranked: true });
    expect(board.total).toBe(listed + 1);
    expect((await bob.api.rating('me')).rating).toMatchObject({ games: 1, ranked: false });
  });
});

describe('the default rules (issue 36: two players #1 on their profiles, nobody on the leaderboard)', () => {
  let defaults: TestServer;
  beforeAll(async () => {
    defaults = await startTestServer();
  });
  afterAll(async () => {
    await defaults.dispose();
  });

  it("list and rank a provisional rating from the first rated game, the profile giving the leaderboard's own rank", async () => {
    const pair = await Promise.all(['new', 'kid'].map((n) => newPlayer(defaults.url, n)));
    const [ann, bob] = pair;
    if (!ann || !bob) throw new Error('two players expected');
    const { winner, loser } = await game(2, 'second', [ann, bob], defaults);
    const board = await ann.api.leaderboard();
    expect(board.rules?.minGames).toBe(1);
    const lines = board.players.filter((p) => p.userId === winner.id || p.userId === loser.id);
    expect(lines.map((p) => p.userId)).toEqual([winner.id, loser.id]);
    expect(lines.every((p) => p.provisional && p.ranked && p.games === 1)).toBe(true);
    expect(lines[0]?.rank).toBeLessThan(lines[1]?.rank ?? 0);
    for (const line of lines) {
      const player = line.userId === ann.id ? ann : bob;
      const { rating } = await player.api.rating('me');
      expect(rating).toMatchObject({ rank: line.rank, ranked: true, provisional: true, rating: line.rating });
    }
  });
});
