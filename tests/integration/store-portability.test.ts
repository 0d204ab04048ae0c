import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/db/store';
import { storageContract } from '../support/storage-contract';
import { openTestStore } from '../support/store';

/**
 * The SQL storage on whichever engine this project runs (SQLite, or PostgreSQL in integration-pg):
 * the same answers and the same JavaScript types from both.
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

storageContract('the SQL storage on this project’s database engine', store);

describe('the SQL storage’s column types', () => {
  it('returns numbers, not strings, for times', async () => {
    const s = await store();
    await s.users.createUser({ id: 'u1', username: 'one', email: 'u1@example.test', passwordHash: 'x' });
    const row = await s.db.selectFrom('users').select('created_at').where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(typeof row.created_at).toBe('number');
  });
});
