import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
