import { type GameState, newGame } from '../../src/game';
import type { StoredRoom } from '../db/store';
import type { ServerEventName, ServerEventPayloads } from '../../src/protocol';
import type { MaybePromise } from '../util/maybe-promise';

export interface RoomMember {
  readonly userId: string;
  readonly username: string;
  /** The member's current socket; null while disconnected. */
  socketId: string | null;
}

/** Rebuilds the pure game state from storage; whose turn it is follows from the first player and the shot count. */
export function restoreState(stored: StoredRoom): GameState {
  const players = stored.members.map((m) => m.userId);
  const game = stored.game;
  if (!game) return { ...newGame(), status: stored.status, players };
  let turn: string | null = null;
  if (stored.status === 'PLAY' && game.firstPlayer !== null) {
    const second = players.find((p) => p !== game.firstPlayer) ?? null;
    turn = game.shots.length % 2 === 0 ? game.firstPlayer : second;
  }
  return {
    status: stored.status,
    players,
    fleets: { ...game.fleets },
    shots: [...game.shots],
    turn,
    winner: stored.status === 'ENDED' ? game.winner : null,
    endReason: null,
    missedTurns: {},
    passedTurns: 0,
  };
}

/** Receives, in-process, the events a socket member would be sent (a server-side bot's seat). */
export type LocalDelivery = <K extends ServerEventName>(event: K, payload: ServerEventPayloads[K]) => void;

/** One room: the single authority for its game. Actions run one at a time, in arrival order. */
export class Room {
  state: GameState;
  gameId: number | null;
  round: number;
  /** Listed among the open games while it waits for a second player. */
  readonly isPublic: boolean;
  readonly members = new Map<string, RoomMember>();
  /** Sockets watching the room as spectators on this node (issue 14); they are never members. */
  spectators = 0;
  /** Members seated in this process without a socket (computer players), by their member socketId. */
  readonly localSeats = new Map<string, LocalDelivery>();
  /** Told after every change that was published to the members (open games list). */
  readonly changeListeners = new Set<(room: Room) => void>();
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    readonly slug: string,
    stored: StoredRoom,
  ) {
    this.state = restoreState(stored);
    this.gameId = stored.game?.id ?? null;
    this.round = stored.game?.round ?? 0;
    this.isPublic = stored.isPublic ?? false;
    for (const m of stored.members) this.members.set(m.userId, { ...m, socketId: null });
  }

  /**
   * Runs `action` once every earlier one has finished, so two shots arriving together are judged
   * in turn. When nothing is queued it runs at once, and an action that completes synchronously
   * returns its value directly: a shot then goes from the socket event to its acknowledgement
   * without waiting on a promise.
   */
  exclusive<T>(action: () => MaybePromise<T>): MaybePromise<T> {
    this.pending++;
    if (this.pending > 1) return this.track(this.tail.then(action, action));
    let result: MaybePromise<T>;
    try {
      result = action();
    } catch (error) {
      this.pending--;
      throw error;
    }
    if (result instanceof Promise) return this.track(result);
    this.pending--;
    return result;
  }

  /** Keeps the queue's tail on `run` and counts it as pending until it settles. */
  private track<T>(run: Promise<T>): Promise<T> {
    const settled = run.finally(() => {
      this.pending--;
    });
    this.tail = settled.catch(() => undefined);
    return settled;
  }

  /** True when nobody is connected or watching and nothing is queued: the room may leave memory. */
  get idle(): boolean {
    return this.pending === 0 && this.spectators === 0 && [...this.members.values()].every((m) => m.socketId === null);
  }

  memberBySocket(socketId: string): RoomMember | undefined {
    for (const m of this.members.values()) if (m.socketId === socketId) return m;
    return undefined;
  }
}
