import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/db/store';
import { openTestStore } from '../support/store';

/**
 * The Store on whichever engine this project runs (SQLite, or PostgreSQL in integration-pg): the
 * same answers and the same JavaScript types from both.
 */
const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

async function store(): Promise<Store> {
  const opened = await openTestStore();
  disposers.push(opened.dispose);
  return opened.store;
}

const user = (id: string, username: string, email = `${id}@example.test`) => ({
  id,
  username,
  email,
  passwordHash: 'x',
});

describe('the Store on this project’s database engine', () => {
  it('lets exactly one of two simultaneous sign-ups for one name (any case) or one e-mail through', async () => {
    const s = await store();
    const names = await Promise.all([s.createUser(user('u1', 'Ada')), s.createUser(user('u2', 'ada'))]);
    expect(names.sort()).toEqual(['OK', 'USERNAME_TAKEN']);
    const emails = await Promise.all([
      s.createUser(user('u3', 'grace', 'Same@example.test')),
      s.createUser(user('u4', 'hopper', 'same@EXAMPLE.test')),
    ]);
    expect(emails.sort()).toEqual(['EMAIL_TAKEN', 'OK']);
    expect((await s.findUserByEmail('SAME@example.test'))?.email).toBe('same@example.test');
  });

  it('returns numbers, not strings, for ids, counts and times', async () => {
    const s = await store();
    await s.createUser(user('u1', 'one'));
    await s.createUser(user('u2', 'two'));
    expect(await s.createRoom('calm-bay', 'u1')).toBe(true);
    expect(await s.createRoom('calm-bay', 'u2')).toBe(false);
    await s.addMember('calm-bay', 'u1', 0);
    await s.addMember('calm-bay', 'u2', 1);
    const gameId = await s.startRound('calm-bay', 1);
    expect(typeof gameId).toBe('number');
    await s.addShot('calm-bay', gameId, 0, { shooterId: 'u1', x: 1, y: 2, result: 'H' }, null);
    await s.addShot('calm-bay', gameId, 1, { shooterId: 'u1', x: 2, y: 2, result: 'D' }, 'u1');
    expect(await s.record('u1')).toMatchObject({ gamesPlayed: 1, gamesWon: 1 });
    expect(await s.record('u2')).toMatchObject({ gamesPlayed: 1, gamesWon: 0 });
    const room = await s.loadRoom('calm-bay');
    expect(room?.status).toBe('ENDED');
    expect(room?.game?.winner).toBe('u1');
    expect(room?.game?.shots).toHaveLength(2);
    const row = await s.db.selectFrom('users').select('created_at').where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(typeof row.created_at).toBe('number');
  });

  it('never records two shots under one (game, seq): the second write fails and the first stays', async () => {
    const s = await store();
    await s.createUser(user('u1', 'one'));
    await s.createRoom('calm-bay', 'u1');
    const gameId = await s.startRound('calm-bay', 1);
    await s.addShot('calm-bay', gameId, 0, { shooterId: 'u1', x: 1, y: 1, result: 'M' }, null);
    await expect(
      Promise.resolve().then(() =>
        s.addShot('calm-bay', gameId, 0, { shooterId: 'u1', x: 5, y: 5, result: 'H' }, null),
      ),
    ).rejects.toThrow();
    // The winning shot's three writes are one unit: refused as a whole.
    await expect(
      Promise.resolve().then(() =>
        s.addShot('calm-bay', gameId, 0, { shooterId: 'u1', x: 6, y: 6, result: 'D' }, 'u1'),
      ),
    ).rejects.toThrow();
    expect(await s.shotsOf(gameId)).toEqual([{ shooterId: 'u1', x: 1, y: 1, result: 'M' }]);
    const room = await s.loadRoom('calm-bay');
    expect(room?.status).not.toBe('ENDED');
    expect(room?.game?.winner).toBeNull();
  });
});
