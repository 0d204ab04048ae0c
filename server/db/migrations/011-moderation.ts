import type { Kysely } from 'kysely';
import { autoIncrementId } from './columns';

/**
 * People and moderation, the pieces every capability of that round shares (docs/architecture.md,
 * "People and operations: shared pieces"):
 * - `users.role`: `player` or `admin` (the original system's roles); the operator names the first
 *   admins (docs/deploy.md, "Moderators").
 * - `users.banned_until` / `users.ban_reason`: a banned account cannot log in and every token of it
 *   is refused (epoch ms; `BAN_FOREVER` for a ban without end); null when not banned.
 * - `users.muted_until`: an admin's mute: the account may play but not talk (chat, messages).
 * - `blocks`: one player blocking another (two-sided in effect: no chat line, message, friend request,
 *   challenge or quick-match pairing between the two).
 * - `audit_log`: every moderator or operator action, who did it, to whom, when and why.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('player'))
    .execute();
  await db.schema.alterTable('users').addColumn('banned_until', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('ban_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('muted_until', 'bigint').execute();
  await db.schema
    .createTable('blocks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['user_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').columns(['blocked_id']).execute();
  await db.schema
    .createTable('audit_log')
    .$call(autoIncrementId(db))
    .addColumn('at', 'bigint', (c) => c.notNull())
    // Null for the operator acting from the command line or the server acting by itself.
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'text')
    .addColumn('target_name', 'text')
    .addColumn('target_room', 'text')
    .addColumn('reason', 'text')
    .addColumn('details', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_user_id', 'at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('blocks').execute();
  for (const column of ['muted_until', 'ban_reason', 'banned_until', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
