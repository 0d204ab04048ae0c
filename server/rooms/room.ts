import { type GameState, newGame, playMoves, type TurnSeconds } from '../../src/game';
import type { StoredRoom } from '../db/storage';
import type { StateFrame, Title, WireStateFrame } from '../../src/protocol';
import { BoardTexts } from './board-texts';
import { RoomTimers } from './timers';

export interface RoomMember {
  readonly userId: string;
  readonly username: string;
  /** `BOT` for a bot account (docs/engines.md, "Bot accounts"). */
  readonly title?: Title | null;
  /** The member's current socket; null while disconnected. */
  socketId: string | null;
  /** While away during PLAY: when the reconnect grace period ends (epoch ms). */
  awayUntil: number | null;
  /**
   * The wire the member's socket speaks (docs/protocol.md), set when it joins: `broadside/2` when
   * its handshake asked for it, else the SPEC dialect (also for a member not connected yet).
   */
  dialect?: 'spec' | 'broadside/2';
}

/** Whether a member is connected, as the rules of src/game ask (forfeit eligibility). */
export const presence = (member: RoomMember): { connected: boolean } => ({ connected: member.socketId !== null });

/** How long things last: the reconnect grace period and a turn of the clock, in ms. */
export interface ClockSettings {
  readonly graceMs: number;
  turnMs(seconds: TurnSeconds): number;
}

export const DEFAULT_CLOCK: ClockSettings = { graceMs: 60_000, turnMs: (seconds) => seconds * 1000 };

/**
 * Rebuilds the pure game state from storage: the round's moves replayed from its first player
 * (src/game/replay.ts), so a restart keeps the turn and the missed-turn counts.
 */
export function restoreState(stored: StoredRoom): GameState {
  const players = stored.members.map((m) => m.userId);
  const game = stored.game;
  if (!game) return { ...newGame(stored.rules), status: stored.status, players };
  const fleets = { ...game.fleets };
  const played = playMoves(players, game.firstPlayer, game.moves, { rules: stored.rules, fleets });
  const ended = stored.status === 'ENDED';
  return {
    ...played,
    rules: stored.rules,
    status: stored.status,
    players,
    fleets,
    turn: stored.status === 'PLAY' ? played.turn : null,
    winner: ended ? game.winner : null,
    endReason: ended ? game.endReason : null,
  };
}

/**
 * The `state` frame a broadside/2 socket member would be sent, handed over in-process: its view as
 * a client reads it (grids as grids, no rows made and read back), and `wire()`, the very frame a
 * socket receives, made only when asked for (tests check it).
 */
export interface LocalFrame extends StateFrame {
  wire(): WireStateFrame;
}

/** Receives, in-process, the `state` frame a broadside/2 socket member would be sent (a server-side bot's seat). */
export type LocalDelivery = (frame: LocalFrame) => void;

/** One room: the single authority for its game. Actions run one at a time, in arrival order. */
export class Room {
  state: GameState;
  gameId: number | null;
  round: number;
  /** Listed among the open games while it waits for a second player. */
  readonly isPublic: boolean;
  /** The room's turn clock, chosen at creation; null for none. */
  readonly turnSeconds: TurnSeconds | null;
  /** When the current turn began (play start, last shot, or the deadline of the last missed turn). */
  turnStartedAt: number | null;
  /** Who started the current round: on a replay, the member asking for the rematch. */
  startedBy: string | null;
  readonly members = new Map<string, RoomMember>();
  /**
   * Grows by one with every change published to the room's members and spectators (dispatch.ts),
   * so a client can tell a newer state from an older one. It starts again at 0 when the room is
   * loaded into memory anew (a restart, or another node taking the room): a client takes the
   * state that answers its join as the new start.
   */
  seq = 0;
  /** Sockets watching the room as spectators on this node (issue 14); they are never members. */
  spectators = 0;
  /** Members seated in this process without a socket (computer players), by their member socketId. */
  readonly localSeats = new Map<string, LocalDelivery>();
  /** Told after every change that was published to the members (open games list). */
  readonly changeListeners = new Set<(room: Room) => void>();
  /** Grace periods and the turn clock; they fire actions through exclusive() like any event. */
  readonly timers = new RoomTimers();
  /** The JSON of its boards' grids, kept while a board is unchanged (board-texts.ts). */
  readonly boardTexts = new BoardTexts();
  /** When the room was made, and when this node loaded it (epoch ms): the operator's console shows their age. */
  readonly createdAt: number;
  readonly loadedAt = Date.now();
  /** Why an operator closed the room, once they did: it takes no command any more (docs/deploy.md). */
  closed: string | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    readonly slug: string,
    stored: StoredRoom,
    readonly clock: ClockSettings = DEFAULT_CLOCK,
  ) {
    this.state = restoreState(stored);
    this.gameId = stored.game?.id ?? null;
    this.round = stored.game?.round ?? 0;
    this.isPublic = stored.isPublic ?? false;
    this.turnSeconds = stored.turnSeconds;
    const lastMove = stored.game?.moves[stored.game.moves.length - 1];
    this.turnStartedAt = lastMove?.at ?? stored.game?.playStartedAt ?? null;
    this.startedBy = stored.game?.startedBy ?? null;
    this.createdAt = stored.createdAt ?? this.loadedAt;
    for (const m of stored.members) this.members.set(m.userId, { ...m, socketId: null, awayUntil: null });
  }

  /** When the current turn passes to the other player, or null (no clock, or not in PLAY). */
  get turnDeadline(): number | null {
    if (this.state.status !== 'PLAY' || this.turnSeconds === null || this.turnStartedAt === null) return null;
    return this.turnStartedAt + this.clock.turnMs(this.turnSeconds);
  }

  /** The other member of the room, if any. */
  otherMember(userId: string): RoomMember | undefined {
    for (const m of this.members.values()) if (m.userId !== userId) return m;
    return undefined;
  }

  /**
   * Takes the stored game again after another node wrote to it (a lost write, see RoomActions):
   * the state, round and members come from storage; members keep the sockets this node knows.
   */
  reload(stored: StoredRoom): void {
    this.state = restoreState(stored);
    this.gameId = stored.game?.id ?? null;
    this.round = stored.game?.round ?? 0;
    const lastMove = stored.game?.moves[stored.game.moves.length - 1];
    this.turnStartedAt = lastMove?.at ?? stored.game?.playStartedAt ?? null;
    this.startedBy = stored.game?.startedBy ?? null;
    for (const m of stored.members)
      if (!this.members.has(m.userId)) this.members.set(m.userId, { ...m, socketId: null, awayUntil: null });
  }

  /**
   * Runs `action` once every earlier one has finished, so two shots arriving together are judged
   * in turn. When nothing is queued it starts at once, in the caller's tick.
   */
  exclusive<T>(action: () => Promise<T> | T): Promise<T> {
    this.pending++;
    if (this.pending > 1) return this.track(this.tail.then(action, action));
    let started: Promise<T>;
    try {
      started = Promise.resolve(action());
    } catch (error) {
      started = Promise.reject(error);
    }
    return this.track(started);
  }

  /** Keeps the queue's tail on `run` and counts it as pending until it settles. */
  private track<T>(run: Promise<T>): Promise<T> {
    const settled = run.finally(() => {
      this.pending--;
    });
    this.tail = settled.catch(() => undefined);
    return settled;
  }

  /**
   * True when nobody is connected or watching, nothing is queued and no deadline is pending: the room may
   * leave memory. A running turn clock keeps it in, so an abandoned game still ends on time.
   */
  get idle(): boolean {
    return (
      this.pending === 0 &&
      this.spectators === 0 &&
      this.timers.names.length === 0 &&
      [...this.members.values()].every((m) => m.socketId === null)
    );
  }

  memberBySocket(socketId: string): RoomMember | undefined {
    for (const m of this.members.values()) if (m.socketId === socketId) return m;
    return undefined;
  }
}
