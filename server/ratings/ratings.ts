import type { FastifyBaseLogger } from 'fastify';
import { CLASSIC_RULES, formatRules, type Rules } from '../../src/game';
import type {
  Leaderboard,
  LeaderboardEntry,
  LeaderboardKind,
  RatedRules,
  RatingSummary,
  RulesStats,
} from '../../src/protocol';
import { rulesOf } from '../db/sql/rooms';
import type { BoardKind, RatingStore, StoredRating } from '../db/rating-store';
import { decideRating, type RatingRules } from './rating-rules';

/** Under this many games, or above this deviation, a rating is shown as provisional (lichess uses RD 110). */
const SETTLED_GAMES = 5;
const SETTLED_RD = 110;

function summary(row: StoredRating, rank: number, minGames: number): RatingSummary {
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
 * Ratings of the players (issue 14), Glicko-2 through the `glicko2` package, one per set of rules
 * (docs/game.md, "Ratings"), from games between accounts (people and bot accounts; never the
 * computer). Which games count is rating-rules.ts; the storage claims each game in the transaction
 * that writes its ratings (server/db/rating-store.ts), so two nodes never rate one game twice.
 * The work runs one game at a time, in the order the games ended.
 */
export class Ratings {
  private queue: Promise<void> = Promise.resolve();
  private readonly seen = new Set<number>();

  constructor(
    private readonly store: RatingStore,
    private readonly log: FastifyBaseLogger,
    readonly rules: RatingRules = { ratedGamesPerPairPerDay: 3, leaderboardMinGames: 1 },
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
      const batch = await this.store.unratedGames(50);
      if (batch.length === 0) return;
      for (const id of batch) await this.store.settle(id, (game) => decideRating(game, this.rules));
    }
  }

  /** The board a user is ranked on: bot accounts among bots, everyone else among people. */
  private async boardOf(userId: string): Promise<BoardKind> {
    return (await this.store.kindOf(userId)) === 'bot' ? 'bots' : 'people';
  }

  /**
   * A player's rating and rank under `rules`, or null before their first rated game there. The rank
   * is the place among the players of their kind listed on that leaderboard
   * (`leaderboardMinGames` rated games or more): theirs when listed, the one they would take otherwise.
   */
  async of(userId: string, rules: Rules = CLASSIC_RULES): Promise<RatingSummary | null> {
    const key = formatRules(rules);
    const row = await this.store.ratingOf(userId, key);
    if (!row) return null;
    const minGames = this.rules.leaderboardMinGames;
    const above = await this.store.countAbove(row.rating, key, await this.boardOf(userId), minGames);
    return summary(row, above + 1, minGames);
  }

  /**
   * The best `limit` players of `kind` under `rules` with at least `leaderboardMinGames` rated games,
   * how many such players there are, the caller's own line (also when not listed yet), and the rules.
   */
  async leaderboard(
    limit: number,
    userId: string,
    rules: Rules = CLASSIC_RULES,
    kind: LeaderboardKind = 'people',
  ): Promise<Leaderboard> {
    const minGames = this.rules.leaderboardMinGames;
    const { rows, total } = await this.store.leaderboard(formatRules(rules), kind, minGames, limit);
    // Equal ratings share a rank: the rank is one more than the number of better ratings.
    let rank = 0;
    const players = rows.map((row, i) => {
      if (i === 0 || row.rating < (rows[i - 1]?.rating ?? row.rating)) rank = i + 1;
      return {
        userId: row.userId,
        username: row.username,
        ...(kind === 'bots' ? { title: 'BOT' as const } : {}),
        ...summary(row, rank, minGames),
      };
    });
    let me: LeaderboardEntry | null = players.find((p) => p.userId === userId) ?? null;
    // The caller's own line, on the board of their own kind only.
    if (!me && (await this.boardOf(userId)) === kind) {
      const mine = await this.of(userId, rules);
      const username = await this.store.usernameOf(userId);
      if (mine && username !== null)
        me = { userId, username, ...(kind === 'bots' ? { title: 'BOT' as const } : {}), ...mine };
    }
    return {
      players,
      total,
      me,
      gameRules: rules,
      kind,
      rules: { minGames, ratedGamesPerPairPerDay: this.rules.ratedGamesPerPairPerDay },
    };
  }

  /** The sets of rules with ratings of players of `kind`, most players first. */
  async ratedRules(kind: LeaderboardKind): Promise<RatedRules> {
    const sets = await this.store.ratedRules(kind);
    return { kind, sets: sets.map(({ rules, players }) => ({ rules: rulesOf(rules), players })) };
  }

  /** A player's record and rating under each set of rules they finished a game under, most played first. */
  async stats(userId: string): Promise<RulesStats[]> {
    const records = await this.store.recordsOf(userId);
    return Promise.all(
      records.map(async (record) => {
        const rules = rulesOf(record.rules);
        return {
          rules,
          games: record.games,
          wins: record.wins,
          computerGames: record.computerGames,
          computerWins: record.computerWins,
          rating: await this.of(userId, rules),
        };
      }),
    );
  }
}
