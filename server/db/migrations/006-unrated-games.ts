import { type Kysely, sql } from 'kysely';

/**
 * The ratings' sweep asks, at every game's end, for the finished games not rated yet, oldest
 * first. Through `games_ended` that read walked every finished game ever played (2 ms at 4,000
 * games on SQLite, synchronous, twice per game end: a growing stall of the event loop). This
 * partial index holds only the games waiting for their rating, so the read costs the same at any
 * size. SQLite and PostgreSQL both use a partial index whose condition the query repeats.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('games_unrated')
    .ifNotExists()
    .on('games')
    .columns(['ended_at', 'id'])
    .where(sql.ref('ended_at'), 'is not', null)
    .where(sql.ref('rated_at'), 'is', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('games_unrated').ifExists().execute();
}
