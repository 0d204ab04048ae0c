import type { Kysely } from 'kysely';

/**
 * Analyses of finished games (docs/analysis.md):
 * - `analyses`: one per game, computed once and kept: what graded it (`engine`), the whole analysis
 *   as JSON (`body`: every move with its heat map, some 60 KB for a classic game), when and how long.
 * - `analysis_players`: each player's figures of an analysed game, apart from the JSON so a
 *   profile's insights read a line per game (accuracy, luck, hits and expected hits).
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analyses')
    .addColumn('game_id', 'integer', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('compute_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('analysis_players')
    .addColumn('game_id', 'integer', (c) => c.notNull().references('analyses.game_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('accuracy', 'double precision')
    .addColumn('luck', 'double precision', (c) => c.notNull())
    .addColumn('moves', 'integer', (c) => c.notNull())
    .addColumn('shots', 'integer', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expected_hits', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('analysis_players_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema.createIndex('analysis_players_user').on('analysis_players').columns(['user_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analysis_players').execute();
  await db.schema.dropTable('analyses').execute();
}
