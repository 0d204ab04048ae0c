import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pairRatedQuery, unratedGamesQuery } from '../../server/db/sql/ratings';
import { testsUsePostgres } from '../support/databases';
import { storeForSuite } from '../support/store';

/**
 * The ratings' sweep reads the unrated finished games at every game's end. Through the index on
 * `ended_at` alone that read walked every finished game ever played; the partial index of
 * migration 006 must serve it instead, so that it does not grow with the history.
 */
describe('the unrated-games read', () => {
  const suite = storeForSuite();

  it.skipIf(testsUsePostgres())('is served by the partial index on SQLite', async () => {
    const query = unratedGamesQuery(suite.store.db).compile();
    const plan = await suite.store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    expect(plan.rows.map((r) => r.detail).join(' | ')).toContain('USING INDEX games_unrated');
  });

  it.runIf(testsUsePostgres())('exists on PostgreSQL with its condition', async () => {
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'games_unrated'`.execute(suite.store.db);
    expect(rows[0]?.indexdef).toMatch(/WHERE \(\(ended_at IS NOT NULL\) AND \(rated_at IS NULL\)\)/);
  });
});

/**
 * The pair limit counts, at every game's end, the two players' games rated in the last 24 hours.
 * Through `games_ended` that count walked every game the server finished that day; migration 017's
 * index by player must serve it, so that it grows with one player's games, not the server's.
 */
describe("the pair limit's count", () => {
  const suite = storeForSuite();

  it.skipIf(testsUsePostgres())("walks one player's rated games, not the day's games, on SQLite", async () => {
    const query = pairRatedQuery(suite.store.db, 1, Date.now(), 'a', 'b').compile();
    const plan = await suite.store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const detail = plan.rows.map((r) => r.detail).join(' | ');
    expect(detail).toContain('INDEX game_ratings_user (user_id=?)');
    expect(detail).not.toContain('games_ended');
  });

  it.runIf(testsUsePostgres())('has its index on PostgreSQL', async () => {
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'game_ratings_user'`.execute(suite.store.db);
    expect(rows[0]?.indexdef).toMatch(/\(user_id, game_id\)/);
  });
});
