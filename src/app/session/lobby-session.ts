import type { Rules } from '../../game';
import type { LobbyClient } from '../../protocol/lobby-client';
import { isErrorAck } from '../../protocol/types';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { dispatchSearch, lobbyStore, resetLobbyStore } from '../stores/lobby';
import { serverUrl } from '../stores/server';
import type { User } from '../stores/user';
import { nextClockOffset } from './clock';
import { checkSession } from './session-watch';

/**
 * The /lobby socket of the Home page (issue 12): the live open games and the quick-match queue.
 * socket.io and the client are loaded on first use, never with the first paint of / (issue 3).
 * One connection at a time; closing the page closes it, which also takes the player out of the
 * queue (the server does so on disconnect: nobody would see the match).
 */
let client: LobbyClient | null = null;
/** The client being loaded: a click on Find before socket.io has arrived waits for it. */
let loading: Promise<LobbyClient | null> = Promise.resolve(null);
/** The rules the current search asked for: asked again with them after a reconnection. */
let searchRules: Rules | undefined;

async function askForOpponent(lobby: LobbyClient): Promise<void> {
  const reply = await lobby.findOpponent(searchRules);
  if (lobby !== client) return;
  if (isErrorAck(reply)) {
    dispatchSearch({ type: 'failed' });
    showError(errorText(reply));
    return;
  }
  const receivedAt = Date.now();
  lobbyStore.offsetMs = nextClockOffset(lobbyStore.offsetMs, reply.serverNow, receivedAt);
  dispatchSearch({ type: 'searching', reply, receivedAt });
}

/** Connects for `user`; returns the function that closes the connection. */
export function openLobby(user: User): () => void {
  let closed = false;
  let opened: LobbyClient | null = null;
  resetLobbyStore('connecting');
  loading = import('../../protocol/lobby-client')
    .then(({ LobbyClient }) => {
      if (closed) return null;
      const lobby = new LobbyClient({ url: serverUrl(), token: user.access_token });
      opened = lobby;
      client = lobby;
      lobby.onOpenGames((games) => {
        lobbyStore.games = [...games];
      });
      lobby.onMatch((found) => {
        dispatchSearch({ type: 'matchFound', slug: found.slug });
      });
      lobby.socket.on('connect', () => {
        lobbyStore.connection = 'online';
        // The server dropped this player from the queue when the socket went: ask again.
        if (lobbyStore.search.phase === 'searching') void askForOpponent(lobby);
      });
      lobby.socket.on('disconnect', (reason) => {
        lobbyStore.connection = 'offline';
        // The server closed it: the session may have ended elsewhere (session-watch.ts).
        if (reason === 'io server disconnect') void checkSession();
      });
      lobby.connect().catch(() => {
        if (closed) return;
        lobbyStore.connection = 'offline';
        void checkSession();
      });
      return lobby;
    })
    .catch(() => {
      if (!closed) lobbyStore.connection = 'offline';
      return null;
    });
  return () => {
    closed = true;
    opened?.close();
    if (client === opened) client = null;
    resetLobbyStore('off');
  };
}

/**
 * "Find an opponent": joins the queue for a game of `rules` (the server pairs only players who
 * asked for the same rules; none means classic); `matchFound` moves the search to `found`.
 */
export async function findOpponent(rules?: Rules): Promise<void> {
  if (dispatchSearch({ type: 'find' }).phase !== 'joining') return;
  searchRules = rules;
  // socket.io keeps the event until the socket is connected.
  const lobby = client ?? (await loading);
  if (!lobby || lobby !== client) {
    dispatchSearch({ type: 'failed' });
    return;
  }
  await askForOpponent(lobby);
}

/**
 * Leaves the queue, by Cancel or to play the computer instead. True when the player is out of it;
 * false when a match arrived meanwhile (the search is then `found` and the page goes there).
 */
export async function leaveSearch(next: 'idle' | 'computer'): Promise<boolean> {
  const lobby = client;
  const state = dispatchSearch({ type: next === 'computer' ? 'acceptComputer' : 'cancel' });
  if (state.phase !== 'leaving') return false;
  // A failed cancel needs no retry: the server also drops the player when this socket closes.
  if (lobby) await lobby.cancelSearch();
  if (lobbyStore.search.phase !== 'leaving') return false;
  dispatchSearch({ type: 'left' });
  return true;
}
