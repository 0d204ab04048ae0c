import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { Store } from '../../server/db/store';
import { createTestDatabase, dropTestDatabase, testsUsePostgres } from './databases';

/** A migrated Store on a database of its own: a SQLite file, or PostgreSQL in the integration-pg project. */
export async function openTestStore(): Promise<{ store: Store; dispose: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-store-'));
  const database = testsUsePostgres() ? await createTestDatabase() : null;
  const { db, runSync } = await openDatabase(dataDir, database?.url ?? null, { poolSize: 4 });
  return {
    store: new Store(db, runSync),
    dispose: async () => {
      await db.destroy();
      if (database) await dropTestDatabase(database.name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated Store opened before the suite's tests and disposed after them (see openTestStore);
 * read `store` inside a test or hook (it does not exist before the suite starts).
 */
export function storeForSuite(): { readonly store: Store } {
  let opened: Awaited<ReturnType<typeof openTestStore>> | undefined;
  beforeAll(async () => {
    opened = await openTestStore();
  });
  afterAll(async () => {
    await opened?.dispose();
  });
  return {
    get store() {
      if (!opened) throw new Error('the test store is not open yet');
      return opened.store;
    },
  };
}
