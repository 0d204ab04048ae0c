import type { Kysely } from 'kysely';

/**
 * Issue 11, the match lifecycle: a room's turn clock, how each round ended, when its play
 * started (the first turn's clock runs from there) and who started it (a rematch request).
 * A turn passed by the clock is a `shots` row with result 'T' and x = y = -1, so no new table.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rooms').addColumn('turn_seconds', 'integer').execute();
  await db.schema.alterTable('games').addColumn('end_reason', 'text').execute();
  await db.schema.alterTable('games').addColumn('play_started_at', 'bigint').execute();
  await db.schema.alterTable('games').addColumn('started_by', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('games').dropColumn('started_by').execute();
  await db.schema.alterTable('games').dropColumn('play_started_at').execute();
  await db.schema.alterTable('games').dropColumn('end_reason').execute();
  await db.schema.alterTable('rooms').dropColumn('turn_seconds').execute();
}
