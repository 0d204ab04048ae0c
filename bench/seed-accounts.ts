import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTokens, hashPassword, loadSecret } from '../server/auth';
import { openDatabase } from '../server/db/connect';
import { Store } from '../server/db/store';

/**
 * Accounts for a load run, made in the server's SQLite file before the server starts (or in a
 * cluster's shared database), so the run
 * measures games rather than argon2id (one hash per sign-up and per login: 10,000 players would
 * pin a core for minutes). Every account gets the same precomputed argon2id hash (of a password
 * nobody uses) through the server's own user store, and an access token signed with the secret the
 * server will read from `dataDir` — what a login would have returned. Writes the tokens one a line
 * to `dataDir/tokens` for `broadside load --tokens` and returns that file.
 */
export async function seedAccounts(
  dataDir: string,
  count: number,
  prefix = 'hp',
  /** Another database than DATA_DIR's SQLite file (a cluster's PostgreSQL), and the nodes' JWT_SECRET. */
  shared: { readonly databaseUrl: string; readonly jwtSecret: string } | null = null,
): Promise<string> {
  const { db, runSync } = await openDatabase(dataDir, shared?.databaseUrl ?? null);
  const store = new Store(db, runSync);
  try {
    const passwordHash = await hashPassword(randomUUID());
    const tokens = createTokens(loadSecret(dataDir, shared?.jwtSecret ?? null), 24 * 3600);
    const lines: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const username = `${prefix}_${i}`;
      const created = await store.users.createUser({
        id,
        username,
        email: `${username}@bots.broadside.test`,
        passwordHash,
      });
      if (created !== 'OK') throw new Error(`seeding ${username}: ${created}`);
      lines.push(tokens.sign({ id, username }));
    }
    const file = join(dataDir, 'tokens');
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  } finally {
    await store.close();
  }
}
