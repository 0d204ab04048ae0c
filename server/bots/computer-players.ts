import type { FastifyBaseLogger } from 'fastify';
import type { ThinkingTime } from '../../src/bots/delay';
import { botLevelOf, botUserId } from '../../src/bots/levels';
import { randomRng, type Rules } from '../../src/game';
import {
  type BotLevel,
  type ComputerGameResponse,
  isErrorAck,
  type PlayerStateView,
  type WireStateFrame,
} from '../../src/protocol';
import type { Identity } from '../auth';
import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';
import type { Dispatch } from '../rooms/dispatch';
import type { Decider, DecisionTimes } from './decider';
import { type BotMove, BotSeat } from './seat';

/** MAX_BOT_GAMES rooms already seat a computer player. */
export class BotsBusyError extends Error {
  constructor(readonly max: number) {
    super(`All ${max} computer opponents are busy: try again in a minute, or find a person to play`);
    this.name = 'BotsBusyError';
  }
}

export interface ComputerPlayersOptions {
  readonly registry: RoomRegistry;
  readonly decider: Decider;
  readonly log: FastifyBaseLogger;
  readonly maxGames: number;
  readonly thinking: ThinkingTime;
  readonly idleMs: number;
  /** A computer player left its room (nobody played with it for `idleMs`): its game no longer counts. */
  readonly seatLeft?: (slug: string) => void;
}

/**
 * Told of every `state` frame a computer seat receives (tests check what a computer may see):
 * `frame` as a broadside/2 socket would receive it, `view` as the seat took it in.
 */
export type BotFrameListener = (slug: string, userId: string, frame: WireStateFrame, view: PlayerStateView) => void;

export interface ComputerPlayersStats {
  readonly seats: number;
  readonly max: number;
  /** Actions the server refused to a computer player since start (never expected). */
  readonly refused: number;
  readonly decisions: Partial<Record<BotLevel, DecisionTimes>>;
}

/**
 * The server's computer players: opens computer games, seats one bot per room (at most
 * MAX_BOT_GAMES at a time), seats it again when its room comes back into memory with a person
 * (after a restart or an idle spell), and lets it go when nobody plays with it.
 */
export class ComputerPlayers {
  private readonly seats = new Map<string, BotSeat>();
  private readonly seating = new Set<string>();
  private reserved = 0;
  private refusedCount = 0;
  private act: Dispatch | null = null;
  private readonly frameListeners = new Set<BotFrameListener>();

  constructor(private readonly options: ComputerPlayersOptions) {
    options.registry.onLoad.add((room) => {
      room.changeListeners.add((changed) => this.reseat(changed));
    });
    // A copy of a room this node no longer plays: its seat gets up (the node playing it seats its own).
    options.registry.onEvict.add((room) => {
      const seat = this.seats.get(room.slug);
      if (seat?.room !== room) return;
      seat.stop();
      this.seats.delete(room.slug);
    });
  }

  /** Wires the seats to the rooms' dispatch, through which they act like any player. */
  attach(dispatch: Dispatch): void {
    this.act = dispatch;
  }

  private dispatch(): Dispatch {
    if (!this.act) throw new Error('computer players are not attached to the rooms’ dispatch');
    return this.act;
  }

  /** Seats taken and being taken. */
  get active(): number {
    return this.seats.size + this.reserved;
  }

  /**
   * A new room under `rules` (classic by default) with `user` as its first member and the level's
   * computer player as the second, placing ships.
   */
  async createGame(user: Identity, level: BotLevel, rules?: Rules): Promise<ComputerGameResponse> {
    if (this.active >= this.options.maxGames) throw new BotsBusyError(this.options.maxGames);
    this.reserved++;
    try {
      const { registry } = this.options;
      const dispatch = this.dispatch();
      const slug = await registry.create(user.id, rules ? { rules } : {});
      const room = await registry.get(slug);
      if (!room) throw new Error(`room ${slug} vanished after its creation`);
      // The person is seated first, without a socket until their page opens the room.
      const joined = await dispatch(room, { kind: 'player', user, socketId: null }, { type: 'join' });
      if (isErrorAck(joined)) throw new Error(`seating ${user.id} in ${slug}: ${joined.error}`);
      const seat = await this.seat(room, level);
      if (!seat) throw new Error(`seating the computer in ${slug} failed`);
      return { slug, bot: { userId: seat.identity.id, username: seat.identity.username, level } };
    } finally {
      this.reserved--;
    }
  }

  private async seat(room: Room, level: BotLevel): Promise<BotSeat | null> {
    const { decider, thinking, idleMs, log } = this.options;
    const seat = new BotSeat(room, level, {
      dispatch: this.dispatch(),
      decider,
      thinking,
      idleMs,
      rng: randomRng(),
      observe: (r, frame) => {
        // The wire form is made only for a listener: in production nobody asks for it.
        if (this.frameListeners.size === 0) return;
        const wire = frame.wire();
        for (const listener of this.frameListeners) listener(r.slug, botUserId(level), wire, frame.view);
      },
      refused: (r, move: BotMove, error) => {
        this.refusedCount++;
        log.error({ slug: r.slug, level, move, error }, 'the server refused a computer move');
      },
      left: (gone) => {
        if (this.seats.get(gone.room.slug) === gone) this.seats.delete(gone.room.slug);
        this.options.registry.release(gone.room);
        this.options.seatLeft?.(gone.room.slug);
      },
    });
    this.seats.set(room.slug, seat);
    const reply = await seat.sit();
    if (isErrorAck(reply)) {
      this.seats.delete(room.slug);
      log.error({ slug: room.slug, level, error: reply.error }, 'a computer player could not take its seat');
      return null;
    }
    return seat;
  }

  /**
   * A room with a computer member whose seat is empty gets it back as soon as a person is
   * connected: after a restart or an idle spell, the game goes on where it was.
   */
  private reseat(room: Room): void {
    if (this.seats.has(room.slug) || this.seating.has(room.slug) || !this.act) return;
    let level: BotLevel | null = null;
    let personHere = false;
    for (const member of room.members.values()) {
      const memberLevel = botLevelOf(member.userId);
      if (memberLevel) level = memberLevel;
      else if (member.socketId !== null) personHere = true;
    }
    if (!level || !personHere) return;
    this.seating.add(room.slug);
    this.seat(room, level)
      .catch((error: unknown) => this.options.log.error({ err: error, slug: room.slug }, 'reseating a computer failed'))
      .finally(() => this.seating.delete(room.slug));
  }

  /** Every event delivered to a computer seat; returns the unsubscribe function (tests record frames). */
  onFrame(listener: BotFrameListener): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  stats(): ComputerPlayersStats {
    return {
      seats: this.seats.size,
      max: this.options.maxGames,
      refused: this.refusedCount,
      decisions: this.options.decider.stats(),
    };
  }

  async close(): Promise<void> {
    for (const seat of this.seats.values()) seat.stop();
    this.seats.clear();
    await this.options.decider.close();
  }
}
