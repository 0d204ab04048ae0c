import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { type Database, migrate } from './schema';

/** Opens (and migrates) the embedded SQLite database. PostgreSQL would plug in here as another dialect. */
export async function openDatabase(dataDir: string, databaseUrl: string | null): Promise<Kysely<Database>> {
  if (databaseUrl && !databaseUrl.startsWith('sqlite:') && /^[a-z]+:\/\//i.test(databaseUrl)) {
    throw new Error(`DATABASE_URL "${databaseUrl.split(':')[0]}:" is not supported yet: only SQLite files are`);
  }
  const file = databaseUrl ? databaseUrl.replace(/^sqlite:(\/\/)?/, '') : join(dataDir, 'broadside.sqlite');
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Sqlite(file);
  // WAL keeps readers off the writer's back; NORMAL sync is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(db);
  return db;
}
