import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../postgres';

/**
 * An `id` primary key numbered by the database, written for each dialect: SQLite's
 * `integer primary key autoincrement` (the text every SQLite database has run so far) and
 * PostgreSQL's `serial primary key` (PostgreSQL has no `autoincrement` keyword).
 * Use as `db.schema.createTable('t').$call(autoIncrementId(db))`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was then, not today's typed schema.
export function autoIncrementId(db: Kysely<any>, column = 'id') {
  const postgres = isPostgres(db);
  return <T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, never> =>
    postgres
      ? table.addColumn(column, 'serial', (c) => c.primaryKey())
      : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * A player's Glicko-2 figures in `ratings` (004, rebuilt per set of rules by 010): rating, rating
 * deviation, volatility, games and wins rated, and when they last changed. One text for every
 * migration that creates the table, so the columns cannot differ between them.
 * Use as `db.schema.createTable('ratings').addColumn('user_id', …).$call(ratingFigures)`.
 */
export function ratingFigures<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('rd', 'double precision', (c) => c.notNull())
    .addColumn('vol', 'double precision', (c) => c.notNull())
    .addColumn('games', 'integer', (c) => c.notNull())
    .addColumn('wins', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());
}
