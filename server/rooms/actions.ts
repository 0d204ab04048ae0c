import * as rules from '../../src/game';
import type { Coord, GameState, ShipMap, ShotResult, GameStatus, Rng } from '../../src/game';
import { type Ack, type ErrorCode, errorAck, SERVER_EVENTS, type ServerEventName } from '../../src/protocol';
import type { Identity } from '../auth';
import type { Storage } from '../db/storage';
import { isUniqueViolation } from '../db/conflict';
import type { Wire } from './commands';
import { presence, type Room, type RoomMember } from './room';

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
export const ALL_EVENTS: readonly ServerEventName[] = [
  'match',
  ...SERVER_EVENTS.filter((e) => e !== 'members' && e !== 'match'),
  'members',
];
/**
 * The full state in the SPEC's event order (the last shot's frames), with `match` first: a client
 * that sees ENDED already knows how the game ended.
 */
const SPEC_ORDER: readonly ServerEventName[] = ['match', ...SERVER_EVENTS.filter((e) => e !== 'match')];
const everything: Fanout = () => ALL_EVENTS;
/** What a change of the turn alone (a missed turn) or of presence tells both members. */
const TURN_PASSED: readonly ServerEventName[] = ['match', 'members'];
const nothing: Outcome<null> = { reply: null };

/** True for the array form of `shoot` (a salvo, even of one cell). */
function isSalvo(target: Coord | readonly Coord[]): target is readonly Coord[] {
  return Array.isArray(target);
}

/** Why a turn's number of cells was refused, in words (WRONG_SHOT_COUNT's detail). */
function shotCountMessage(roomRules: rules.Rules, allowed: number, sent: number): string {
  const why = roomRules.shots === 'salvo' ? ' (one per ship you have afloat)' : '';
  return `this turn takes ${allowed} shot${allowed === 1 ? '' : 's'}${why}; ${sent} sent`;
}

/** Applies a pure rule and, when it passes, persists before the new state becomes the room's. */
async function commit<T>(
  room: Room,
  result: rules.Result<T, rules.RuleError>,
  persist: (value: T) => Promise<void>,
  stateOf: (value: T) => GameState,
): Promise<{ ok: true; value: T } | { ok: false; outcome: Outcome<never> }> {
  if (!result.ok) return { ok: false, outcome: fail(result.error) };
  const { value } = result;
  await persist(value);
  room.state = stateOf(value);
  if (room.state.status === 'ENDED') for (const m of room.members.values()) m.awayUntil = null;
  return { ok: true, value };
}

/** Starts the grace period of every member away when play starts or someone comes back to it. */
function startGrace(room: Room, members: Iterable<RoomMember>, now: number): void {
  if (room.state.status !== 'PLAY') return;
  for (const m of members) if (m.socketId === null) m.awayUntil = now + room.clock.graceMs;
}

export class RoomActions {
  /** Told when this node lost a write to another node (several nodes: it doubts it owns the room). */
  onLostWrite: ((slug: string) => void) | null = null;

  constructor(
    private readonly store: Storage,
    private readonly rng: Rng,
  ) {}

  /**
   * A move's (game, seq) key was taken: another node that also believed it played this room
   * recorded a move first. The database is the arbiter: this node's copy is stale, so it reloads the
   * room from storage, refuses the move, and sends every member the state as stored.
   */
  private async lostWrite(room: Room): Promise<Outcome<never>> {
    const stored = await this.store.rooms.loadRoom(room.slug);
    if (stored) room.reload(stored);
    this.onLostWrite?.(room.slug);
    return { reply: errorAck('CONFLICT', 'the game changed on another server; it was reloaded'), fanout: everything };
  }

  /**
   * Joins as one of at most two members; the same user again takes over with its new socket. A null
   * socket seats a member who has not connected yet (the person who asked for a computer game or
   * was paired by quick match, before their page opens the room). A member coming back during PLAY
   * ends its absence; if the other member is away too, the other's grace period starts now (nobody
   * was there to claim a forfeit while both were away).
   */
  async join(room: Room, user: Identity, socketId: string | null, dialect?: Wire): Promise<Outcome<GameStatus>> {
    const known = room.members.has(user.id);
    const position = room.state.players.length;
    const done = await commit(
      room,
      rules.join(room.state, user.id),
      async () => {
        if (!known) await this.store.rooms.addMember(room.slug, user.id, position);
      },
      (state) => state,
    );
    if (!done.ok) return done.outcome;
    const member = room.members.get(user.id);
    const wasAway = member?.socketId === null;
    if (member) {
      member.socketId = socketId;
      member.awayUntil = null;
      // The member's events are cut for the wire of the connection it joins with (docs/protocol.md).
      if (dialect) member.dialect = dialect;
    } else {
      const title = user.title ? { title: user.title } : {};
      room.members.set(user.id, {
        userId: user.id,
        username: user.username,
        ...title,
        socketId,
        awayUntil: null,
        ...(dialect ? { dialect } : {}),
      });
    }
    const other = room.otherMember(user.id);
    if (wasAway && other) startGrace(room, [other], Date.now());
    return { reply: room.state.status, fanout: (id) => (id === user.id ? ALL_EVENTS : ['members']) };
  }

  /** The member's socket is gone; during PLAY its grace period starts. */
  disconnect(room: Room, socketId: string): Outcome<null> {
    const member = room.memberBySocket(socketId);
    if (!member) return nothing;
    member.socketId = null;
    startGrace(room, [member], Date.now());
    return { reply: null, fanout: (id) => (id === member.userId ? [] : ['members']) };
  }

  /** Before the game starts a member may leave: the seat is free again and the other is told. */
  async leave(room: Room, user: Identity): Promise<Outcome<null>> {
    const done = await commit(
      room,
      rules.leave(room.state, user.id),
      () => this.store.rooms.removeMember(room.slug, user.id),
      (state) => state,
    );
    if (!done.ok) return done.outcome;
    room.members.delete(user.id);
    return { reply: null, fanout: (id) => (id === user.id ? [] : ['members']) };
  }

  async start(room: Room, user: Identity): Promise<Outcome<null>> {
    const result = rules.start(room.state, user.id);
    const done = await commit(
      room,
      result,
      async () => {
        room.gameId = await this.store.rounds.startRound(room.slug, room.round + 1, user.id);
        room.round += 1;
        room.startedBy = user.id;
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
        : fail(
            'INVALID_FLEET',
            `${e.detail.code} (ship ${e.detail.ship}: ${rules.shipKind(e.detail.ship, room.state.rules)})`,
          );
    }
    const next = result.value;
    const gameId = room.gameId;
    if (gameId === null) return fail('WRONG_STATUS');
    const started = next.status === 'PLAY';
    const now = Date.now();
    await this.store.rounds.saveFleet({
      slug: room.slug,
      gameId,
      userId: user.id,
      fleet,
      firstPlayer: started ? next.turn : null,
      playStartedAt: now,
    });
    room.state = next;
    if (started) {
      room.turnStartedAt = now;
      startGrace(room, room.members.values(), now);
    }
    return {
      reply: null,
      fanout: (id) => {
        const own: ServerEventName[] = id === user.id ? ['shipsIndexes', 'playerBoats'] : [];
        return started ? [...own, 'gameStatus', 'opponentBoats', 'battlePlace', 'match', 'members'] : own;
      },
    };
  }

  /**
   * One turn's shots (docs/game.md, "Rule variants"): one cell, answered with its result, or an
   * array of cells fired together, answered with their results in the same order. All of a salvo is
   * stored as one move before any of it is told; a refused one changes nothing.
   */
  async shoot(
    room: Room,
    user: Identity,
    target: Coord | readonly Coord[],
  ): Promise<Outcome<ShotResult | ShotResult[]>> {
    const seq = rules.moveCount(room.state);
    const gameId = room.gameId;
    const targets = isSalvo(target) ? target : [target];
    try {
      const done = await this.applyShots(room, user, targets, seq, gameId);
      if (!done.ok) return done.outcome;
      const [first] = done.results;
      return { reply: isSalvo(target) || first === undefined ? done.results : first, fanout: done.fanout };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.lostWrite(room);
    }
  }

  private async applyShots(
    room: Room,
    user: Identity,
    targets: readonly Coord[],
    seq: number,
    gameId: number | null,
  ): Promise<{ ok: true; results: ShotResult[]; fanout: Fanout } | { ok: false; outcome: Outcome<never> }> {
    const at = Date.now();
    const allowed = rules.shotsAllowed(room.state, user.id);
    const d = await commit(
      room,
      rules.fire(room.state, user.id, targets),
      (applied) => {
        if (gameId === null) throw new Error(`room ${room.slug} plays without a game row`);
        const winner = applied.outcomes.some((o) => o.won) ? user.id : null;
        const [only] = applied.shots;
        return applied.shots.length === 1 && only
          ? this.store.rounds.addShot({ slug: room.slug, gameId, seq, shot: only, winner, at })
          : this.store.rounds.addShots({ slug: room.slug, gameId, seq, shots: applied.shots, winner, at });
      },
      (applied) => applied.state,
    );
    if (!d.ok) {
      const code = d.outcome.reply.error;
      if (code !== 'WRONG_SHOT_COUNT') return d;
      return { ok: false, outcome: fail(code, shotCountMessage(room.state.rules, allowed, targets.length)) };
    }
    room.turnStartedAt = at;
    const { outcomes } = d.value;
    const won = outcomes.some((o) => o.won);
    const sunk = outcomes.some((o) => o.sunk !== undefined);
    // Without a clock nothing of the match changes with a shot: SPEC rooms keep their frames.
    const clock: ServerEventName[] = room.turnSeconds === null ? [] : ['match'];
    return {
      ok: true,
      results: outcomes.map((o) => o.result),
      fanout: (id) => {
        if (won) return SPEC_ORDER;
        const base: ServerEventName[] = ['battlePlace', ...clock, 'members'];
        if (id !== user.id) return [...base, 'playerBoats'];
        return sunk ? [...base, 'opponentBoats', 'opponentShipsIndexes'] : [...base, 'opponentBoats'];
      },
    };
  }

  async replay(room: Room, user: Identity): Promise<Outcome<GameStatus>> {
    const done = await commit(
      room,
      rules.replay(room.state, user.id),
      async () => {
        room.gameId = await this.store.rounds.startRound(room.slug, room.round + 1, user.id);
        room.round += 1;
        room.startedBy = user.id;
      },
      (state) => state,
    );
    if (!done.ok) return done.outcome;
    return { reply: room.state.status, fanout: everything };
  }

  /** The member gives up during PLAY; the other wins by resignation. */
  async resign(room: Room, user: Identity): Promise<Outcome<null>> {
    const done = await commit(
      room,
      rules.resign(room.state, user.id),
      (state) => this.endWithoutMove(room, state),
      (state) => state,
    );
    return done.ok ? { reply: null, fanout: everything } : done.outcome;
  }

  /**
   * The turn clock ran out at `deadline`. Does nothing unless that is still the current turn's
   * deadline (a shot may have come first): a timer never acts on a turn it was not set for.
   */
  async passTurn(room: Room, deadline: number): Promise<Outcome<null>> {
    const playerId = room.state.turn;
    const gameId = room.gameId;
    if (room.turnDeadline !== deadline || playerId === null || gameId === null) return nothing;
    const seq = rules.moveCount(room.state);
    const d = await commit(
      room,
      rules.passTurn(room.state, playerId),
      (state) =>
        this.store.rounds.addTimeout({
          slug: room.slug,
          gameId,
          seq,
          playerId,
          deadline,
          winner: state.status === 'ENDED' ? state.winner : null,
        }),
      (state) => state,
    );
    if (!d.ok) return d.outcome;
    room.turnStartedAt = deadline;
    return { reply: null, fanout: d.value.status === 'ENDED' ? everything : () => TURN_PASSED };
  }

  /**
   * The grace period of `userId` ended at `awayUntil`. The other member wins by forfeit, if this
   * member is still away with that deadline and the other member is there to claim it.
   */
  async forfeit(room: Room, userId: string, awayUntil: number): Promise<Outcome<null>> {
    const member = room.members.get(userId);
    const other = room.otherMember(userId);
    if (!member || member.awayUntil !== awayUntil) return nothing;
    if (!rules.forfeitClaimable(room.state, presence(member), other && presence(other))) return nothing;
    const done = await commit(
      room,
      rules.forfeit(room.state, userId),
      (state) => this.endWithoutMove(room, state),
      (state) => state,
    );
    return done.ok ? { reply: null, fanout: everything } : done.outcome;
  }

  private async endWithoutMove(room: Room, ended: GameState): Promise<void> {
    if (room.gameId === null || ended.winner === null || ended.endReason === null) {
      throw new Error(`room ${room.slug}: a round ended without a game row, winner or reason`);
    }
    await this.store.rounds.endGame(room.slug, room.gameId, ended.winner, ended.endReason);
  }
}
