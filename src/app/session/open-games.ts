import { CLASSIC_RULES, type Rules } from '../../game';
import type { OpenGame } from '../../protocol/lobby';

/** One line of Home's "Open games" list (issue 12). */
export interface OpenGameRow {
  readonly slug: string;
  readonly host: string;
  /** `BOT` when the host is a bot account waiting for a person (docs/engines.md). */
  readonly hostTitle: 'BOT' | null;
  /** The player's own public room (open in another tab): marked, never offered to join. */
  readonly mine: boolean;
  readonly waitingMs: number;
  /** The room's rules (classic from a server that does not say). */
  readonly rules: Rules;
}

/**
 * The list as the server sent it (most recent first), each game marked when it is the player's own,
 * with how long it has waited. `since` is on the server's clock; `offsetMs` (server ahead of this
 * browser) is the best estimate known, 0 when none: the openGames event carries no server time.
 */
export function openGameRows(
  games: readonly OpenGame[],
  userId: string | null,
  localNow: number,
  offsetMs: number,
): OpenGameRow[] {
  return games.map((game) => ({
    slug: game.slug,
    host: game.host.username,
    hostTitle: game.host.title ?? null,
    mine: game.host.userId === userId,
    waitingMs: Math.max(0, localNow + offsetMs - game.since),
    rules: game.rules ?? CLASSIC_RULES,
  }));
}
