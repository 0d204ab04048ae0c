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
