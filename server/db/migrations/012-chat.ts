import type { Kysely } from 'kysely';
import { autoIncrementId } from './columns';

/**
 * Talking at the table (docs/protocol.md, "Chat"; docs/game.md, "Chat"):
 * - `chat_lines`: every line said in a room, with the round (`game_id`) it was said in — null
 *   before the room's first round — its channel (`players` or `spectators`) and either its text
 *   (cleaned, at most 300 characters) or its quick-message code;
 * - `chat_mutes`: a player muting another (one-sided: the muted player's lines are not shown to the
 *   one who muted them, who is not told either way);
 * - `reports`: a player or a line reported, with the transcript of that game or conversation as it
 *   was when reported (JSON), names as they were then, and how a moderator closed it.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_lines')
    .$call(autoIncrementId(db))
    .addColumn('room_slug', 'text', (c) => c.notNull())
    .addColumn('game_id', 'integer')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('quick', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_lines_room').on('chat_lines').columns(['room_slug', 'id']).execute();
  await db.schema.createIndex('chat_lines_game').on('chat_lines').columns(['game_id', 'id']).execute();
  await db.schema.createIndex('chat_lines_user').on('chat_lines').columns(['user_id']).execute();
  await db.schema
    .createTable('chat_mutes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_mutes_pk', ['user_id', 'muted_id'])
    .execute();
  await db.schema.createIndex('chat_mutes_muted').on('chat_mutes').columns(['muted_id']).execute();
  await db.schema
    .createTable('reports')
    .$call(autoIncrementId(db))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('reporter_name', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    // `room`, `conversation` or `player` (a player reported from nowhere in particular).
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('room_slug', 'text')
    .addColumn('game_id', 'integer')
    .addColumn('line_id', 'text')
    .addColumn('transcript', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by_id', 'text')
    .addColumn('resolved_by_name', 'text')
    .addColumn('resolution', 'text')
    .execute();
  await db.schema.createIndex('reports_status').on('reports').columns(['status', 'id']).execute();
  await db.schema.createIndex('reports_target').on('reports').columns(['target_id', 'id']).execute();
  await db.schema.createIndex('reports_reporter').on('reports').columns(['reporter_id', 'at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('chat_mutes').execute();
  await db.schema.dropTable('chat_lines').execute();
}
