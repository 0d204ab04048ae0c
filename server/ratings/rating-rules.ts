import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Which finished games count for the ratings, and who is listed (docs/game.md, "Ratings"). */
export interface RatingRules {
  /** Rated games between the same two accounts within 24 hours; 0 = no bound. */
  readonly ratedGamesPerPairPerDay: number;
  /** Rated games a player needs to be listed on the leaderboard (and ranked). */
  readonly leaderboardMinGames: number;
}

/** Why a finished game between two people was recorded but not rated. */
export type UnratedReason = 'NOT_PLAYED' | 'PAIR_LIMIT';

const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether the game may be rated: both players fired at least once (a game resigned, abandoned or
 * forfeited before that proves nothing), and the same two accounts were rated against each other
 * fewer than `ratedGamesPerPairPerDay` times in the 24 hours before this game ended (trading quick
 * wins cannot farm a rating). Games are rated in the order they ended, so the count is the same
 * whenever the rater runs.
 */
export async function unratedReason(
  db: Db,
  rules: RatingRules,
  game: { readonly id: number; readonly endedAt: number },
  players: readonly [string, string],
): Promise<UnratedReason | null> {
  const shooters = await db
    .selectFrom('shots')
    .select('shooter_id')
    .distinct()
    .where('game_id', '=', game.id)
    .where('result', 'in', ['M', 'H', 'D'])
    .execute();
  const fired = new Set(shooters.map((s) => s.shooter_id));
  if (!players.every((p) => fired.has(p))) return 'NOT_PLAYED';
  if (rules.ratedGamesPerPairPerDay <= 0) return null;
  const [a, b] = players;
  // From the day's finished games (index games_ended), each looked up in game_ratings by its key.
  const earlier = await db
    .selectFrom('games')
    .innerJoin('game_ratings as mine', (join) => join.onRef('mine.game_id', '=', 'games.id').on('mine.user_id', '=', a))
    .innerJoin('game_ratings as theirs', (join) =>
      join.onRef('theirs.game_id', '=', 'games.id').on('theirs.user_id', '=', b),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('games.ended_at', '>', game.endedAt - DAY_MS)
    .where('games.ended_at', '<=', game.endedAt)
    .where('games.id', '!=', game.id)
    .executeTakeFirst();
  return Number(earlier?.n ?? 0) >= rules.ratedGamesPerPairPerDay ? 'PAIR_LIMIT' : null;
}
