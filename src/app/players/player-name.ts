import type { BotLevel } from '../../protocol/types';
import { computerLevelOfName } from '../../protocol/computer-names';
import { isDeletedName } from '../../protocol/deleted-accounts';

/** Anyone the app names: a member, a winner, a history or replay player, an open game's host. */
export interface NamedPlayer {
  readonly username: string;
  /**
   * The computer's level where the payload says it (members, history and replay players); a
   * presence entry's true/false says only that it is the computer, and the name tells the level.
   */
  readonly bot?: string | boolean | null;
}

export type Translate = (key: string) => string;

/** The computer's level of `player`, from its `bot` field or else its reserved stored name. */
export function computerLevel(player: NamedPlayer): BotLevel | null {
  const { bot } = player;
  return bot === 'easy' || bot === 'medium' || bot === 'hard' ? bot : computerLevelOfName(player.username);
}

/**
 * The name to show for `player`: a person's username as it is; the computer's in the interface's
 * language ("Ordinateur (facile)"), since its stored name is English (docs/game.md, In the browser);
 * a deleted account's as "deleted player" in that language. Every place the browser shows a
 * player's name goes through here.
 */
export function playerName(t: Translate, player: NamedPlayer): string {
  if (isDeletedName(player.username)) return t('players.deleted');
  const level = computerLevel(player);
  return level === null ? player.username : t(`players.computer.${level}`);
}
