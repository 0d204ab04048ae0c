import { type Kysely, sql } from 'kysely';
import { ratingFigures } from './columns';

const CLASSIC = 'fleet=classic,touch=yes,shots=one,again=never';

/**
 * Ratings per set of rules (docs/game.md, "Ratings"): a salvo game says little about a classic
 * player, so each player has one rating per set of rules a game was rated under, keyed by the rules'
 * `--rules` text as `games.rules` stores it (008). The table is rebuilt with the key (user_id, rules)
 * (SQLite cannot change a primary key in place); every rating earned before this migration was
 * earned under the classic rules, the only ones there were. `ratings_board` serves one leaderboard:
 * the players of one set of rules by rating.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ratings_per_rules')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('rules', 'text', (c) => c.notNull())
    .$call(ratingFigures)
    .addPrimaryKeyConstraint('ratings_per_rules_pk', ['user_id', 'rules'])
    .execute();
  await sql`insert into ratings_per_rules (user_id, rules, rating, rd, vol, games, wins, updated_at)
    select user_id, ${CLASSIC}, rating, rd, vol, games, wins, updated_at from ratings`.execute(db);
  await db.schema.dropTable('ratings').execute();
  await db.schema.alterTable('ratings_per_rules').renameTo('ratings').execute();
  await db.schema.createIndex('ratings_board').on('ratings').columns(['rules', 'rating']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ratings_board').execute();
  await db.schema
    .createTable('ratings_classic')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .$call(ratingFigures)
    .execute();
  await sql`insert into ratings_classic select user_id, rating, rd, vol, games, wins, updated_at
    from ratings where rules = ${CLASSIC}`.execute(db);
  await db.schema.dropTable('ratings').execute();
  await db.schema.alterTable('ratings_classic').renameTo('ratings').execute();
  await db.schema.createIndex('ratings_rating').on('ratings').columns(['rating']).execute();
}
