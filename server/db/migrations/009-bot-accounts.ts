import type { Kysely } from 'kysely';

/**
 * Bot accounts (docs/engines.md, "Bot accounts"): `users.bot_since` is when an account was upgraded
 * to a bot, null for a person. The upgrade is explicit and irreversible, so a non-null value never
 * goes back to null. (Computer players, `users.bot_level` since 003, are another thing: the server's
 * own seats, which nobody logs in as.)
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('bot_since', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('bot_since').execute();
}
