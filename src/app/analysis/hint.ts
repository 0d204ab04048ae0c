import { type Cell, cellIndex, type GameStatus, type ShotResult } from '../../game';
import type { Member } from '../../protocol/types';

/* The Hint of a game against the computer (docs/game.md, "Hints"), as plain data. */

/** A hint is offered in play, to a player of the game, when the other player is the computer. */
export function hintAllowed(
  status: GameStatus | null,
  members: readonly Pick<Member, 'userId' | 'bot'>[],
  userId: string | null,
): boolean {
  if (status !== 'PLAY' || !userId) return false;
  if (!members.some((m) => m.userId === userId)) return false;
  const others = members.filter((m) => m.userId !== userId);
  return others.length === 1 && Boolean(others[0]?.bot);
}

/** The cells fired at on the opponent's grid as the player sees it, with their answers. */
export function firedOn(grid: readonly (readonly Cell[])[]): Map<number, ShotResult> {
  const fired = new Map<number, ShotResult>();
  grid.forEach((row, y) => {
    row.forEach((cell, x) => {
      if (cell === 'M' || cell === 'H' || cell === 'D') fired.set(cellIndex({ x, y }), cell);
    });
  });
  return fired;
}
