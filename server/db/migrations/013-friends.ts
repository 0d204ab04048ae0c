import type { Kysely } from 'kysely';

/**
 * Friends, challenges and direct messages (docs/protocol.md, "Friends", "Challenges", "Direct
 * messages"):
 * - `friendships`: one row per side (a befriends b is the rows (a, b) and (b, a)), so a player's
 *   friends are one indexed read.
 * - `friend_requests`: a request waiting for its receiver; it goes when accepted, declined or
 *   withdrawn (the original system's shape: an id, a sender, a receiver).
 * - `direct_messages`: between two players, soft-deleted (`deleted` 1) as the original does; `read_at`
 *   is when the receiver read it (null: unread), `edited_at` when its author last changed it.
 * - `challenges`: a challenge with its rules and clock, pending for 60 s, then answered or expired.
 * - `users.challenges_from`: who may challenge the account: `everyone`, `friends` or `nobody`.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('challenges_from', 'text', (c) => c.notNull().defaultTo('everyone'))
    .execute();
  await db.schema
    .createTable('friendships')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friendships_pk', ['user_id', 'friend_id'])
    .execute();
  await db.schema
    .createTable('friend_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('friend_requests_pair', ['sender_id', 'receiver_id'])
    .execute();
  await db.schema.createIndex('friend_requests_receiver').on('friend_requests').columns(['receiver_id']).execute();
  await db.schema
    .createTable('direct_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('direct_messages_pair')
    .on('direct_messages')
    .columns(['sender_id', 'receiver_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('direct_messages_unread')
    .on('direct_messages')
    .columns(['receiver_id', 'read_at'])
    .execute();
  await db.schema
    .createTable('challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenger_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('challenged_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('turn_seconds', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // pending, accepted, declined, cancelled or expired.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('room_slug', 'text')
    .execute();
  await db.schema.createIndex('challenges_challenged').on('challenges').columns(['challenged_id', 'status']).execute();
  await db.schema.createIndex('challenges_challenger').on('challenges').columns(['challenger_id', 'status']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('challenges').execute();
  await db.schema.dropTable('direct_messages').execute();
  await db.schema.dropTable('friend_requests').execute();
  await db.schema.dropTable('friendships').execute();
  await db.schema.alterTable('users').dropColumn('challenges_from').execute();
}
