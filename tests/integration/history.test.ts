import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptSchema } from '../../cli/script/schema';
import type { ShotResult } from '../../src/game';
import { ApiClient, ApiError, type HistoryPage } from '../../src/protocol';
import { placeBoth, playToTheEnd, type Seat, startAndPlace, twoPlayersInRoom } from '../support/game';
import { waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';
import { runCli } from './cli/cli';

let server: TestServer;
beforeAll(async () => {
  // One rated game lists a player here (the default asks for 5: docs/game.md, Ratings).
  server = await startTestServer({ config: { leaderboardMinGames: 1 } });
});
afterAll(async () => {
  await server.dispose();
});

type Played = Awaited<ReturnType<typeof playToTheEnd>>;

/** Plays one whole game in a fresh room; returns the seats and every shot with its answer. */
async function playOneGame(): Promise<{ slug: string; a: Seat; b: Seat; played: Played }> {
  const { slug, a, b } = await twoPlayersInRoom(server.url);
  const { first, second } = await startAndPlace(slug, a, b);
  const played = await playToTheEnd(first, second);
  await waitForState(a.client, (s) => s.gameStatus === 'ENDED');
  return { slug, a, b, played };
}

/** The status and message of a refused call. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('a finished game', () => {
  it('is in both histories, its record equals the shots played, ratings move, and its export replays it', async () => {
    const { a, b, played } = await playOneGame();
    const winner = played.winner;
    const loser = winner === a ? b : a;
    const history = await a.player.api.history('me');
    expect(history.total).toBe(1);
    const entry = history.games[0];
    if (!entry) throw new Error('no history entry');
    expect(entry.opponent).toEqual({ userId: b.player.id, username: b.player.username, bot: null });
    expect(entry.result).toBe(winner === a ? 'WON' : 'LOST');
    expect(entry.endReason).toBe('SUNK');
    const byA = played.shots.filter((s) => s.seat === a);
    expect(entry.shots).toBe(byA.length);
    expect(entry.hits).toBe(byA.filter((s) => s.result !== 'M').length);
    expect(entry.opponentShots).toBe(played.shots.length - byA.length);
    const fromB = await b.player.api.history('me');
    expect(fromB.games[0]?.gameId).toBe(entry.gameId);
    expect(fromB.games[0]?.result).toBe(winner === b ? 'WON' : 'LOST');

    // The replay record is exactly the game: both fleets, every shot in order with its answer.
    const record = await b.player.api.gameRecord(entry.gameId);
    expect(record.players.map((p) => [p.userId, p.fleet])).toEqual([
      [a.player.id, a.fleet],
      [b.player.id, b.fleet],
    ]);
    expect(record.shots.map((s) => ({ shooter: s.shooterId, x: s.x, y: s.y, result: s.result }))).toEqual(
      played.shots.map((s) => ({ shooter: s.seat.player.id, x: s.at.x, y: s.at.y, result: s.result })),
    );
    expect(record.shots.map((s) => s.seq)).toEqual(played.shots.map((_, i) => i));
    expect(record.winner).toBe(winner.player.id);
    expect(record.endReason).toBe('SUNK');
    expect(record.passes).toEqual([]);

    // Ratings: the winner goes up from 1500, the loser down, and the leaderboard agrees.
    await server.ratings.settled();
    const up = await winner.player.api.rating('me');
    const down = await loser.player.api.rating('me');
    expect(up.rating?.rating).toBeGreaterThan(1500);
    expect(down.rating?.rating).toBeLessThan(1500);
    expect(up.rating?.games).toBe(1);
    expect(up.rating?.wins).toBe(1);
    expect(down.rating?.wins).toBe(0);
    expect(up.rating?.rank).toBeLessThan(down.rating?.rank ?? 0);
    const rated = (await winner.player.api.history('me')).games[0]?.rating;
    expect(rated?.before).toBe(1500);
    expect(rated?.after).toBeGreaterThan(1500);
    const board = await loser.player.api.leaderboard();
    const ids = board.players.map((p) => p.userId);
    expect(ids.indexOf(winner.player.id)).toBeLessThan(ids.indexOf(loser.player.id));
    expect(board.me?.userId).toBe(loser.player.id);

    // Export → `broadside script` plays the same game again, every answer as it was.
    const exported = await runCli(['export', String(entry.gameId), '--register', '--server', server.url]);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const script = ScriptSchema.parse(JSON.parse(exported.stdout));
    expect(script.fleet).toEqual(winner.fleet);
    expect(script.opponent?.fleet).toEqual(loser.fleet);
    expect(script.expectWinner).toBe('me');
    const file = join(mkdtempSync(join(tmpdir(), 'broadside-export-')), 'game.json');
    writeFileSync(file, exported.stdout);
    const run = await runCli(['script', file, '--server', server.url, '--json', '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<{
      steps: { x: number; y: number; result: ShotResult; expect: ShotResult }[];
      opponentSteps: { x: number; y: number; result: ShotResult }[];
      winner: string;
      username: string;
    }>();
    const answers = (seat: Seat) =>
      played.shots.filter((s) => s.seat === seat).map((s) => `${s.at.x}${s.at.y}${s.result}`);
    expect(report.steps.map((s) => `${s.x}${s.y}${s.result}`)).toEqual(answers(winner));
    // The opponent fires the loser's shots, then, if the server's draw gave it one more turn, a padding miss.
    const theirs = answers(loser);
    const planned = (script.opponent?.shots ?? []).map((s) => `${s.x}${s.y}${s.expect}`);
    expect(planned.slice(0, theirs.length)).toEqual(theirs);
    expect(report.opponentSteps.length).toBeGreaterThanOrEqual(theirs.length - 1);
    expect(report.opponentSteps.map((s) => `${s.x}${s.y}${s.result}`)).toEqual(
      planned.slice(0, report.opponentSteps.length),
    );
    expect(report.winner).toBe(report.username);
    // The download the viewer offers is the same file, less the game's record that the CLI's
    // export adds for `broadside view` and `broadside analyse` (docs/cli.md).
    const { record: exportedRecord, ...offered } = JSON.parse(exported.stdout) as { record?: unknown };
    expect(await a.player.api.gameScript(entry.gameId)).toEqual(offered);
    expect(exportedRecord).toEqual(record);
    a.client.close();
    b.client.close();
  }, 180_000);
});

describe('history', () => {
  it('pages a player’s finished games, newest first', async () => {
    const { slug, a, b, played } = await playOneGame();
    const winners = [played.winner.player.id];
    for (let round = 0; round < 2; round++) {
      expect(await a.client.replay(slug)).toBe('PLACE_SHIPS');
      await waitForState(b.client, (s) => s.gameStatus === 'PLACE_SHIPS');
      const { first, second } = await placeBoth(a, b);
      winners.push((await playToTheEnd(first, second)).winner.player.id);
      await waitForState(a.client, (s) => s.gameStatus === 'ENDED');
    }
    const first = await a.player.api.history('me', 1, 2);
    const second = await a.player.api.history(a.player.id, 2, 2);
    const third = await a.player.api.history('me', 3, 2);
    expect([first.total, second.total, third.total]).toEqual([3, 3, 3]);
    expect(first.games.map((g) => g.round)).toEqual([3, 2]);
    expect(second.games.map((g) => g.round)).toEqual([1]);
    expect(third.games).toEqual([]);
    const all: HistoryPage['games'] = [...first.games, ...second.games];
    expect(all.map((g) => g.endedAt)).toEqual([...all.map((g) => g.endedAt)].sort((x, y) => y - x));
    expect(all.map((g) => g.result)).toEqual([...winners].reverse().map((w) => (w === a.player.id ? 'WON' : 'LOST')));
    // Anyone logged in may read another player's history; the default page size is 10.
    const seen = await b.player.api.history(a.player.id);
    expect(seen.user.userId).toBe(a.player.id);
    expect(seen.pageSize).toBe(10);
    expect(seen.games).toHaveLength(3);
    a.client.close();
    b.client.close();
  }, 240_000);

  it('refuses bad queries, unknown users and games, unfinished games and missing tokens', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    await startAndPlace(slug, a, b);
    const api = a.player.api;
    const get = async (path: string, token: string | null = api.token) => {
      const res = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.status, body: (await res.json()) as { message: unknown } };
    };
    expect((await get('/users/me/history?pageSize=0')).status).toBe(400);
    expect((await get('/users/me/history?pageSize=51')).status).toBe(400);
    expect((await get('/users/me/history?page=abc')).status).toBe(400);
    expect((await get('/users/me/history?sort=asc')).body.message).toEqual(['unknown field(s): sort']);
    expect((await get('/users/nobody-at-all/history')).status).toBe(404);
    expect((await get('/users/me/history', null)).status).toBe(401);
    expect((await get('/games/1', 'not-a-token')).status).toBe(401);
    expect((await get('/games/abc')).status).toBe(400);
    expect((await get('/games/999999')).status).toBe(404);
    expect((await get('/ratings/leaderboard?limit=101')).status).toBe(400);
    // The game in play is not finished: no record, no export.
    const running = await server.store.db
      .selectFrom('games')
      .select('id')
      .where('room_slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(await refusal(api.gameRecord(running.id))).toMatchObject({ status: 409 });
    expect(await refusal(api.gameScript(running.id))).toMatchObject({ status: 409 });
    expect(await refusal(new ApiClient({ baseUrl: server.url }).leaderboard())).toMatchObject({ status: 401 });
    a.client.close();
    b.client.close();
  }, 60_000);
});

describe('games against the computer', () => {
  it('are in the history with the computer’s level, and are never rated', async () => {
    const { a } = await twoPlayersInRoom(server.url);
    const db = server.store.db;
    const slug = `computer-${a.player.id.slice(0, 8)}`;
    const now = Date.now();
    // A finished game between a person and the computer player of migration 003, as the server records one.
    await db.insertInto('rooms').values({ slug, created_by: a.player.id, created_at: now, status: 'ENDED' }).execute();
    await db
      .insertInto('members')
      .values([
        { room_slug: slug, user_id: a.player.id, position: 0, joined_at: now },
        { room_slug: slug, user_id: 'bot-easy', position: 1, joined_at: now },
      ])
      .execute();
    await db
      .insertInto('games')
      .values({
        room_slug: slug,
        round: 1,
        started_at: now,
        first_player: a.player.id,
        winner_id: a.player.id,
        ended_at: now + 1,
      })
      .execute();
    await server.ratings.sweep();
    const history = await a.player.api.history('me');
    expect(history.games[0]?.opponent).toMatchObject({ userId: 'bot-easy', bot: 'easy' });
    expect(history.games[0]?.result).toBe('WON');
    expect(history.games[0]?.rating).toBeNull();
    expect((await a.player.api.rating('me')).rating).toBeNull();
    expect((await a.player.api.rating('bot-easy')).rating).toBeNull();
    a.client.close();
  }, 60_000);
});
