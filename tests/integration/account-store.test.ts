import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccountHooks } from '../../server/accounts/account-hooks';
import { AccountStore } from '../../server/accounts/account-store';
import { PasswordResets } from '../../server/accounts/password-resets';
import { deletedUsername } from '../../src/protocol';
import { storeForSuite } from '../support/store';

const suite = storeForSuite();

/** A fresh account in the suite's database: its id. */
async function account(name = `u${randomUUID().slice(0, 8)}`): Promise<string> {
  const id = randomUUID();
  await suite.store.users.createUser({ id, username: name, email: `${name}@example.test`, passwordHash: 'hash' });
  return id;
}

describe('AccountStore.delete', () => {
  it('runs the capabilities’ hooks inside its transaction: one that fails undoes the whole deletion', async () => {
    const accounts = new AccountStore(suite.store.db);
    const [id, other] = [await account(), await account()];
    await suite.store.db.insertInto('blocks').values({ user_id: other, blocked_id: id, created_at: 1 }).execute();
    const hooks = new AccountHooks();
    const seen: string[] = [];
    hooks.onDelete(async (userId, tx) => {
      // The hook sees the tombstone its own transaction wrote.
      const row = await tx.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      seen.push(row?.username ?? '');
    });
    hooks.onDelete(async () => {
      throw new Error('friends storage is down');
    });
    await expect(accounts.delete(id, Date.now(), (u, tx) => hooks.deleted(u, tx))).rejects.toThrow(
      'friends storage is down',
    );
    expect(seen).toEqual([deletedUsername(id)]);
    expect(await accounts.find(id)).toMatchObject({ deletedAt: null, email: expect.stringContaining('@example.test') });
    expect(await suite.store.db.selectFrom('blocks').selectAll().where('blocked_id', '=', id).execute()).toHaveLength(
      1,
    );

    expect(await accounts.delete(id, 5, async () => {})).toBe(true);
    expect(await accounts.find(id)).toMatchObject({
      deletedAt: 5,
      username: deletedUsername(id),
      passwordHash: '!deleted-account',
    });
    expect(await suite.store.db.selectFrom('blocks').selectAll().where('blocked_id', '=', id).execute()).toEqual([]);
    expect(await accounts.delete(id, 6, async () => {})).toBe(false);
  });
});

describe('AccountStore.change', () => {
  it('lets one of two renames to the same name through when they race', async () => {
    const accounts = new AccountStore(suite.store.db);
    const [a, b] = [await account(), await account()];
    const name = `race_${randomUUID().slice(0, 6)}`;
    const outcomes = await Promise.all([
      accounts.change(a, { username: name }),
      accounts.change(b, { username: name.toUpperCase() }),
    ]);
    expect(outcomes.sort()).toEqual(['OK', 'USERNAME_TAKEN']);
  });
});

describe('PasswordResets', () => {
  it('a link works once, within its time, and a newer one replaces the older', async () => {
    const resets = new PasswordResets(suite.store.db, 60_000);
    const id = await account();
    const older = await resets.issue(id, 1_000);
    const newer = await resets.issue(id, 2_000);
    expect(await resets.use(older, 3_000)).toBeNull();
    expect(await resets.use(newer, 3_000)).toBe(id);
    expect(await resets.use(newer, 3_000)).toBeNull();
    const late = await resets.issue(id, 10_000);
    expect(await resets.use(late, 70_001)).toBeNull();
    await resets.issue(id, 0);
    expect(await resets.purgeExpired(60_000)).toBe(1);
    expect(await resets.use('not-a-token')).toBeNull();
  });
});
