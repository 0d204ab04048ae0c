import * as rules from '../../src/game';
import type { Coord, GameState, ShipMap, ShotResult, GameStatus, Rng } from '../../src/game';
import { type Ack, type ErrorCode, errorAck, SERVER_EVENTS, type ServerEventName } from '../../src/protocol';
import type { Identity } from '../auth';
import type { Store } from '../db/store';
import { type MaybePromise, andThen } from '../util/maybe-promise';
import type { Room } from './room';

/** Which server events each member must receive after an action (only what changed). */
export type Fanout = (userId: string) => readonly ServerEventName[];

/** An action's acknowledgement, and what to publish once it has been sent. */
export interface Outcome<T> {
  readonly reply: Ack<T>;
  readonly fanout?: Fanout;
}

const fail = (code: ErrorCode, message?: string): Outcome<never> => ({ reply: errorAck(code, message) });
/**
 * Every event, `members` last: it carries the turn (hasToPlay), so a client that acts on it has
 * already received the boards it acts on, and the server has already written everything else.
 */
export const ALL_EVENTS: readonly ServerEventName[] = [...SERVER_EVENTS.filter((e) => e !== 'members'), 'members'];
const everything: Fanout = () => ALL_EVENTS;

/**
 * Applies a pure rule and, when it passes, persists before the new state becomes the room's.
 * Synchronous when the write is, so a shot needs no promise between its event and its ack.
 */
function commit<T>(
  room: Room,
  result: rules.Result<T, rules.RuleError>,
  persist: (value: T) => MaybePromise<void>,
  stateOf: (value: T) => GameState,
): MaybePromise<{ ok: true; value: T } | { ok: false; outcome: Outcome<never> }> {
  if (!result.ok) return { ok: false, outcome: fail(result.error) };
  const { value } = result;
  return andThen(persist(value), () => {
    room.state = stateOf(value);
    return { ok: true, value } as const;
  });
}

export class RoomActions {
  constructor(
    private readonly store: Store,
    private readonly rng: Rng,
  ) {}

  /**
   * Joins as one of at most two members; the same user again takes over with its new socket. A null
   * socket seats a member who has not connected yet (the person who asked for a computer game or
   * was paired by quick match, before their page opens the room).
   */
  async join(room: Room, user: Identity, socketId: string | null): Promise<Outcome<GameStatus>> {
    const known = room.members.has(user.id);
    const position = room.state.players.length;
    const done = await commit(
      room,
      rules.join(room.state, user.id),
      async () => {
        if (!known) await this.store.addMember(room.slug, user.id, position);
      },
      (state) => state,
    );
    if (!done.ok) return done.outcome;
    const member = room.members.get(user.id);
    if (member) member.socketId = socketId;
    else room.members.set(user.id, { userId: user.id, username: user.username, socketId });
    return { reply: room.state.status, fanout: (id) => (id === user.id ? ALL_EVENTS : ['members']) };
  }

  async start(room: Room, user: Identity): Promise<Outcome<null>> {
    const result = rules.start(room.state, user.id);
    const done = await commit(
      room,
      result,
      async () => {
        room.gameId = await this.store.startRound(room.slug, room.round + 1);
        room.round += 1;
      },
      (state) => state,
    );
    if (!done.ok) return done.outcome;
    return { reply: null, fanout: everything };
  }

  async place(room: Room, user: Identity, fleet: ShipMap): Promise<Outcome<null>> {
    const result = rules.placeShips(room.state, user.id, fleet, this.rng);
    if (!result.ok) {
      const e = result.error;
      return typeof e === 'string'
        ? fail(e)
        : fail('INVALID_FLEET', `${e.detail.code} (ship ${e.detail.ship}: ${rules.SHIP_NAMES[e.detail.ship]})`);
    }
    const next = result.value;
    const gameId = room.gameId;
    if (gameId === null) return fail('WRONG_STATUS');
    await this.store.saveFleet(room.slug, gameId, user.id, fleet, next.status === 'PLAY' ? next.turn : null);
    room.state = next;
    const started = next.status === 'PLAY';
    return {
      reply: null,
      fanout: (id) => {
        const own: ServerEventName[] = id === user.id ? ['shipsIndexes', 'playerBoats'] : [];
        return started ? [...own, 'gameStatus', 'opponentBoats', 'battlePlace', 'members'] : own;
      },
    };
  }

  /** Synchronous from the rule check to the outcome when the shot's row can be written at once. */
  shoot(room: Room, user: Identity, target: Coord): MaybePromise<Outcome<ShotResult>> {
    const seq = room.state.shots.length;
    const gameId = room.gameId;
    const done = commit(
      room,
      rules.shoot(room.state, user.id, target),
      (applied) => {
        if (gameId === null) throw new Error(`room ${room.slug} plays without a game row`);
        return this.store.addShot(room.slug, gameId, seq, applied.shot, applied.outcome.won ? user.id : null);
      },
      (applied) => applied.state,
    );
    return andThen(done, (d): Outcome<ShotResult> => {
      if (!d.ok) return d.outcome;
      const { outcome } = d.value;
      return {
        reply: outcome.result,
        fanout: (id) => {
          if (outcome.won) return SERVER_EVENTS;
          const base: ServerEventName[] = ['battlePlace', 'members'];
          if (id !== user.id) return [...base, 'playerBoats'];
          return outcome.sunk === undefined
            ? [...base, 'opponentBoats']
            : [...base, 'opponentBoats', 'opponentShipsIndexes'];
        },
      };
    });
  }

  async replay(room: Room, user: Identity): Promise<Outcome<GameStatus>> {
    const done = await commit(
      room,
      rules.replay(room.state, user.id),
      async () => {
        room.gameId = await this.store.startRound(room.slug, room.round + 1);
        room.round += 1;
      },
      (state) => state,
    );
    if (!done.ok) return done.outcome;
    return { reply: room.state.status, fanout: everything };
  }
}
