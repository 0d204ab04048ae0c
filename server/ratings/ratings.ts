import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Leaderboard, LeaderboardEntry, RatingSummary } from '../../src/protocol';
import { botLevelOf } from '../db/history-store';
import type { Database } from '../db/schema';
import { INITIAL_RATING, type Rating, rateGame } from './glicko';
import { type RatingRules, unratedReason } from './rating-rules';

/** Under this many games, or above this deviation, a rating is shown as provisional (lichess uses RD 110). */
const SETTLED_GAMES = 5;
const SETTLED_RD = 110;

type RatingRow = Database['ratings'];

function summary(row: RatingRow, rank: number, minGames: number): RatingSummary {
  return {
    rating: Math.round(row.rating),
    rd: Math.round(row.rd),
    games: row.games,
    wins: row.wins,
    rank,
    provisional: row.games < SETTLED_GAMES || row.rd > SETTLED_RD,
    ranked: row.games >= minGames,
  };
}

/**
 * The next finished games waiting for their rating, oldest first. Read at every game's end: the
 * partial index `games_unrated` (migration 006) keeps it as cheap with a million games as with ten.
 */
export function unratedGames(db: Kysely<Database>) {
  return db
    .selectFrom('games')
    .select(['id', 'room_slug', 'winner_id', 'ended_at'])
    .where('ended_at', 'is not', null)
    .where('rated_at', 'is', null)
    .orderBy('ended_at')
    .orderBy('id')
    .limit(50);
}

/**
 * Ratings of the players (issue 14), Glicko-2 through the `glicko2` package, from games between
 * people only (docs/game.md, "Ratings"). A game is rated once it has ended, whatever ended it
 * (sinking, resignation, forfeit, clock), if it was played (rating-rules.ts: both players fired,
 * and the same two were not rated against each other too often that day); other finished games are
 * marked handled with the reason, and games against the computer are left out. The work runs one
 * game at a time, in the order the games ended, and each game is claimed in the same transaction
 * that writes its ratings, so two nodes can never rate one game twice.
 */
export class Ratings {
  private queue: Promise<void> = Promise.resolve();
  private readonly seen = new Set<number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    readonly rules: RatingRules = { ratedGamesPerPairPerDay: 3, leaderboardMinGames: 5 },
  ) {}

  /** A room's game has ended: rate it (and any other finished game not yet handled). */
  ended(gameId: number): void {
    if (this.seen.has(gameId)) return;
    this.seen.add(gameId);
    void this.sweep();
  }

  /** Rates every finished game not handled yet, oldest first; resolves when done. */
  sweep(): Promise<void> {
    this.queue = this.queue
      .then(() => this.rateAll())
      .catch((error: unknown) => this.log.error({ err: error }, 'rating finished games failed'));
    return this.queue;
  }

  /** Resolves once the rating work queued so far is done. */
  settled(): Promise<void> {
    return this.queue;
  }

  private async rateAll(): Promise<void> {
    for (;;) {
      const batch = await unratedGames(this.db).execute();
      if (batch.length === 0) return;
      for (const game of batch) await this.db.transaction().execute((tx) => this.rateOne(tx, game));
    }
  }

  private async rateOne(
    tx: Transaction<Database>,
    game: { id: number; room_slug: string; winner_id: string | null; ended_at: number | null },
  ): Promise<void> {
    const now = Date.now();
    const claimed = await tx
      .updateTable('games')
      .set({ rated_at: now })
      .where('id', '=', game.id)
      .where('rated_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const players = await tx
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .selectAll('users')
      .where('members.room_slug', '=', game.room_slug)
      .execute();
    const winner = players.find((p) => p.id === game.winner_id);
    const loser = players.find((p) => p.id !== game.winner_id);
    if (players.length !== 2 || !winner || !loser) return;
    if (botLevelOf(winner) !== null || botLevelOf(loser) !== null) return;
    const skipped = await unratedReason(tx, this.rules, { id: game.id, endedAt: game.ended_at ?? now }, [
      winner.id,
      loser.id,
    ]);
    if (skipped) {
      await tx.updateTable('games').set({ unrated_reason: skipped }).where('id', '=', game.id).execute();
      return;
    }

    const current = async (userId: string): Promise<RatingRow | undefined> =>
      tx.selectFrom('ratings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    const [w, l] = await Promise.all([current(winner.id), current(loser.id)]);
    const before = (row: RatingRow | undefined): Rating =>
      row ? { rating: row.rating, rd: row.rd, vol: row.vol } : INITIAL_RATING;
    const next = rateGame(before(w), before(l));
    const save = async (userId: string, row: RatingRow | undefined, rating: Rating, won: boolean) => {
      const values = {
        user_id: userId,
        ...rating,
        games: (row?.games ?? 0) + 1,
        wins: (row?.wins ?? 0) + (won ? 1 : 0),
        updated_at: now,
      };
      if (row) await tx.updateTable('ratings').set(values).where('user_id', '=', userId).execute();
      else await tx.insertInto('ratings').values(values).execute();
      await tx
        .insertInto('game_ratings')
        .values({ game_id: game.id, user_id: userId, rating_before: before(row).rating, rating_after: rating.rating })
        .execute();
    };
    await save(winner.id, w, next.winner, true);
    await save(loser.id, l, next.loser, false);
  }

  /**
   * A player's rating and rank, or null before their first rated game. The rank is the place among
   * the players listed on the leaderboard (`leaderboardMinGames` rated games or more): theirs when
   * listed, the one they would take otherwise (`ranked` says which).
   */
  async of(userId: string): Promise<RatingSummary | null> {
    const row = await this.db.selectFrom('ratings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return null;
    const above = await this.db
      .selectFrom('ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('rating', '>', row.rating)
      .where('games', '>=', this.rules.leaderboardMinGames)
      .executeTakeFirst();
    return summary(row, Number(above?.n ?? 0) + 1, this.rules.leaderboardMinGames);
  }

  /**
   * The best `limit` players with at least `leaderboardMinGames` rated games, how many such players
   * there are, the caller's own line (also when not listed yet), and the rules.
   */
  async leaderboard(limit: number, userId: string): Promise<Leaderboard> {
    const minGames = this.rules.leaderboardMinGames;
    const rows = await this.db
      .selectFrom('ratings')
      .innerJoin('users', 'users.id', 'ratings.user_id')
      .selectAll('ratings')
      .select('users.username')
      .where('ratings.games', '>=', minGames)
      .orderBy('ratings.rating', 'desc')
      .orderBy('ratings.user_id')
      .limit(limit)
      .execute();
    const counted = await this.db
      .selectFrom('ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('games', '>=', minGames)
      .executeTakeFirst();
    // Equal ratings share a rank: the rank is one more than the number of better ratings.
    let rank = 0;
    const players = rows.map((row, i) => {
      if (i === 0 || row.rating < (rows[i - 1]?.rating ?? row.rating)) rank = i + 1;
      return { userId: row.user_id, username: row.username, ...summary(row, rank, minGames) };
    });
    const own = players.find((p) => p.userId === userId);
    let me: LeaderboardEntry | null = own ?? null;
    if (!me) {
      const mine = await this.of(userId);
      const user = await this.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      if (mine && user) me = { userId, username: user.username, ...mine };
    }
    return {
      players,
      total: Number(counted?.n ?? 0),
      me,
      rules: { minGames, ratedGamesPerPairPerDay: this.rules.ratedGamesPerPairPerDay },
    };
  }
}
