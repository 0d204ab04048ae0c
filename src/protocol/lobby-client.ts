import { z } from 'zod';
import type { Rules } from '../game';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { connectSocket } from './connect-socket';
import { callWithAck } from './ack-call';
import { followRestarts } from './planned-reconnect';
import { clientSocketOptions } from './socket-options';
import {
  LOBBY_NAMESPACE,
  type LobbyClientToServerEvents,
  type LobbyServerToClientEvents,
  type MatchFound,
  MatchFoundSchema,
  type OpenGame,
  OpenGamesSchema,
  type Searching,
  SearchingSchema,
} from './lobby';
import type { Ack } from './types';

export interface LobbyClientOptions {
  /** Server origin; empty string for the page's own origin. */
  readonly url: string;
  readonly token: string;
  readonly ackTimeoutMs?: number;
  readonly socket?: Partial<ManagerOptions & SocketOptions>;
}

/**
 * The /lobby namespace over socket.io-client: the live list of open games and the quick-match
 * queue. Every payload from the server is checked against its schema; one that does not match is
 * ignored. Runs in Node (CLI, tests) and in the browser.
 */
export class LobbyClient {
  readonly socket: Socket<LobbyServerToClientEvents, LobbyClientToServerEvents>;
  private games: readonly OpenGame[] = [];
  private readonly gameListeners = new Set<(games: readonly OpenGame[]) => void>();
  private readonly matchListeners = new Set<(found: MatchFound) => void>();
  private readonly searchingListeners = new Set<(searching: Searching) => void>();
  private readonly ackTimeoutMs: number;

  constructor(options: LobbyClientOptions) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    this.socket = io(
      `${options.url.replace(/\/+$/, '')}${LOBBY_NAMESPACE}`,
      clientSocketOptions({ token: options.token }, options.socket),
    );
    this.socket.on('openGames', (payload: unknown) => {
      const parsed = OpenGamesSchema.safeParse(payload);
      if (!parsed.success) return;
      this.games = parsed.data.games;
      for (const listener of this.gameListeners) listener(this.games);
    });
    this.socket.on('matchFound', (payload: unknown) => {
      const parsed = MatchFoundSchema.safeParse(payload);
      if (!parsed.success) return;
      for (const listener of this.matchListeners) listener(parsed.data);
    });
    // A node that restarts says so: connect again at once, to another.
    followRestarts(this.socket as unknown as Socket);
    this.socket.on('searching', (payload: unknown) => {
      const parsed = SearchingSchema.safeParse(payload);
      if (!parsed.success) return;
      for (const listener of this.searchingListeners) listener(parsed.data);
    });
  }

  get openGames(): readonly OpenGame[] {
    return this.games;
  }

  /** Called with the whole list whenever it changes; returns the unsubscribe function. */
  onOpenGames(listener: (games: readonly OpenGame[]) => void): () => void {
    this.gameListeners.add(listener);
    return () => this.gameListeners.delete(listener);
  }

  /** Called when the queue has paired this user; returns the unsubscribe function. */
  onMatch(listener: (found: MatchFound) => void): () => void {
    this.matchListeners.add(listener);
    return () => this.matchListeners.delete(listener);
  }

  /**
   * Called when a pairing of this user failed (the other searcher left): the search goes on from
   * the same place, `since` unchanged. Returns the unsubscribe function.
   */
  onSearching(listener: (searching: Searching) => void): () => void {
    this.searchingListeners.add(listener);
    return () => this.searchingListeners.delete(listener);
  }

  /** Connects; rejects with the server's reason (e.g. UNAUTHORIZED) when the handshake is refused. */
  connect(): Promise<void> {
    return connectSocket(this.socket);
  }

  close(): void {
    this.socket.disconnect();
  }

  private call<T>(
    event: 'findOpponent' | 'cancelSearch',
    schema: z.ZodType<T>,
    payload: Record<string, unknown> = {},
  ): Promise<Ack<T>> {
    return callWithAck(
      this.socket as unknown as Parameters<typeof callWithAck>[0],
      event,
      payload,
      schema,
      this.ackTimeoutMs,
    );
  }

  /**
   * Joins the quick-match queue for a game under `rules` (classic when absent); `matchFound` follows
   * once another player who asked for the same rules is found.
   */
  findOpponent(rules?: Partial<Rules>): Promise<Ack<Searching>> {
    return this.call('findOpponent', SearchingSchema, rules === undefined ? {} : { rules });
  }

  /** Leaves the queue (harmless when not in it). */
  cancelSearch(): Promise<Ack<null>> {
    return this.call('cancelSearch', z.null());
  }
}
