import { describe, expect, it } from 'vitest';
import type { ShotWrite, Storage } from '../../server/db/storage';
import { CLASSIC_RULES, type Shot } from '../../src/game';
import { botUserId, botUsername } from '../../src/bots/levels';
import { ratingContract } from './rating-contract';

/**
 * What every implementation of the storage interface answers alike (server/db/storage.ts): the
 * SQL one on SQLite and PostgreSQL (tests/integration/store-portability.test.ts) and the in-memory
 * one the authority's unit tests use (tests/unit/server/memory-storage.test.ts).
 */
const user = (id: string, username: string, email = `${id}@example.test`) => ({
  id,
  username,
  email,
  passwordHash: 'x',
});

/** A shot write in the order the fields are read aloud: where, which move, what, who won (if the game ended). */
export function shotWrite(
  slug: string,
  gameId: number,
  seq: number,
  shot: Shot,
  winner: string | null = null,
  at?: number,
): ShotWrite {
  return { slug, gameId, seq, shot, winner, ...(at === undefined ? {} : { at }) };
}

/** A classic fleet, one ship a row from the top. */
const FLEET = {
  '0': [0, 1, 2, 3, 4].map((x) => ({ x, y: 0 })),
  '1': [0, 1, 2, 3].map((x) => ({ x, y: 2 })),
  '2': [0, 1, 2].map((x) => ({ x, y: 4 })),
  '3': [0, 1, 2].map((x) => ({ x, y: 6 })),
  '4': [0, 1].map((x) => ({ x, y: 8 })),
};

/** A room of two members (u1 first), in its first round; the round's id. */
async function roundOfTwo(s: Storage, slug: string, members: readonly [string, string]): Promise<number> {
  await s.rooms.createRoom(slug, members[0]);
  await s.rooms.addMember(slug, members[0], 0);
  await s.rooms.addMember(slug, members[1], 1);
  return s.rounds.startRound(slug, 1, members[0]);
}

export function storageContract(name: string, open: () => Promise<Storage>): void {
  describe(name, () => {
    ratingContract(open);

    it('lets exactly one of two simultaneous sign-ups for one name (any case) or one e-mail through', async () => {
      const s = await open();
      const names = await Promise.all([s.users.createUser(user('u1', 'Ada')), s.users.createUser(user('u2', 'ada'))]);
      expect(names.sort()).toEqual(['OK', 'USERNAME_TAKEN']);
      const emails = await Promise.all([
        s.users.createUser(user('u3', 'grace', 'Same@example.test')),
        s.users.createUser(user('u4', 'hopper', 'same@EXAMPLE.test')),
      ]);
      expect(emails.sort()).toEqual(['EMAIL_TAKEN', 'OK']);
      expect((await s.users.findUserByEmail('SAME@example.test'))?.email).toBe('same@example.test');
    });

    it('returns numbers, not strings, for ids, counts and times', async () => {
      const s = await open();
      await s.users.createUser(user('u1', 'one'));
      await s.users.createUser(user('u2', 'two'));
      expect(await s.rooms.createRoom('calm-bay', 'u1')).toBe(true);
      expect(await s.rooms.createRoom('calm-bay', 'u2')).toBe(false);
      await s.rooms.addMember('calm-bay', 'u1', 0);
      await s.rooms.addMember('calm-bay', 'u2', 1);
      const gameId = await s.rounds.startRound('calm-bay', 1);
      expect(typeof gameId).toBe('number');
      await s.rounds.addShot(shotWrite('calm-bay', gameId, 0, { shooterId: 'u1', x: 1, y: 2, result: 'H' }, null));
      await s.rounds.addShot(shotWrite('calm-bay', gameId, 1, { shooterId: 'u1', x: 2, y: 2, result: 'D' }, 'u1'));
      expect(await s.users.record('u1')).toMatchObject({ gamesPlayed: 1, gamesWon: 1 });
      expect(await s.users.record('u2')).toMatchObject({ gamesPlayed: 1, gamesWon: 0 });
      const room = await s.rooms.loadRoom('calm-bay');
      expect(room?.status).toBe('ENDED');
      expect(room?.game?.winner).toBe('u1');
      expect(room?.game?.moves).toHaveLength(2);
      expect(room?.game?.endReason).toBe('SUNK');
    });

    it('closes a room for good (an operator): never loaded again, out of games in progress and running clocks', async () => {
      const s = await open();
      await s.users.createUser(user('u1', 'one'));
      await s.users.createUser(user('u2', 'two'));
      const before = Date.now();
      await s.rooms.createRoom('calm-bay', 'u1', { turnSeconds: 30 });
      await roundOfTwo(s, 'other-bay', ['u1', 'u2']);
      await s.rooms.addMember('calm-bay', 'u1', 0);
      await s.rooms.addMember('calm-bay', 'u2', 1);
      const gameId = await s.rounds.startRound('calm-bay', 1, 'u1');
      await s.rounds.saveFleet({ slug: 'calm-bay', gameId, userId: 'u1', fleet: FLEET, firstPlayer: null });
      await s.rounds.saveFleet({ slug: 'calm-bay', gameId, userId: 'u2', fleet: FLEET, firstPlayer: 'u1' });
      expect((await s.rooms.loadRoom('calm-bay'))?.createdAt).toBeGreaterThanOrEqual(before);
      expect(await s.rooms.roomsWithRunningClock()).toEqual(['calm-bay']);
      expect(await s.rooms.closeRoom('calm-bay', 'abusive names')).toBe('CLOSED');
      expect(await s.rooms.closeRoom('calm-bay', 'again')).toBe('ALREADY_CLOSED');
      expect(await s.rooms.closeRoom('no-such-bay', 'why')).toBe('NOT_FOUND');
      expect(await s.rooms.loadRoom('calm-bay')).toBeNull();
      expect(await s.rooms.roomsWithRunningClock()).toEqual([]);
      expect((await s.rooms.gamesInProgress('u2')).map((g) => g.slug)).toEqual(['other-bay']);
    });

    it('never records two shots under one (game, seq): the second write fails and the first stays', async () => {
      const s = await open();
      await s.users.createUser(user('u1', 'one'));
      await s.rooms.createRoom('calm-bay', 'u1');
      const gameId = await s.rounds.startRound('calm-bay', 1);
      await s.rounds.addShot(shotWrite('calm-bay', gameId, 0, { shooterId: 'u1', x: 1, y: 1, result: 'M' }, null));
      await expect(
        Promise.resolve().then(() =>
          s.rounds.addShot(shotWrite('calm-bay', gameId, 0, { shooterId: 'u1', x: 5, y: 5, result: 'H' }, null)),
        ),
      ).rejects.toThrow();
      // The winning shot's three writes are one unit: refused as a whole.
      await expect(
        Promise.resolve().then(() =>
          s.rounds.addShot(shotWrite('calm-bay', gameId, 0, { shooterId: 'u1', x: 6, y: 6, result: 'D' }, 'u1')),
        ),
      ).rejects.toThrow();
      expect(await s.rounds.shotsOf(gameId)).toEqual([{ shooterId: 'u1', x: 1, y: 1, result: 'M' }]);
      const room = await s.rooms.loadRoom('calm-bay');
      expect(room?.status).not.toBe('ENDED');
      expect(room?.game?.winner).toBeNull();
    });

    it('stores a salvo as one move: every shot in order, or none of them when one number is taken', async () => {
      const s = await open();
      await s.users.createUser(user('u1', 'one'));
      await s.rooms.createRoom('calm-bay', 'u1', {
        rules: { fleet: 'classic', touch: true, shots: 'salvo', again: 'never' },
      });
      const gameId = await s.rounds.startRound('calm-bay', 1);
      const salvo = [
        { shooterId: 'u1', x: 1, y: 1, result: 'M' },
        { shooterId: 'u1', x: 2, y: 1, result: 'H' },
        { shooterId: 'u1', x: 3, y: 1, result: 'M' },
      ] as const;
      await s.rounds.addShots({ slug: 'calm-bay', gameId, seq: 0, shots: salvo, winner: null });
      await s.rounds.addShot(shotWrite('calm-bay', gameId, 4, { shooterId: 'u1', x: 9, y: 9, result: 'M' }));
      // Seq 3 is free but 4 is taken: the whole salvo is refused, its first shot included.
      await expect(
        Promise.resolve().then(() =>
          s.rounds.addShots({
            slug: 'calm-bay',
            gameId,
            seq: 3,
            shots: [
              { shooterId: 'u1', x: 5, y: 5, result: 'M' },
              { shooterId: 'u1', x: 6, y: 6, result: 'M' },
            ],
            winner: null,
          }),
        ),
      ).rejects.toThrow();
      expect(await s.rounds.shotsOf(gameId)).toEqual([...salvo, { shooterId: 'u1', x: 9, y: 9, result: 'M' }]);
    });

    it('keeps the match lifecycle: the clock, turns passed by it, who started the round and how it ended', async () => {
      const s = await open();
      await s.users.createUser(user('u1', 'one'));
      await s.users.createUser(user('u2', 'two'));
      expect(await s.rooms.createRoom('slow-tide', 'u1', { turnSeconds: 30 })).toBe(true);
      await s.rooms.addMember('slow-tide', 'u1', 0);
      await s.rooms.addMember('slow-tide', 'u2', 1);
      const gameId = await s.rounds.startRound('slow-tide', 1, 'u2');
      const fleet = FLEET;
      await s.rounds.saveFleet({ slug: 'slow-tide', gameId, userId: 'u1', fleet, firstPlayer: null });
      await s.rounds.saveFleet({
        slug: 'slow-tide',
        gameId,
        userId: 'u2',
        fleet,
        firstPlayer: 'u1',
        playStartedAt: 1_790_000_000_000,
      });
      const pass = { slug: 'slow-tide', gameId, playerId: 'u1', winner: null };
      await s.rounds.addTimeout({ ...pass, seq: 0, deadline: 1_790_000_030_000 });
      await s.rounds.addShot(
        shotWrite('slow-tide', gameId, 1, { shooterId: 'u2', x: 3, y: 3, result: 'M' }, null, 1_790_000_031_000),
      );
      // A 'T' row shares the (game, seq) key with the shots: a second move under seq 1 is refused.
      await expect(
        Promise.resolve().then(() => s.rounds.addTimeout({ ...pass, seq: 1, deadline: 1 })),
      ).rejects.toThrow();
      await s.rounds.addTimeout({ ...pass, seq: 2, deadline: 1_790_000_061_000 });

      const playing = await s.rooms.loadRoom('slow-tide');
      expect(playing).toMatchObject({ status: 'PLAY', turnSeconds: 30 });
      expect(playing?.game).toMatchObject({ playStartedAt: 1_790_000_000_000, startedBy: 'u2', endReason: null });
      expect(playing?.game?.moves).toEqual([
        { kind: 'timeout', playerId: 'u1', at: 1_790_000_030_000 },
        { kind: 'shot', shot: { shooterId: 'u2', x: 3, y: 3, result: 'M' }, at: 1_790_000_031_000 },
        { kind: 'timeout', playerId: 'u1', at: 1_790_000_061_000 },
      ]);
      // Readers of shots never see a turn passed by the clock as a shot.
      expect(await s.rounds.shotsOf(gameId)).toEqual([{ shooterId: 'u2', x: 3, y: 3, result: 'M' }]);
      expect(await s.rooms.roomsWithRunningClock()).toEqual(['slow-tide']);

      await s.rounds.endGame('slow-tide', gameId, 'u2', 'RESIGN');
      const ended = await s.rooms.loadRoom('slow-tide');
      expect(ended?.status).toBe('ENDED');
      expect(ended?.game).toMatchObject({ winner: 'u2', endReason: 'RESIGN' });
      expect(await s.rooms.roomsWithRunningClock()).toEqual([]);
      expect(await s.rooms.gamesInProgress('u1')).toEqual([]);
    });

    it('keeps sessions: a logged-out token is refused for its own user only, "everywhere" dates older tokens, expired revocations go', async () => {
      const s = await open();
      await s.users.createUser(user('u1', 'one'));
      await s.users.createUser(user('u2', 'two'));
      expect(await s.sessions.session('ghost', 'd1')).toBeNull();
      expect(await s.sessions.session('u1', 'd1')).toEqual({
        username: 'one',
        sessionsFrom: null,
        revoked: false,
        bot: false,
        admin: false,
        bannedUntil: null,
      });
      await s.sessions.revoke('d1', 'u1', 1_000);
      // A second revocation of the token changes nothing (its expiry stays).
      await s.sessions.revoke('d1', 'u1', 9_000);
      await s.sessions.revoke('d2', 'u1', 5_000);
      expect(await s.sessions.session('u1', 'd1')).toEqual({
        username: 'one',
        sessionsFrom: null,
        revoked: true,
        bot: false,
        admin: false,
        bannedUntil: null,
      });
      expect(await s.sessions.session('u1', 'd3')).toMatchObject({ revoked: false });
      expect(await s.sessions.session('u2', 'd1')).toMatchObject({ revoked: false });
      await s.sessions.revokeAll('u2', 1_790_000_000_000);
      expect(await s.sessions.session('u2', 'd9')).toEqual({
        username: 'two',
        sessionsFrom: 1_790_000_000_000,
        revoked: false,
        bot: false,
        admin: false,
        bannedUntil: null,
      });
      expect(await s.sessions.session('u1', 'd9')).toMatchObject({ sessionsFrom: null });
      expect(await s.sessions.purgeExpired(2_000)).toBe(1);
      expect(await s.sessions.session('u1', 'd1')).toMatchObject({ revoked: false });
      expect(await s.sessions.session('u1', 'd2')).toMatchObject({ revoked: true });
      expect(await s.sessions.purgeExpired(2_000)).toBe(0);
    });

    it('lists a player’s finished games newest first, page by page, and gives the record of a finished one only', async () => {
      const s = await open();
      await s.users.createUser(user('u1', 'one'));
      await s.users.createUser(user('u2', 'two'));
      const played = await roundOfTwo(s, 'old-bay', ['u1', 'u2']);
      await s.rounds.saveFleet({ slug: 'old-bay', gameId: played, userId: 'u1', fleet: FLEET, firstPlayer: null });
      await s.rounds.saveFleet({ slug: 'old-bay', gameId: played, userId: 'u2', fleet: FLEET, firstPlayer: 'u1' });
      await s.rounds.addShot(shotWrite('old-bay', played, 0, { shooterId: 'u1', x: 0, y: 0, result: 'H' }));
      await s.rounds.addTimeout({ slug: 'old-bay', gameId: played, seq: 1, playerId: 'u2', deadline: 5, winner: null });
      await s.rounds.addShot(shotWrite('old-bay', played, 2, { shooterId: 'u1', x: 9, y: 9, result: 'M' }));
      await s.rounds.endGame('old-bay', played, 'u1', 'RESIGN');
      // Forfeited while placing: finished, but nothing to replay.
      const unplayed = await roundOfTwo(s, 'new-bay', ['u2', 'u1']);
      await s.rounds.saveFleet({ slug: 'new-bay', gameId: unplayed, userId: 'u2', fleet: FLEET, firstPlayer: null });
      await s.rounds.endGame('new-bay', unplayed, 'u2', 'FORFEIT');
      const live = await roundOfTwo(s, 'live-bay', ['u1', 'u2']);

      const first = await s.history.finishedGames('u1', 1, 1);
      expect(first.total).toBe(2);
      expect(first.games.map((g) => [g.gameId, g.result, g.endReason])).toEqual([[unplayed, 'LOST', 'FORFEIT']]);
      const second = await s.history.finishedGames('u1', 2, 1);
      expect(second).toEqual({
        total: 2,
        games: [
          {
            gameId: played,
            slug: 'old-bay',
            round: 1,
            opponent: { userId: 'u2', username: 'two', bot: null },
            result: 'WON',
            endReason: 'RESIGN',
            rules: CLASSIC_RULES,
            shots: 2,
            hits: 1,
            opponentShots: 0,
            opponentHits: 0,
            startedAt: expect.any(Number),
            endedAt: expect.any(Number),
            rating: null,
          },
        ],
      });
      expect((await s.history.finishedGames('u2', 1, 10)).games.map((g) => g.result)).toEqual(['WON', 'LOST']);
      expect(await s.history.finishedGames('u1', 3, 1)).toEqual({ total: 2, games: [] });

      expect(await s.history.user('u2')).toEqual({ userId: 'u2', username: 'two', bot: null });
      expect(await s.history.user('ghost')).toBeNull();
      const computer = botUserId('medium');
      expect(await s.history.user(computer)).toEqual({
        userId: computer,
        username: botUsername('medium'),
        bot: 'medium',
      });

      expect(await s.history.record(played)).toEqual({
        gameId: played,
        slug: 'old-bay',
        round: 1,
        startedAt: expect.any(Number),
        endedAt: expect.any(Number),
        endReason: 'RESIGN',
        rules: CLASSIC_RULES,
        winner: 'u1',
        firstPlayer: 'u1',
        players: [
          { userId: 'u1', username: 'one', bot: null, fleet: FLEET },
          { userId: 'u2', username: 'two', bot: null, fleet: FLEET },
        ],
        shots: [
          { seq: 0, shooterId: 'u1', x: 0, y: 0, result: 'H' },
          { seq: 2, shooterId: 'u1', x: 9, y: 9, result: 'M' },
        ],
        passes: [{ seq: 1, playerId: 'u2' }],
      });
      expect(await s.history.record(unplayed)).toBe('NOT_FINISHED');
      expect(await s.history.record(live)).toBe('NOT_FINISHED');
      expect(await s.history.record(live + unplayed + played + 1000)).toBe('NOT_FOUND');
    });
  });
}
