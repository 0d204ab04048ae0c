import { type ThinkingTime, thinkingDelay } from '../../src/bots/delay';
import { botUserId, botUsername, levelStrategies } from '../../src/bots/levels';
import type { PlacementStrategy } from '../../src/bots/types';
import { type Rng, shotsAllowed } from '../../src/game';
import {
  type Ack,
  type BotLevel,
  type ClientGameState,
  hasToPlay,
  initialGameState,
  isErrorAck,
  PlaceShipsPayloadSchema,
  SeqGuard,
  ShootPayloadSchema,
} from '../../src/protocol';
import { absorbView } from '../../src/protocol/state-intake';
import type { Identity } from '../auth';
import type { Actor } from '../rooms/commands';
import type { Dispatch } from '../rooms/dispatch';
import type { LocalFrame, Room } from '../rooms/room';
import type { Decider } from './decider';

/** What a computer player does next, judged from its own view only. */
export type BotMove = 'start' | 'place' | 'shoot' | null;

export function nextMove(state: ClientGameState, userId: string): BotMove {
  if (state.gameStatus === 'UNSTARTED' && state.members.length === 2) return 'start';
  if (state.gameStatus === 'PLACE_SHIPS' && state.shipsIndexes === null) return 'place';
  if (state.gameStatus === 'PLAY' && hasToPlay(state, userId)) return 'shoot';
  return null;
}

/** True when some member other than `userId` has a socket in the room. */
export function personPresent(state: ClientGameState, userId: string): boolean {
  return state.members.some((m) => m.userId !== userId && m.socketId !== null);
}

export interface SeatDeps {
  readonly dispatch: Dispatch;
  readonly decider: Decider;
  readonly thinking: ThinkingTime;
  readonly rng: Rng;
  /** Leave after this long without a person connected. */
  readonly idleMs: number;
  /** Every state frame delivered to the seat (tests record them; `frame.wire()` is what a socket gets). */
  readonly observe: (room: Room, frame: LocalFrame) => void;
  /** An action the server refused: a computer player should never see one. */
  readonly refused: (room: Room, move: BotMove, error: string) => void;
  readonly left: (seat: BotSeat) => void;
}

const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/**
 * A computer player seated in one room. It receives, in-process, exactly the `state` frame a
 * broadside/2 socket member would get (server/socket/publish.ts), keeps it as a client does, and acts only through
 * the room's dispatch, as a socket event does: same rules, storage, views, publishing and clocks.
 * One move at a time: a move waits its thinking time, is checked again against the latest view,
 * then sent; the next is judged only once the server has answered and published.
 */
export class BotSeat {
  readonly identity: Identity;
  readonly socketId: string;
  private readonly actor: Actor;
  private view: ClientGameState;
  /** Frames are delivered in-process in order; a stale one (a room loaded anew is a new seat) is ignored. */
  private readonly frames = new SeqGuard();
  private readonly placer: PlacementStrategy;
  private busy = false;
  private scheduled = false;
  private closed = false;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly room: Room,
    readonly level: BotLevel,
    private readonly deps: SeatDeps,
  ) {
    this.identity = { id: botUserId(level), username: botUsername(level) };
    this.socketId = `bot:${room.slug}`;
    this.actor = { kind: 'player', user: this.identity, socketId: this.socketId };
    this.view = initialGameState(room.slug);
    this.placer = levelStrategies(level).placer;
  }

  /** Takes the seat: joins the room (or takes its member back after a restart) and gets the full state. */
  async sit(): Promise<Ack<unknown>> {
    const { room } = this;
    room.localSeats.set(this.socketId, this.deliver);
    const reply = await this.deps.dispatch(room, this.actor, { type: 'join' });
    if (isErrorAck(reply)) room.localSeats.delete(this.socketId);
    return reply;
  }

  /**
   * The in-process delivery of one change: the same `state` frame a broadside/2 socket gets, its
   * view already as a client reads it (our own server's, in-process: nothing to check or decode).
   */
  private readonly deliver = (frame: LocalFrame): void => {
    if (this.closed) return;
    this.deps.observe(this.room, frame);
    const verdict = this.frames.judge(frame.seq);
    if (verdict === 'stale' || verdict === 'duplicate') return;
    this.view = absorbView(this.view, frame.view);
    this.schedule();
  };

  /** Judges the view once the current publish is over (other seats' and sockets' frames go first). */
  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.evaluate();
    });
  }

  private evaluate(): void {
    if (this.closed) return;
    this.watchPresence();
    if (this.busy) return;
    const move = nextMove(this.view, this.identity.id);
    if (move === null) return;
    this.busy = true;
    this.play(move)
      .catch((error: unknown) =>
        this.deps.refused(this.room, move, error instanceof Error ? error.message : 'INTERNAL'),
      )
      .finally(() => {
        this.busy = false;
        this.schedule();
      });
  }

  private async play(move: Exclude<BotMove, null>): Promise<void> {
    const { dispatch, decider, rng, thinking } = this.deps;
    const { room, actor } = this;
    let reply: Ack<unknown>;
    if (move === 'start') {
      reply = await dispatch(room, actor, { type: 'start' });
    } else if (move === 'place') {
      const fleet = PlaceShipsPayloadSchema.parse(this.placer.place(rng, room.state.rules));
      await sleep(thinkingDelay(thinking, rng));
      if (!this.still(move)) return;
      reply = await dispatch(room, actor, { type: 'place', fleet });
    } else {
      const before = this.view;
      const { rules } = room.state;
      // Under salvo rules as many cells as its own ships afloat, chosen as a set (docs/game.md).
      const count = shotsAllowed(room.state, this.identity.id);
      const view = { grid: before.opponentBoats, sunk: before.opponentShipsIndexes, rules };
      // Thinking time and the decision run together: a slow decision hides inside the delay.
      const [targets] = await Promise.all([
        decider.shoot(this.level, view, count, rng),
        sleep(thinkingDelay(thinking, rng)),
      ]);
      // The game may have moved on while thinking (a resignation, a forfeit): never act on an old
      // view. Any frame since counts (grids a change did not touch are shared from frame to frame).
      if (!this.still(move) || this.view !== before) return;
      const cells = ShootPayloadSchema.parse(targets);
      // One shot a turn goes as one cell, as a person's would; a salvo as the array.
      const target = rules.shots === 'one' && Array.isArray(cells) && cells[0] ? cells[0] : cells;
      reply = await dispatch(room, actor, { type: 'shoot', target });
    }
    if (isErrorAck(reply)) this.deps.refused(room, move, reply.error);
  }

  private still(move: BotMove): boolean {
    return !this.closed && nextMove(this.view, this.identity.id) === move;
  }

  /** Leaves once no person has been connected for a while; a person coming back seats it again. */
  private watchPresence(): void {
    if (personPresent(this.view, this.identity.id)) {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
      return;
    }
    if (this.idleTimer) return;
    this.idleTimer = setTimeout(() => void this.leave(), this.deps.idleMs);
    this.idleTimer.unref();
  }

  /** Gives the seat up: the member stays in the room (disconnected) and the other member is told. */
  async leave(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const { room } = this;
    room.localSeats.delete(this.socketId);
    await this.deps.dispatch(room, this.actor, { type: 'disconnect' });
    this.deps.left(this);
  }

  /** At server shutdown: stop at once, nothing to publish. */
  stop(): void {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.room.localSeats.delete(this.socketId);
  }
}
