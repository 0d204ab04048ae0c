import { type Kysely, sql } from 'kysely';

/**
 * One account per username whatever its case, enforced by the database itself: sign-up checks
 * first, but on PostgreSQL two sign-ups for "Ada" and "ada" can run at the same moment on two
 * connections (or two nodes), and only a unique index on lower(username) makes the second fail.
 * Lookups by lower(username) use it too. Runs on SQLite (expression indexes) and PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_username_lower')
    .ifNotExists()
    .unique()
    .on('users')
    .expression(sql`lower(username)`)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_lower').ifExists().execute();
}
