import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACERS, type PlacementStrategy, SHOOTERS, type ShotStrategy } from '../../src/bots';
import { analyseGame } from '../../src/bots/analysis';
import { createRng } from '../../src/game';
import { ApiError, type GameRecord } from '../../src/protocol';
import type { AnalysisAnswer } from '../../src/protocol/analysis';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, newPlayer, type TestPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Issue 33 on a real server (docs/protocol.md, "Analysis"): a finished game's analysis computed in
 * the analysis pool, 202 with Retry-After while it runs, kept once; games in progress refused; the
 * bounds per account and in total; the hint against the computer only; a player's insights.
 */

let server: TestServer;
const SAMPLES = 2000;
beforeAll(async () => {
  // One analysis per account and three in all, so the bounds are reached with few games; fewer
  // boards per position than the default 20 000, so whole games are graded in seconds.
  server = await startTestServer({
    config: { analysesPerAccount: 1, analysesQueued: 3, analysisWorkers: 1, analysisSamples: SAMPLES },
  });
});
afterAll(async () => {
  await server.dispose();
});

/** A whole game between two fresh players (each scans the board in reading order); its id and both players. */
async function finishedGame(): Promise<{ gameId: number; a: TestPlayer; b: TestPlayer }> {
  const { slug, a, b } = await twoPlayersInRoom(server.url);
  const { first, second } = await startAndPlace(slug, a, b);
  await playToTheEnd(first, second);
  a.client.close();
  b.client.close();
  const history = await a.player.api.history('me');
  return { gameId: history.games[0]?.gameId ?? 0, a: a.player, b: b.player };
}

async function raw(
  player: TestPlayer | null,
  path: string,
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    headers: player ? { authorization: `Bearer ${player.token}` } : {},
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Asks until the analysis is done, as a client does (sooner than Retry-After: tests wait for nothing). */
async function analysed(player: TestPlayer, gameId: number): Promise<AnalysisAnswer & { status: 'done' }> {
  for (let i = 0; i < 600; i++) {
    const answer = await player.api.gameAnalysis(gameId);
    if (answer.status === 'done') return answer;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`game ${gameId} was not analysed within two minutes`);
}

describe('GET /games/{id}/analysis', () => {
  it('answers 202 with Retry-After while it runs, then the analysis, computed once and kept', async () => {
    const { gameId, a, b } = await finishedGame();
    const first = await raw(a, `/games/${gameId}/analysis`);
    expect(first.status).toBe(202);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(first.body).toMatchObject({ gameId, status: expect.stringMatching(/queued|running/), ahead: 0 });

    const done = await analysed(b, gameId);
    const record = (await a.api.gameRecord(gameId)) as GameRecord;
    // The analysis the engine gives in-process with the game id as its seed (so the CLI agrees).
    const expected = analyseGame(record, { seed: gameId, samples: SAMPLES });
    expect(done.analysis).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(done.analysis.players.map((p) => p.userId)).toEqual([a.id, b.id]);
    const moves = done.analysis.players.reduce((n, p) => n + p.moves, 0);
    expect(moves).toBe(record.shots.length);

    // Kept: asked again, the same analysis from the same moment, with no new work.
    const again = await b.api.gameAnalysis(gameId);
    expect(again).toEqual(done);
    const rows = await server.store.db
      .selectFrom('analysis_players')
      .select(['user_id', 'accuracy'])
      .where('game_id', '=', gameId)
      .execute();
    expect(rows).toHaveLength(2);
  }, 180_000);

  it('refuses a game in progress, an unknown game, a bad id and no token, and starts no work', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first } = await startAndPlace(slug, a, b);
    await first.client.shoot({ x: 0, y: 0 });
    const game = await server.store.db
      .selectFrom('games')
      .select('id')
      .where('room_slug', '=', slug)
      .executeTakeFirstOrThrow();
    const live = await raw(a.player, `/games/${game.id}/analysis`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ message: `Game ${game.id} is not over: a game is analysed once it has ended` });
    expect((await raw(a.player, '/games/999999/analysis')).status).toBe(404);
    expect((await raw(a.player, '/games/abc/analysis')).status).toBe(400);
    expect((await raw(null, `/games/${game.id}/analysis`)).status).toBe(401);
    const stored = await server.store.db
      .selectFrom('analyses')
      .select('game_id')
      .where('game_id', '=', game.id)
      .execute();
    expect(stored).toEqual([]);
    // A spectator of the match is not told more: the game's record is refused the same way.
    await expect(b.player.api.gameAnalysis(game.id)).rejects.toMatchObject({ status: 409 });
    a.client.close();
    b.client.close();
  });

  it('answers `none` with ?start=0 for a game never analysed, and starts nothing', async () => {
    const { gameId, a } = await finishedGame();
    const none = await raw(a, `/games/${gameId}/analysis?start=0`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ status: 'none', gameId });
    expect(await a.api.gameAnalysis(gameId, false)).toEqual({ status: 'none', gameId });
    expect((await raw(a, `/games/${gameId}/analysis?start=2`)).status).toBe(400);
    expect((await raw(a, `/games/${gameId}/analysis?begin=1`)).status).toBe(400);
    const stored = await server.store.db
      .selectFrom('analyses')
      .select('game_id')
      .where('game_id', '=', gameId)
      .execute();
    expect(stored).toEqual([]);
    // Once asked for, ?start=0 follows it like any other question: 202 while it runs, then done.
    expect((await raw(a, `/games/${gameId}/analysis`)).status).toBe(202);
    const under = await raw(a, `/games/${gameId}/analysis?start=0`);
    expect([200, 202]).toContain(under.status);
    expect(under.body).toMatchObject({ status: expect.stringMatching(/queued|running|done/) });
    await analysed(a, gameId);
  }, 180_000);

  it('bounds the analyses per account (429 ANALYSES) and in all (503), each with Retry-After', async () => {
    const games = await Promise.all([finishedGame(), finishedGame(), finishedGame(), finishedGame()]);
    const [g1, g2, g3, g4] = games;
    if (!g1 || !g2 || !g3 || !g4) throw new Error('four games');
    expect((await raw(g1.a, `/games/${g1.gameId}/analysis`)).status).toBe(202);
    // The same account's second analysis waits for its first.
    const second = await raw(g1.a, `/games/${g2.gameId}/analysis`);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ reason: 'ANALYSES', limit: 1 });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Asking again for a game under way joins it: no new slot, no refusal.
    expect((await raw(g1.a, `/games/${g1.gameId}/analysis`)).status).toBe(202);
    // Other accounts fill the queue (three in all), then the server is busy for everybody.
    expect((await raw(g2.b, `/games/${g2.gameId}/analysis`)).status).toBe(202);
    expect((await raw(g3.b, `/games/${g3.gameId}/analysis`)).status).toBe(202);
    const full = await raw(g4.b, `/games/${g4.gameId}/analysis`);
    expect(full.status).toBe(503);
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    for (const g of [g1, g2, g3]) await analysed(g.b, g.gameId);
    // Done, the bounds are free again.
    expect((await raw(g4.b, `/games/${g4.gameId}/analysis`)).status).toBe(202);
    await analysed(g4.b, g4.gameId);
  }, 240_000);
});

describe('GET /rooms/{slug}/hint', () => {
  const hunt = SHOOTERS.hunt as ShotStrategy;
  const random = PLACERS.random as PlacementStrategy;

  it('gives the heat map and the best cell in a game against the computer, from what the player knows', async () => {
    const human = await newPlayer(server.url, 'hinted');
    const { slug } = await human.api.computerGame({ level: 'easy' });
    const client = await connectClient(server.url, human.token, slug);
    await client.joinRoom(slug);
    await waitForState(client, (s) => s.members.length === 2);
    expect(await client.placeShips(random.place(createRng(4)))).toBeNull();
    await waitForState(client, (s) => s.gameStatus === 'PLAY');
    const hint = await human.api.hint(slug);
    expect(hint.heat).toHaveLength(100);
    expect(hint.best).toHaveLength(1);
    const [best] = hint.best;
    // The best cell is where the heat is highest.
    expect(hint.heat[(best?.y ?? 0) * 10 + (best?.x ?? 0)]).toBe(Math.max(...hint.heat));
    // Someone else may not ask, and a game between people never gets one.
    const stranger = await newPlayer(server.url, 'stranger');
    await expect(stranger.api.hint(slug)).rejects.toMatchObject({ status: 403 });
    client.close();

    const people = await twoPlayersInRoom(server.url);
    await startAndPlace(people.slug, people.a, people.b);
    const refused = await raw(people.a.player, `/rooms/${people.slug}/hint`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/against the computer only/) });
    people.a.client.close();
    people.b.client.close();
    await expect(human.api.hint('no-such-room')).rejects.toMatchObject({ status: 404 });
  });

  it('knows the misses, hits and sunk ships the player saw: no heat on a cell already fired at', async () => {
    const human = await newPlayer(server.url, 'hinted2');
    const { slug } = await human.api.computerGame({ level: 'easy' });
    const client = await connectClient(server.url, human.token, slug);
    await client.joinRoom(slug);
    await waitForState(client, (s) => s.members.length === 2);
    expect(await client.placeShips(random.place(createRng(5)))).toBeNull();
    // Six shots of the player's, each on its turn (the computer answers at once in tests).
    for (let i = 0; i < 6; i++) {
      await waitForState(
        client,
        (st) => st.gameStatus === 'PLAY' && st.members.some((m) => m.userId === human.id && m.hasToPlay),
      );
      const view = client.state;
      const target = hunt.nextShot(
        { grid: view?.opponentBoats ?? [], sunk: view?.opponentShipsIndexes ?? {} },
        createRng(i),
      );
      await client.shoot(target);
    }
    await waitForState(client, (st) => st.opponentBoats.flat().filter((c) => c !== 'E').length >= 6);
    const state = client.state;
    const hint = await human.api.hint(slug);
    const misses = (state?.opponentBoats ?? []).flatMap((row, y) =>
      row.flatMap((c, x) => (c === 'M' ? [y * 10 + x] : [])),
    );
    for (const c of misses) expect(hint.heat[c]).toBe(0);
    client.close();
  });
});

describe('GET /users/{id}/insights', () => {
  it("shows a player's games, accuracy once analysed, and where their ships stand", async () => {
    const { gameId, a, b } = await finishedGame();
    const before = await a.api.insights('me');
    expect(before.games.map((g) => g.gameId)).toEqual([gameId]);
    expect(before.games[0]).toMatchObject({ accuracy: null, luck: null });
    // The owner's visit started the analysis of the game.
    expect(before.pending).toBe(1);
    await analysed(a, gameId);
    const after = await b.api.insights(a.id);
    expect(after.analysed).toBe(1);
    expect(after.games[0]?.accuracy).toBeGreaterThan(0);
    expect(after.placement.games).toBe(1);
    expect(after.placement.tip).toBe('few');
    expect(after.placement.heat.reduce((s, v) => s + v, 0)).toBe(17 * 1000);
    await expect(a.api.insights('nobody-at-all')).rejects.toBeInstanceOf(ApiError);
  }, 120_000);
});
