import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, makeRules, randomFleet, type Rules } from '../../src/game';
import { type GameClient, isErrorAck, type OpenGame } from '../../src/protocol';
import { placeBoth } from '../support/game';
import { ratedGame as playRatedGame } from '../support/rated-game';
import { lobbyOf, roomOf } from '../support/lobby';
import { connectClient, newPlayer, type TestPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Bot accounts on the live server (docs/engines.md, "Bot accounts") and ratings per set of rules
 * (docs/game.md, "Ratings"), on a real server and database (SQLite here, PostgreSQL in integration-pg).
 */
const BOT_GAMES_PER_DAY = 2;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: { botGamesPerDay: BOT_GAMES_PER_DAY, ratedGamesPerPairPerDay: 0, leaderboardMinGames: 1 },
  });
});
afterAll(async () => {
  await server.dispose();
});

async function newBot(prefix = 'bot'): Promise<TestPlayer> {
  const player = await newPlayer(server.url, prefix);
  expect(await player.api.upgradeToBot()).toMatchObject({ title: 'BOT', upgraded: true });
  return player;
}

async function post(path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** `host` creates a room under `rules` and both join: the host's client and the guest's. */
async function seated(host: TestPlayer, guest: TestPlayer, rules?: Rules) {
  const { slug } = await host.api.createRoom({
    userId: host.id,
    username: host.username,
    socketId: null,
    ...(rules ? { rules } : {}),
  });
  const [hc, gc] = await Promise.all([
    connectClient(server.url, host.token, slug),
    connectClient(server.url, guest.token, slug),
  ]);
  expect(await hc.joinRoom(slug)).toBe('UNSTARTED');
  return { slug, hc, gc, join: () => gc.joinRoom(slug) };
}

/** One rated game (tests/support/rated-game.ts), rated before it resolves. */
async function ratedGame(winner: TestPlayer, loser: TestPlayer, rules: Rules = makeRules()): Promise<void> {
  await playRatedGame(server.url, winner, loser, rules);
  await server.ratings.sweep();
}

describe('upgrading an account to a bot account', () => {
  it('needs a token and no body, is done once for good, and shows in /users/me', async () => {
    expect((await post('/users/me/bot', null)).status).toBe(401);
    const player = await newPlayer(server.url, 'engine');
    const bad = await post('/users/me/bot', player.token, { please: true });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toContain('unknown field');
    expect((await player.api.me()).title ?? null).toBeNull();

    const first = await post('/users/me/bot', player.token);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: player.id, username: player.username, title: 'BOT', upgraded: true });
    const again = await player.api.upgradeToBot();
    expect(again).toMatchObject({ upgraded: false, botSince: first.body.botSince });
    expect((await player.api.me()).title).toBe('BOT');
    // The same token goes on working: the title is read with the session, not from the token.
    expect((await player.api.rating('me')).user).toMatchObject({ userId: player.id, title: 'BOT' });
  });

  it('is refused with 409 RATED_GAMES to an account that has played a rated game', async () => {
    const [ann, bea] = await Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'bea')]);
    await ratedGame(ann, bea);
    const refused = await post('/users/me/bot', ann.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ statusCode: 409, reason: 'RATED_GAMES' });
    expect(String(refused.body.message)).toMatch(/rated games.*sign up a new account/);
    expect((await ann.api.me()).title ?? null).toBeNull();
  });
});

describe('a bot account in rooms', () => {
  it('waits in a public room with its title in Open games and in the members; quick match is for people', async () => {
    const bot = await newBot();
    const person = await newPlayer(server.url, 'person');
    const lobby = await lobbyOf(server.url, person);
    const slug = await roomOf(bot, { public: true });
    const client = await connectClient(server.url, bot.token, slug);
    expect(await client.joinRoom(slug)).toBe('UNSTARTED');
    const listed = await new Promise<OpenGame>((resolve) => {
      const check = (games: readonly OpenGame[]) => {
        const game = games.find((g) => g.slug === slug);
        if (game) resolve(game);
      };
      check(lobby.openGames);
      lobby.onOpenGames(check);
    });
    expect(listed.host).toEqual({ userId: bot.id, username: bot.username, title: 'BOT' });

    const guest: GameClient = await connectClient(server.url, person.token, slug);
    expect(await guest.joinRoom(slug)).toBe('UNSTARTED');
    const state = await waitForState(guest, (s) => s.members.length === 2);
    expect(state.members.find((m) => m.userId === bot.id)?.title).toBe('BOT');
    expect(state.members.find((m) => m.userId === person.id)?.title ?? null).toBeNull();

    const botLobby = await lobbyOf(server.url, bot);
    const searching = await botLobby.findOpponent();
    expect(isErrorAck(searching) && searching.error).toBe('NOT_FOR_BOTS');
    for (const c of [client, guest]) c.close();
    lobby.close();
    botLobby.close();
  });
});

describe('games between two bots', () => {
  it(`are limited to BOT_GAMES_PER_DAY (${BOT_GAMES_PER_DAY}) per bot: 429 with Retry-After, or LIMIT_REACHED on a join`, async () => {
    const bot = await newBot('busy');
    for (let i = 0; i < BOT_GAMES_PER_DAY; i++) {
      expect((await post('/room/computer', bot.token, { level: 'easy' })).status).toBe(201);
    }
    const refused = await post('/room/computer', bot.token, { level: 'easy' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(refused.body).toMatchObject({ statusCode: 429, reason: 'BOT_GAMES', retryAfter, limit: BOT_GAMES_PER_DAY });

    // Joining another bot's room is a game between bots too: refused, and the seat stays free.
    const other = await newBot('host');
    const room = await seated(other, bot);
    const ack = await room.join();
    expect(ack).toMatchObject({ error: 'LIMIT_REACHED', reason: 'BOT_GAMES', limit: BOT_GAMES_PER_DAY });
    expect(isErrorAck(ack) && (ack.retryAfter ?? 0) > 23 * 3600).toBe(true);
    // A person may still play either of them.
    const person = await newPlayer(server.url, 'fan');
    const personClient = await connectClient(server.url, person.token, room.slug);
    expect(await personClient.joinRoom(room.slug)).toBe('UNSTARTED');
    expect((await post('/room', bot.token, {})).status).toBe(201);
    for (const c of [room.hc, room.gc, personClient]) c.close();
  });

  it('count for both bots, and a rematch between them counts again', async () => {
    const [a, b] = await Promise.all([newBot('left'), newBot('right')]);
    const { slug, hc, gc, join } = await seated(a, b);
    expect(await join()).toBe('UNSTARTED');
    expect(await gc.resign(slug)).toMatchObject({ error: 'WRONG_STATUS' });
    expect(await hc.startGame(slug)).toBeNull();
    await waitForState(gc, (s) => s.gameStatus === 'PLACE_SHIPS');
    await placeBoth(
      { player: a, client: hc, fleet: randomFleet(createRng(5)) },
      { player: b, client: gc, fleet: randomFleet(createRng(6)) },
    );
    expect(await gc.resign(slug)).toBeNull();
    await waitForState(hc, (s) => s.gameStatus === 'ENDED');
    expect(await hc.replay(slug)).toBe('PLACE_SHIPS');
    // Both bots have played their two games of the day: a third is refused to either.
    expect((await post('/room/computer', b.token, { level: 'easy' })).status).toBe(429);
    expect((await post('/room/computer', a.token, { level: 'easy' })).status).toBe(429);
    hc.close();
    gc.close();
  });
});

describe('ratings', () => {
  it('keep bots apart from people unless a person plays one', async () => {
    const [b1, b2] = await Promise.all([newBot('alpha'), newBot('omega')]);
    const [p1, p2] = await Promise.all([newPlayer(server.url, 'pia'), newPlayer(server.url, 'pol')]);
    await ratedGame(b1, b2);
    await ratedGame(p1, p2);
    const bots = await p1.api.leaderboard(100, { kind: 'bots' });
    expect(bots.kind).toBe('bots');
    expect(bots.players.map((p) => p.userId)).toEqual(expect.arrayContaining([b1.id, b2.id]));
    expect(bots.players.every((p) => p.title === 'BOT')).toBe(true);
    expect(bots.me).toBeNull();
    const people = await p1.api.leaderboard(100);
    expect(people.kind).toBe('people');
    expect(people.players.map((p) => p.userId)).toEqual(expect.arrayContaining([p1.id, p2.id]));
    expect(people.players.map((p) => p.userId)).not.toContain(b1.id);
    // The bot game moved only the bots, the people's game only the people.
    expect((await b1.api.rating('me')).rating).toMatchObject({ games: 1, wins: 1, rank: 1 });
    expect((await p1.api.rating('me')).rating).toMatchObject({ games: 1, wins: 1 });

    // A person plays a bot: both are rated, each stays on the board of their kind.
    await ratedGame(p2, b1);
    expect((await p2.api.rating('me')).rating).toMatchObject({ games: 2, wins: 1 });
    expect((await b1.api.rating('me')).rating).toMatchObject({ games: 2, wins: 1 });
    const after = await b1.api.leaderboard(100, { kind: 'bots' });
    expect(after.me).toMatchObject({ userId: b1.id, title: 'BOT', games: 2 });
    expect((await b1.api.leaderboard(100, { kind: 'people' })).players.map((p) => p.userId)).not.toContain(b1.id);
  });

  it('are kept per set of rules, with a leaderboard and statistics for each', async () => {
    const noTouch = makeRules({ touch: false });
    const [ann, bob] = await Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'bob')]);
    await ratedGame(ann, bob, noTouch);
    await ratedGame(ann, bob, noTouch);
    await ratedGame(bob, ann);
    const there = await ann.api.rating('me', noTouch);
    expect(there.rating).toMatchObject({ games: 2, wins: 2 });
    expect((await ann.api.rating('me')).rating).toMatchObject({ games: 1, wins: 0 });
    expect((await ann.api.rating('me', makeRules({ fleet: 'russian' }))).rating).toBeNull();

    const board = await bob.api.leaderboard(100, { rules: noTouch });
    expect(board.gameRules).toEqual(noTouch);
    expect(board.players.map((p) => p.userId)).toEqual(expect.arrayContaining([ann.id, bob.id]));
    expect(board.me).toMatchObject({ userId: bob.id, games: 2, wins: 0 });
    expect((await bob.api.leaderboard(100)).me).toMatchObject({ games: 1, wins: 1 });

    const stats = await ann.api.stats('me');
    expect(stats.byRules).toEqual([
      expect.objectContaining({ rules: noTouch, games: 2, wins: 2, rating: expect.objectContaining({ games: 2 }) }),
      expect.objectContaining({ rules: makeRules(), games: 1, wins: 0 }),
    ]);

    const bad = await fetch(`${server.url}/ratings/leaderboard?rules=fleet%3Dhuge`, {
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('fleet must be one of classic, russian');
  });

  it('name the sets of rules that have ratings, custom mixes included, per kind of board', async () => {
    const mix = makeRules({ touch: false, again: 'hit' });
    const [ann, bob] = await Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'bob')]);
    await ratedGame(ann, bob, mix);
    const people = await ann.api.ratedRules('people');
    expect(people.kind).toBe('people');
    expect(people.sets).toContainEqual({ rules: mix, players: 2 });
    expect(people.sets).toContainEqual(expect.objectContaining({ rules: makeRules() }));
    // Most players first.
    const counts = people.sets.map((s) => s.players);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await ann.api.ratedRules('bots')).sets).not.toContainEqual(expect.objectContaining({ rules: mix }));

    const get = (query: string, token: string | null = ann.token) =>
      fetch(`${server.url}/ratings/rules${query}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect((await get('?kind=robots')).status).toBe(400);
    expect((await get('?kind=people&extra=1')).status).toBe(400);
    expect((await get('', null)).status).toBe(401);
  });
});
