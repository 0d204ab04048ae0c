import type { GameToRate, RatingDecision, StoredRating } from '../db/rating-store';
import { INITIAL_RATING, type Rating, rateGame } from './glicko';

/** Which finished games count for the ratings, and who is listed (docs/game.md, "Ratings"). */
export interface RatingRules {
  /** Rated games between the same two accounts within 24 hours; 0 = no bound. */
  readonly ratedGamesPerPairPerDay: number;
  /** Rated games a player needs to be listed on the leaderboard (and ranked). */
  readonly leaderboardMinGames: number;
}

const SKIP: RatingDecision = { kind: 'skip' };

/**
 * What a finished game does to the ratings, under the game's own rules (one rating per set of rules):
 * - games with the server's computer, or without two players and a winner, are not rated;
 * - people and bot accounts are rated alike, on one scale: a bot's rating moves only through games
 *   with bots, a person's through games with people, unless a person plays a bot (docs/engines.md);
 * - a game is rated once both players fired (one resigned, abandoned or forfeited before that
 *   proves nothing), and the same two accounts are rated against each other at most
 *   `ratedGamesPerPairPerDay` times in 24 hours (trading quick wins cannot farm a rating).
 */
export function decideRating(game: GameToRate, rules: RatingRules): RatingDecision {
  const [a, b] = game.players;
  if (!a || !b || game.players.length !== 2 || game.winner === null) return SKIP;
  if (a.kind === 'computer' || b.kind === 'computer') return SKIP;
  const winner = game.players.find((p) => p.id === game.winner);
  const loser = game.players.find((p) => p.id !== game.winner);
  if (!winner || !loser) return SKIP;
  if (!game.players.every((p) => game.fired.includes(p.id))) return { kind: 'unrated', reason: 'NOT_PLAYED' };
  if (rules.ratedGamesPerPairPerDay > 0 && game.pairRatedBefore >= rules.ratedGamesPerPairPerDay)
    return { kind: 'unrated', reason: 'PAIR_LIMIT' };
  const w = game.current[winner.id] ?? null;
  const l = game.current[loser.id] ?? null;
  const before = (row: StoredRating | null): Rating =>
    row ? { rating: row.rating, rd: row.rd, vol: row.vol } : INITIAL_RATING;
  const next = rateGame(before(w), before(l));
  const after = (row: StoredRating | null, rating: Rating, won: boolean): StoredRating => ({
    ...rating,
    games: (row?.games ?? 0) + 1,
    wins: (row?.wins ?? 0) + (won ? 1 : 0),
  });
  return {
    kind: 'rated',
    players: {
      [winner.id]: { before: before(w).rating, after: after(w, next.winner, true) },
      [loser.id]: { before: before(l).rating, after: after(l, next.loser, false) },
    },
  };
}
