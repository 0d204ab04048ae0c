import type { GameStatus } from '../../game';
import { gamePath, lobbyPath } from './paths';

/** docs/game.md, Routes: once the status is no longer UNSTARTED, the player goes to the game page. */
export function lobbyExit(status: GameStatus | null, id: string): string | null {
  return status !== null && status !== 'UNSTARTED' ? gamePath(id) : null;
}

/** A game page opened before the game started (a shared or reloaded link) waits in the lobby. */
export function gameExit(status: GameStatus | null, id: string): string | null {
  return status === 'UNSTARTED' ? lobbyPath(id) : null;
}
