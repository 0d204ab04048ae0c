import type { Generated, Kysely } from 'kysely';
import { sql } from 'kysely';

/** Tables. A "game" is one round in a room: placement then play; replay starts a new one. */
export interface Database {
  users: {
    id: string;
    username: string;
    email: string;
    password_hash: string;
    created_at: number;
  };
  rooms: {
    slug: string;
    created_by: string;
    created_at: number;
    status: string;
  };
  members: {
    room_slug: string;
    user_id: string;
    position: number;
    joined_at: number;
  };
  games: {
    id: Generated<number>;
    room_slug: string;
    round: number;
    started_at: number;
    first_player: string | null;
    winner_id: string | null;
    ended_at: number | null;
  };
  fleets: {
    game_id: number;
    user_id: string;
    ships: string;
  };
  shots: {
    game_id: number;
    seq: number;
    shooter_id: string;
    x: number;
    y: number;
    result: string;
    created_at: number;
  };
}

/** Creates what is missing; portable across SQLite and PostgreSQL through Kysely's schema builder. */
export async function migrate(db: Kysely<Database>): Promise<void> {
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
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
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
