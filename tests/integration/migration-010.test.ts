import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations';
import { openPostgres } from '../../server/db/postgres';
import { type Database, migrate } from '../../server/db/schema';
import { SqlRatings } from '../../server/db/sql/ratings';
import { CLASSIC_RULES, formatRules, makeRules } from '../../src/game';
import { createTestDatabase, dropTestDatabase, testsUsePostgres } from '../support/databases';

/**
 * Migration 010 keys ratings by set of rules. A database that earned ratings before it (when
 * classic was the only set of rules) keeps every one of them, now under the classic rules: run on
 * SQLite here and on PostgreSQL in the integration-pg project.
 */
const BEFORE_010 = '009-bot-accounts';
const PLAYERS = [
  { id: 'u-ann', rating: 1712.5, rd: 61.2, vol: 0.0601, games: 14, wins: 9 },
  { id: 'u-ben', rating: 1433.25, rd: 88.7, vol: 0.0599, games: 6, wins: 1 },
  { id: 'u-cy', rating: 1500, rd: 350, vol: 0.06, games: 1, wins: 0 },
];

describe('migration 010 over ratings written before it', () => {
  let db: Kysely<Database>;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (testsUsePostgres()) {
      const database = await createTestDatabase();
      db = openPostgres(database.url, 2);
      dispose = async () => {
        await db.destroy();
        await dropTestDatabase(database.name);
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'broadside-m010-'));
      db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(join(dir, 'db.sqlite')) }) });
      dispose = async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      };
    }
    // The schema as it stood before 010, with ratings in it.
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    const before = await migrator.migrateTo(BEFORE_010);
    expect(before.error).toBeUndefined();
    expect(before.results?.at(-1)?.migrationName).toBe(BEFORE_010);
    // biome-ignore lint/suspicious/noExplicitAny: the tables as they were before 010, not today's typed schema.
    const old = db as unknown as Kysely<any>;
    for (const p of PLAYERS) {
      const name = p.id.slice(2);
      await old
        .insertInto('users')
        .values({ id: p.id, username: name, email: `${name}@example.test`, password_hash: 'x', created_at: 1 })
        .execute();
      const { id, ...figures } = p;
      await old
        .insertInto('ratings')
        .values({ user_id: id, ...figures, updated_at: 1_700_000_000_000 })
        .execute();
    }
    // Then the server's own migration to the latest schema, as at a start after an upgrade.
    await migrate(db);
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('keeps every rating, each under the classic rules', async () => {
    const rows = await db.selectFrom('ratings').selectAll().orderBy('user_id').execute();
    expect(rows).toHaveLength(PLAYERS.length);
    for (const row of rows) expect(row.rules).toBe(formatRules(CLASSIC_RULES));
    const ratings = new SqlRatings(db);
    for (const { id, ...figures } of PLAYERS) {
      expect(await ratings.ratingOf(id, formatRules(CLASSIC_RULES))).toEqual(figures);
      expect(await ratings.ratingOf(id, formatRules(makeRules({ shots: 'salvo' })))).toBeNull();
    }
  });

  it('lists them on the classic leaderboard and names classic as the one set of rules rated', async () => {
    const ratings = new SqlRatings(db);
    const board = await ratings.leaderboard(formatRules(CLASSIC_RULES), 'people', 5, 10);
    expect(board.rows.map((r) => r.userId)).toEqual(['u-ann', 'u-ben']);
    expect(board.total).toBe(2);
    expect(await ratings.ratedRules('people')).toEqual([{ rules: formatRules(CLASSIC_RULES), players: 3 }]);
    expect(await ratings.ratedRules('bots')).toEqual([]);
  });
});
