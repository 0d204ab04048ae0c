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
 * Runs one statement at once, without a promise (only an embedded database can), and says so.
 * It refuses (false) while a Kysely transaction holds the connection: the write would otherwise
 * join that transaction and vanish with it on a rollback. The caller then queues through Kysely.
 */
export type RunSync = (sql: string, parameters: readonly unknown[]) => boolean;

export interface OpenedDatabase {
  readonly db: Kysely<Database>;
  /** The synchronous path of the embedded SQLite file, for the one write on every shot. */
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
  const runSync: RunSync = (sql, parameters) => {
    if (sqlite.inTransaction) return false;
    cached.prepare(sql).run(parameters);
    return true;
  };
  return { db, runSync };
}
