/*
 * The ratings' part of the storage (server/db/storage.ts): finished games waiting for their rating,
 * each settled in one transaction, and the reads of ratings per set of rules (docs/game.md,
 * "Ratings"). Implemented in SQL (server/db/sql/ratings.ts) and in memory (server/db/memory-ratings.ts).
 * Rules are keyed by their `--rules` text (formatRules), as `games.rules` stores them.
 */

/** What a player is to the ratings: a person, a bot account, or one of the server's computer players. */
export type PlayerKind = 'person' | 'bot' | 'computer';

/** Whose ratings a leaderboard lists. */
export type BoardKind = 'people' | 'bots';

/** A player's Glicko-2 figures under one set of rules, with the games and wins they come from. */
export interface StoredRating {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  readonly games: number;
  readonly wins: number;
}

/** A finished game as the rater sees it, read in the transaction that settles it. */
export interface GameToRate {
  readonly id: number;
  /** The game's rules as `--rules` text. */
  readonly rules: string;
  readonly endedAt: number;
  readonly winner: string | null;
  readonly players: readonly { readonly id: string; readonly kind: PlayerKind }[];
  /** The players who fired at least one shot (a turn passed by the clock is not a shot). */
  readonly fired: readonly string[];
  /** Games between these two players rated in the 24 hours before this one ended (0 unless two players). */
  readonly pairRatedBefore: number;
  /** Each player's rating under the game's rules before it, null before their first rated game there. */
  readonly current: Readonly<Record<string, StoredRating | null>>;
}

/** Why a finished game between two accounts was recorded but not rated. */
export type UnratedReason = 'NOT_PLAYED' | 'PAIR_LIMIT';

export type RatingDecision =
  /** Not a rated kind of game (the computer played, or not two players): handled, no reason kept. */
  | { readonly kind: 'skip' }
  | { readonly kind: 'unrated'; readonly reason: UnratedReason }
  /** Each player's rating before the game (the start rating for a first game) and after it (games and wins included). */
  | {
      readonly kind: 'rated';
      readonly players: Readonly<Record<string, { readonly before: number; readonly after: StoredRating }>>;
    };

/** One line of a leaderboard. */
export interface BoardRow extends StoredRating {
  readonly userId: string;
  readonly username: string;
}

/** A player's finished games under one set of rules. */
export interface RulesRecord {
  readonly rules: string;
  /** Against people and bot accounts. */
  readonly games: number;
  readonly wins: number;
  readonly computerGames: number;
  readonly computerWins: number;
}

export interface RatingStore {
  /** Ids of the next finished games not handled by the rater yet, oldest first. */
  unratedGames(limit: number): Promise<number[]>;
  /**
   * Claims the finished game and settles it as `decide` says, in one transaction; false when it was
   * handled already (by another node, say). `decide` is pure: it runs inside the transaction.
   */
  settle(gameId: number, decide: (game: GameToRate) => RatingDecision, now?: number): Promise<boolean>;
  /** The user's rating under `rules`, or null before their first rated game under them. */
  ratingOf(userId: string, rules: string): Promise<StoredRating | null>;
  /** The user's kind (null for no such user). */
  kindOf(userId: string): Promise<PlayerKind | null>;
  /** The user's name (null for no such user). */
  usernameOf(userId: string): Promise<string | null>;
  /** Players of `kind` with `minGames` rated games or more under `rules` rated above `rating`. */
  countAbove(rating: number, rules: string, kind: BoardKind, minGames: number): Promise<number>;
  /** The best `limit` players of `kind` with `minGames` rated games or more under `rules`, and how many there are. */
  leaderboard(
    rules: string,
    kind: BoardKind,
    minGames: number,
    limit: number,
  ): Promise<{ rows: BoardRow[]; total: number }>;
  /**
   * The sets of rules (as `--rules` text) with at least one rating of a player of `kind`, each with
   * how many such players are rated there; most players first, then by the rules' text.
   */
  ratedRules(kind: BoardKind): Promise<{ rules: string; players: number }[]>;
  /** The user's finished games per set of rules (whatever their rating), most played first. */
  recordsOf(userId: string): Promise<RulesRecord[]>;
  /** True once a game of the user's has been rated (a bot upgrade is then refused). */
  hasRatedGames(userId: string): Promise<boolean>;
}
