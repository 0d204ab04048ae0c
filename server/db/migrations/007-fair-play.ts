import type { Kysely } from 'kysely';

/**
 * Fair play (docs/deploy.md, "Accounts and fair play"):
 * - `users.sessions_from`: "log out everywhere" refuses every token issued before this time (epoch ms);
 * - `revoked_tokens`: tokens logged out one by one, by digest, kept until they would have expired;
 * - `games.unrated_reason`: why a finished game was recorded but not rated (nobody fired, or the
 *   same two players were already rated against each other enough that day).
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sessions_from', 'bigint').execute();
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('token_digest', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expiry').on('revoked_tokens').columns(['expires_at']).execute();
  await db.schema.alterTable('games').addColumn('unrated_reason', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('games').dropColumn('unrated_reason').execute();
  await db.schema.dropTable('revoked_tokens').execute();
  await db.schema.alterTable('users').dropColumn('sessions_from').execute();
}
