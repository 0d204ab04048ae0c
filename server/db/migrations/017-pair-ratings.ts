import type { Kysely } from 'kysely';

/**
 * At every game's end the rater counts the games the same two players had rated in the 24 hours
 * before (the pair limit, docs/game.md). Without an index by player that count walked every
 * game the whole server finished that day: 1.3 ms a game at 5,000 games, 12 ms at 50,000, on
 * SQLite synchronously on the event loop, so a busy day slowed every game's end a little more.
 * Indexed by player, the count walks only the games one of the two has had rated.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('game_ratings_user')
    .ifNotExists()
    .on('game_ratings')
    .columns(['user_id', 'game_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('game_ratings_user').ifExists().execute();
}
