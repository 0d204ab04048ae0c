import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../postgres';

/**
 * Your account (docs/protocol.md, "Accounts"):
 * - `users.deleted_at`: when the account was deleted. Its row stays as a tombstone so the games it
 *   played stay in the other players' histories; its name, e-mail and password hash are replaced
 *   (server/accounts/deletion.ts), every token of it is refused, and it is off the leaderboard.
 * - `password_resets`: the links of "Forgot your password?" e-mails, by the SHA-256 of their token
 *   (the table holds no usable link), each valid until `expires_at` and used at most once.
 * - on PostgreSQL, an index for the search by username prefix (`lower(username) like 'ab%'`):
 *   `text_pattern_ops` lets a prefix match use it whatever the database's collation. SQLite reads
 *   the table for it (case-insensitive LIKE cannot use the expression index there).
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
  await db.schema
    .createTable('password_resets')
    .addColumn('token_digest', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id']).execute();
  if (isPostgres(db)) {
    await sql`create index users_username_prefix on users (lower(username) text_pattern_ops)`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop index if exists users_username_prefix`.execute(db);
  await db.schema.dropTable('password_resets').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
