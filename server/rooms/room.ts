import { type GameState, newGame } from '../../src/game';
import type { StoredRoom } from '../db/store';

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
  };
}

/** One room: the single authority for its game. Actions run one at a time, in arrival order. */
export class Room {
  state: GameState;
  gameId: number | null;
  round: number;
  readonly members = new Map<string, RoomMember>();
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    readonly slug: string,
    stored: StoredRoom,
  ) {
    this.state = restoreState(stored);
    this.gameId = stored.game?.id ?? null;
    this.round = stored.game?.round ?? 0;
    for (const m of stored.members) this.members.set(m.userId, { ...m, socketId: null });
  }

  /** Queues `action` behind every earlier one, so two shots arriving together are judged in turn. */
  exclusive<T>(action: () => Promise<T>): Promise<T> {
    this.pending++;
    const run = this.tail.then(action, action).finally(() => {
      this.pending--;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** True when nobody is connected and nothing is queued: the room may leave memory. */
  get idle(): boolean {
    return this.pending === 0 && [...this.members.values()].every((m) => m.socketId === null);
  }

  memberBySocket(socketId: string): RoomMember | undefined {
    for (const m of this.members.values()) if (m.socketId === socketId) return m;
    return undefined;
  }
}
