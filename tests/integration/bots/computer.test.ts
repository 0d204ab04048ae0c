import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACERS, type PlacementStrategy, playGame, SHOOTERS, type ShotStrategy } from '../../../src/bots';
import { cellIndex, createRng, SHIP_KEYS, type ShipMap } from '../../../src/game';
import { ApiError, type PlayerStateView, StateFrameSchema, type WireStateFrame } from '../../../src/protocol';
import { connectClient, newPlayer, waitForState } from '../../support/players';
import { startTestServer, type TestServer } from '../../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { maxBotGames: 4 } });
});
afterAll(async () => {
  await server.dispose();
});

/** Every shot of the room's current round, from the database. */
async function storedShots(slug: string) {
  const game = await server.store.db
    .selectFrom('games')
    .select('id')
    .where('room_slug', '=', slug)
    .orderBy('round', 'desc')
    .executeTakeFirstOrThrow();
  return server.store.rounds.shotsOf(game.id);
}

const huntShooter = SHOOTERS.hunt as ShotStrategy;
const randomPlacer = PLACERS.random as PlacementStrategy;

describe('a person against the computer', () => {
  for (const [index, level] of (['easy', 'medium', 'hard'] as const).entries()) {
    it(`plays a whole game against ${level}: the computer never shoots out of turn or twice`, async () => {
      const frames: WireStateFrame[] = [];
      const taken: PlayerStateView[] = [];
      let slugSeen = '';
      const stop = server.computers.onFrame((slug, userId, frame, view) => {
        if (userId !== `bot-${level}` || slug !== slugSeen) return;
        frames.push(frame);
        taken.push(view);
      });
      const refusedBefore = server.computers.stats().refused;
      const human = await newPlayer(server.url, 'human');
      const { slug, bot } = await human.api.computerGame({ level });
      slugSeen = slug;
      const client = await connectClient(server.url, human.token, slug);
      expect(await client.joinRoom(slug)).toBe('PLACE_SHIPS');
      const state = await waitForState(client, (s) => s.members.length === 2);
      expect(state.members.map((m) => m.bot ?? null)).toEqual([null, level]);
      expect(state.members[1]?.username).toBe(bot.username);
      const rng = createRng(100 + index);
      const fleet: ShipMap = randomPlacer.place(rng);
      const outcome = await playGame(
        client,
        { userId: human.id, shooter: huntShooter, placer: { ...randomPlacer, place: () => fleet }, rng },
        { start: false, stepTimeoutMs: 20_000 },
      );
      stop();
      expect([human.id, bot.userId]).toContain(outcome.winner.userId);

      // Turns alternate after every shot, and nobody shoots a cell twice.
      const shots = await storedShots(slug);
      for (let i = 1; i < shots.length; i++) expect(shots[i]?.shooterId).not.toBe(shots[i - 1]?.shooterId);
      const botCells = shots.filter((s) => s.shooterId === bot.userId).map(cellIndex);
      expect(new Set(botCells).size).toBe(botCells.length);
      expect(server.computers.stats().refused).toBe(refusedBefore);

      // What the computer was sent: the same one `state` frame per change a broadside/2 socket
      // gets (it used to be the field events), and nothing a player may not see.
      const humanCells = new Set(SHIP_KEYS.flatMap((k) => fleet[k].map(cellIndex)));
      let ended = false;
      for (const [i, frame] of frames.entries()) {
        // Checked as a client reads it off a socket: JSON, the schema, then the view it reads (grids
        // back from rows); the seat took in that very view, without the rows.
        const parsed = StateFrameSchema.safeParse(JSON.parse(JSON.stringify(frame)));
        expect(parsed.success, `frame ${frame.seq} matches StateFrameSchema`).toBe(true);
        if (!parsed.success) continue;
        expect(taken[i]).toEqual(parsed.data.view);
        if (i > 0) expect(frame.seq).toBeGreaterThan(frames[i - 1]?.seq ?? 0);
        const { view } = parsed.data;
        if (view.status === 'ENDED') ended = true;
        if (ended) continue;
        const shotByBot = new Set<number>();
        view.opponentBoats.forEach((row, y) => {
          row.forEach((cell, x) => {
            expect('EMHD').toContain(cell);
            if (cell !== 'E') shotByBot.add(cellIndex({ x, y }));
          });
        });
        for (const cells of Object.values(view.opponentShipsIndexes)) {
          expect(cells?.every((c) => shotByBot.has(cellIndex(c)))).toBe(true);
        }
        // No coordinate of an unshot ship of the person's fleet anywhere but the computer's own fleet.
        const { shipsIndexes: _own, ...rest } = view;
        for (const match of JSON.stringify(rest).matchAll(/\{"x":(\d),"y":(\d)\}/g)) {
          const cell = cellIndex({ x: Number(match[1]), y: Number(match[2]) });
          if (humanCells.has(cell)) expect(shotByBot.has(cell)).toBe(true);
        }
      }
      expect(frames.length).toBeGreaterThan(40);
      expect(ended).toBe(true);

      // The same end as any game: stored, and counted apart in the person's record.
      const me = await human.api.me();
      expect(me.computerGamesPlayed).toBe(1);
      expect(me.computerGamesWon).toBe(outcome.won ? 1 : 0);
      expect(me.gamesPlayed).toBe(0);

      // The computer accepts a rematch: it places again and the second game is played out.
      expect(await client.replay(slug)).toBe('PLACE_SHIPS');
      const again = await playGame(
        client,
        { userId: human.id, shooter: huntShooter, placer: randomPlacer, rng },
        { start: false, stepTimeoutMs: 20_000 },
      );
      expect([human.id, bot.userId]).toContain(again.winner.userId);
      expect((await human.api.me()).computerGamesPlayed).toBe(2);
      client.close();
    }, 120_000);
  }
});

describe('computer seats', () => {
  it('refuses a game with a clear 503 once MAX_BOT_GAMES rooms seat a computer, and frees the seat when the person leaves', async () => {
    const busy = await startTestServer({ config: { maxBotGames: 1, botIdleSeconds: 1 } });
    try {
      const a = await newPlayer(busy.url, 'a');
      const b = await newPlayer(busy.url, 'b');
      const first = await a.api.computerGame({ level: 'easy' });
      const refusal = await b.api.computerGame({ level: 'hard' }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ApiError);
      expect((refusal as ApiError).status).toBe(503);
      expect((refusal as ApiError).message).toMatch(/All 1 computer opponents are busy/);
      expect(busy.computers.stats().seats).toBe(1);

      // Nobody opened the first room: its computer leaves after BOT_IDLE_SECONDS and the seat is free.
      await expect.poll(() => busy.computers.stats().seats, { timeout: 10_000 }).toBe(0);
      const second = await b.api.computerGame({ level: 'hard' });
      expect(second.slug).not.toBe(first.slug);

      // The first room's person comes back: the computer takes its seat again (over the limit: a
      // game in progress is never refused) and plays on.
      const client = await connectClient(busy.url, a.token, first.slug);
      expect(await client.joinRoom(first.slug)).toBe('PLACE_SHIPS');
      await waitForState(client, (s) => s.members.some((m) => m.bot === 'easy' && m.socketId !== null), 10_000);
      expect(busy.computers.stats().seats).toBe(2);
      client.close();
    } finally {
      await busy.dispose();
    }
  }, 60_000);

  it('rejects a bad level and a missing token without creating anything', async () => {
    const p = await newPlayer(server.url, 'p');
    const before = server.computers.stats().seats;
    const bad = await fetch(`${server.url}/room/computer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
      body: JSON.stringify({ level: 'impossible' }),
    });
    expect(bad.status).toBe(400);
    const anonymous = await fetch(`${server.url}/room/computer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'easy' }),
    });
    expect(anonymous.status).toBe(401);
    expect(server.computers.stats().seats).toBe(before);
  });
});
