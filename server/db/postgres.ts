import { Kysely, PostgresAdapter, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/** True for the URLs that select PostgreSQL: `postgres://…` and `postgresql://…`. */
export function postgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

const INT8 = 20;
const NUMERIC = 1700;

/**
 * pg returns `bigint` (and the `numeric` of a `sum`) as strings, since they can exceed 2^53.
 * Every such column here is an epoch-millisecond time or a count, far below that, and the Store
 * reads numbers on SQLite too: parse them to numbers for this pool only (not pg's global table).
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** A Kysely instance over a pooled pg connection (not migrated yet). */
export function openPostgres(url: string, poolSize: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle client whose connection drops (server restart) emits 'error' on the pool; without a
  // listener Node would crash the process. The next query opens a new connection.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** True when the Kysely instance (or a transaction of it) talks to PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: migrations and the Store both ask, with their own table types.
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
