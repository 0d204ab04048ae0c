import type { Kysely } from 'kysely';
import { ratingFigures } from './columns';

/**
 * Issue 14: ratings. `ratings` holds each rated player's Glicko-2 figures; `game_ratings` each
 * rated game's effect on both players (the history shows it); `games.rated_at` marks a finished
 * game the rater has handled (rated, or skipped as a game against the computer), so the rater
 * can pick up, in order, every game that ended while it was not running — all of them, the first
 * time this migration runs on an existing database.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ratings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .$call(ratingFigures)
    .execute();
  await db.schema.createIndex('ratings_rating').on('ratings').columns(['rating']).execute();
  await db.schema
    .createTable('game_ratings')
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('rating_before', 'double precision', (c) => c.notNull())
    .addColumn('rating_after', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_ratings_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema.alterTable('games').addColumn('rated_at', 'bigint').execute();
  await db.schema.createIndex('games_ended').on('games').columns(['ended_at']).execute();
}
