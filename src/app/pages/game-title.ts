import type { Title } from '../../protocol/types';

/**
 * The game page's title: the two players, the viewer first, and the opponent's title (a bot
 * account's BOT badge follows the title, where a phone hides the players list); null until both
 * are known.
 */
export function gameTitle(
  members: readonly { readonly userId: string; readonly username: string; readonly title?: Title | null }[],
  viewerId: string,
): { me: string; opponent: string; opponentTitle: Title | null } | null {
  const me = members.find((m) => m.userId === viewerId);
  const opponent = members.find((m) => m.userId !== viewerId);
  return me && opponent
    ? { me: me.username, opponent: opponent.username, opponentTitle: opponent.title ?? null }
    : null;
}
