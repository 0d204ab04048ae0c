import type { Rules } from '../../game';
import type { LiveGame } from '../../protocol/live-games';

/** One line of the Watch page's list of live games. */
export interface LiveGameRow {
  readonly slug: string;
  readonly players: readonly { readonly username: string; readonly title: 'BOT' | null }[];
  readonly status: LiveGame['status'];
  readonly rules: Rules;
  readonly turnSeconds: number | null;
  /** A game the player sits at: they go back to it rather than watch it. */
  readonly mine: boolean;
  /** How long the round has been under way, by this browser's clock (never below 0). */
  readonly playingMs: number;
}

/** How often the Watch page asks for the live games again while it is shown. */
export const LIVE_GAMES_REFRESH_MS = 10_000;

/** The list as the server sent it (most recently started first), the player's own games marked. */
export function liveGameRows(games: readonly LiveGame[], userId: string | null, now: number): LiveGameRow[] {
  return games.map((game) => ({
    slug: game.slug,
    players: game.players.map((p) => ({ username: p.username, title: p.title ?? null })),
    status: game.status,
    rules: game.rules,
    turnSeconds: game.turnSeconds,
    mine: userId !== null && game.players.some((p) => p.userId === userId),
    playingMs: Math.max(0, now - game.since),
  }));
}
