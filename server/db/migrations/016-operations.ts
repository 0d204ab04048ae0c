import type { Kysely } from 'kysely';

/**
 * The operator's console (docs/deploy.md, "Operator's console"): a room an operator closed is
 * kept, with when and why (`rooms.closed_at`, `rooms.closed_reason`), and no node loads it again:
 * its players were told why, its unfinished round stays unfinished and unrated, and it leaves the
 * open games and everyone's games in progress. Who closed it is in the audit log.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rooms').addColumn('closed_at', 'bigint').execute();
  await db.schema.alterTable('rooms').addColumn('closed_reason', 'text').execute();
}
