import { type Kysely, sql } from 'kysely';
import { autoIncrementId } from './columns';

/**
 * The schema as it stood before migrations were versioned. Every statement says "if not exists",
 * so a database created by that older code passes through this step unchanged and is then
 * recorded as migrated. Written with Kysely's builder: the same text runs on SQLite and PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rooms')
    .ifNotExists()
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('members')
    .ifNotExists()
    .addColumn('room_slug', 'text', (c) => c.notNull().references('rooms.slug'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('members_pk', ['room_slug', 'user_id'])
    .execute();
  await db.schema
    .createTable('games')
    .ifNotExists()
    .$call(autoIncrementId(db))
    .addColumn('room_slug', 'text', (c) => c.notNull().references('rooms.slug'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('first_player', 'text')
    .addColumn('winner_id', 'text')
    .addColumn('ended_at', 'bigint')
    .addUniqueConstraint('games_room_round', ['room_slug', 'round'])
    .execute();
  await db.schema
    .createTable('fleets')
    .ifNotExists()
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('ships', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fleets_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('shots')
    .ifNotExists()
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('shooter_id', 'text', (c) => c.notNull())
    .addColumn('x', 'integer', (c) => c.notNull())
    .addColumn('y', 'integer', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('shots_pk', ['game_id', 'seq'])
    .execute();
  await sql`create index if not exists games_winner on games (winner_id)`.execute(db);
  await sql`create index if not exists members_user on members (user_id)`.execute(db);
}
