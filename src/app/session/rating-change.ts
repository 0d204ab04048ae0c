import type { HistoryEntry } from '../../protocol/history';

/*
 * The rating change shown on the end card (docs/game.md, "Ratings"): the game just ended is the
 * newest of the player's history in its room, and its change appears once the server rated it, a
 * moment after the end. Pure: which entry, what to show, when to ask again.
 */

export interface RatingChange {
  readonly before: number;
  readonly after: number;
  /** Rounded as shown: after − before. */
  readonly delta: number;
}

export type RatingLookup =
  /** Rated: the change to show. */
  | { readonly kind: 'rated'; readonly change: RatingChange }
  /** Recorded, not rated yet: ask again later (it may also never be, a pair's daily limit say). */
  | { readonly kind: 'pending' }
  /** Never rated: a game against the computer, or none found. */
  | { readonly kind: 'none' };

/** What the newest `games` (a history page, newest first) say of the game just ended in `slug`. */
export function ratingLookup(games: readonly HistoryEntry[], slug: string): RatingLookup {
  const game = games.find((g) => g.slug === slug);
  if (!game) return { kind: 'pending' };
  if (game.rating) {
    const before = Math.round(game.rating.before);
    const after = Math.round(game.rating.after);
    return { kind: 'rated', change: { before, after, delta: after - before } };
  }
  // The server's computer players are never rated (a bot account is: its title is BOT).
  if (game.opponent?.bot && game.opponent.title !== 'BOT') return { kind: 'none' };
  return { kind: 'pending' };
}

/** The waits before each new look while a game is not rated yet; after the last, it is taken as unrated. */
export const RATING_LOOKS_MS: readonly number[] = [300, 700, 1500, 3000, 6000];

/** A change as players read it: "+162", "−38" (a true minus sign), "±0". */
export function signedDelta(delta: number, format: (n: number) => string = String): string {
  if (delta > 0) return `+${format(delta)}`;
  if (delta < 0) return `−${format(-delta)}`;
  return `±${format(0)}`;
}
