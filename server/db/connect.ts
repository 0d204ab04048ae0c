import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { openPostgres, postgresUrl } from './postgres';
import { type Database, migrate } from './schema';

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and the same query
 * shape always compiles to the same SQL text, so a small cache keyed by that text saves the
 * prepare on every shot. Bounded, since only queries with variable `in (...)` lists differ.
 */
function withStatementCache(db: Sqlite.Database, limit = 256): SqliteDatabase {
  const cache = new Map<string, Sqlite.Statement>();
  return {
    close: () => db.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        if (cache.size < limit) cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Runs `writes` in one transaction at once, without a promise (only an embedded database can),
 * and says so. It refuses (false) while a Kysely transaction holds the connection: the writes
 * would otherwise join that transaction and vanish with it on a rollback. The caller then queues
 * through Kysely. A failing statement rolls the whole transaction back and throws.
 */
export type RunSync = (writes: (run: (sql: string, parameters: readonly unknown[]) => void) => void) => boolean;

export interface OpenedDatabase {
  readonly db: Kysely<Database>;
  /** The synchronous path of the embedded SQLite file, for the shots' writes. */
  readonly runSync: RunSync | null;
}

export interface DatabaseOptions {
  /** Connections kept open to PostgreSQL (ignored by SQLite, which has one). */
  readonly poolSize?: number;
}

/**
 * Opens and migrates the database: PostgreSQL when the URL says `postgres://` or `postgresql://`,
 * otherwise the embedded SQLite file (a path, a `sqlite:` URL, or DATA_DIR/broadside.sqlite).
 */
export async function openDatabase(
  dataDir: string,
  databaseUrl: string | null,
  options: DatabaseOptions = {},
): Promise<OpenedDatabase> {
  if (databaseUrl && postgresUrl(databaseUrl)) {
    const db = openPostgres(databaseUrl, options.poolSize ?? 10);
    try {
      await migrate(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { db, runSync: null };
  }
  if (databaseUrl && !databaseUrl.startsWith('sqlite:') && /^[a-z]+:\/\//i.test(databaseUrl)) {
    throw new Error(
      `DATABASE_URL "${databaseUrl.split(':')[0]}:" is not supported: use a SQLite file path or a postgres:// URL`,
    );
  }
  const file = databaseUrl ? databaseUrl.replace(/^sqlite:(\/\/)?/, '') : join(dataDir, 'broadside.sqlite');
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Sqlite(file);
  // WAL keeps readers off the writer's back; NORMAL sync is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  await migrate(db);
  const transaction = sqlite.transaction((writes: Parameters<RunSync>[0]) =>
    writes((sql, parameters) => {
      cached.prepare(sql).run(parameters);
    }),
  );
  const runSync: RunSync = (writes) => {
    if (sqlite.inTransaction) return false;
    transaction(writes);
    return true;
  };
  return { db, runSync };
}
