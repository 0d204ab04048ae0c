import type { Kysely } from 'kysely';

/**
 * Rule variants (docs/game.md, "Rule variants"): each room keeps the rules it was created with and
 * each game the rules it was played under, written as the CLI's `--rules` text
 * (`fleet=classic,touch=yes,shots=one,again=never`). Rooms and games made before this migration
 * played the classic rules, which is the default the columns take.
 */
const CLASSIC = 'fleet=classic,touch=yes,shots=one,again=never';

// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rooms')
    .addColumn('rules', 'text', (col) => col.notNull().defaultTo(CLASSIC))
    .execute();
  await db.schema
    .alterTable('games')
    .addColumn('rules', 'text', (col) => col.notNull().defaultTo(CLASSIC))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('games').dropColumn('rules').execute();
  await db.schema.alterTable('rooms').dropColumn('rules').execute();
}
