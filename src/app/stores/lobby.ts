import { proxy } from 'valtio';
import type { OpenGame } from '../../protocol/lobby';
import { IDLE, nextQuickMatch, type QuickMatchEvent, type QuickMatchState } from '../session/quick-match';

/** The /lobby connection as Home shows it: off (no user), connecting, online, or lost for now. */
export type LobbyConnection = 'off' | 'connecting' | 'online' | 'offline';

export interface LobbyState {
  connection: LobbyConnection;
  /** The open games, as the server last listed them (most recent first). */
  games: OpenGame[];
  search: QuickMatchState;
  /** How far the server's clock is ahead of this one, once a reply has told; null before. */
  offsetMs: number | null;
}

/** Home's view of the /lobby namespace (issue 12): open games and the quick-match search. */
export const lobbyStore = proxy<LobbyState>({ connection: 'off', games: [], search: IDLE, offsetMs: null });

export function dispatchSearch(event: QuickMatchEvent): QuickMatchState {
  lobbyStore.search = nextQuickMatch(lobbyStore.search, event);
  return lobbyStore.search;
}

export function resetLobbyStore(connection: LobbyConnection): void {
  lobbyStore.connection = connection;
  lobbyStore.games = [];
  lobbyStore.search = IDLE;
}
