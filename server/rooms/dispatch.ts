import type { FastifyBaseLogger } from 'fastify';
import { type GameStatus, isSpecCompatible, type Rules } from '../../src/game';
import { type Ack, errorAck } from '../../src/protocol';
import type { RoomActions, Fanout, Outcome } from './actions';
import { armClocks } from './clocks';
import {
  type Actor,
  CLOCK,
  type ClockCommand,
  type Command,
  type PlayerActor,
  type PlayerCommand,
  type ReplyOf,
} from './commands';
import type { RoomRegistry } from './registry';
import type { Room } from './room';

/** What a SPEC-dialect client cannot show of `rules`, as the detail of its refusal. */
function unshowable(rules: Rules): string {
  const parts = [rules.fleet === 'classic' ? null : `a ${rules.fleet} fleet`, rules.shots === 'one' ? null : 'salvos'];
  return `the room plays ${parts.filter((p) => p !== null).join(' and ')}`;
}

/** Where a change goes once applied: the room's members and spectators (server/socket/publish.ts). */
export interface Publisher {
  /** Sends what changed; `game: false` marks a change of the audience only. */
  publish(room: Room, fanout: Fanout, options?: { readonly game?: boolean }): void;
}

/**
 * Runs `command` for `actor` on `room`; `reply`, when given, receives the answer just before the
 * change is published. `startBy` (performance.now() time), when given: a command still queued
 * then is answered TIMEOUT and changes nothing (its sender stopped waiting for it).
 */
export type Dispatch = <C extends Command>(
  room: Room,
  actor: Actor,
  command: C,
  reply?: (ack: Ack<ReplyOf<C>>) => void,
  startBy?: number,
) => Promise<Ack<ReplyOf<C>>>;

/**
 * Told after every command a room ran, with the room's status before it and when the command
 * reached dispatch (performance.now()): the metrics and the game's log lines
 * (server/operations/game-watch.ts). Called for every shot: it must not allocate.
 */
export interface DispatchObserver {
  done(room: Room, actor: Actor, command: Command, ack: unknown, before: GameStatus, startedAt: number): void;
}

export interface DispatcherDeps {
  readonly actions: RoomActions;
  readonly registry: RoomRegistry;
  readonly publisher: Publisher;
  readonly log: FastifyBaseLogger;
  readonly observer?: DispatchObserver;
}

/**
 * The one path of every action on a room (docs/architecture.md, "One authority per room"):
 * validate → queue (room.exclusive) → the rule from src/game → persist (RoomActions) → publish →
 * re-arm the room's clocks. Socket events, computer seats, the clocks' deadlines and commands
 * forwarded by another node all come through dispatch(), so none of them can skip a step.
 * Each published change adds one to the room's `seq`.
 */
export class RoomDispatcher {
  constructor(private readonly deps: DispatcherDeps) {
    deps.registry.onLoad.add((room) => this.arm(room));
    deps.registry.onRelease.add((room) => room.timers.clearAll());
  }

  readonly dispatch: Dispatch = async (room, actor, command, reply, startBy) => {
    const startedAt = performance.now();
    try {
      return await room.exclusive(async () => {
        // The copy was evicted while this command waited on it (the room moved, or was reloaded).
        if (this.deps.registry.peek(room.slug) !== room) return this.onEvicted(room, actor, command, reply, startBy);
        const before = room.state.status;
        const outcome =
          startBy !== undefined && performance.now() > startBy
            ? { reply: errorAck('TIMEOUT', 'waited too long for its turn: nothing was changed') }
            : await this.apply(room, actor, command);
        const ack = outcome.reply as Ack<ReplyOf<typeof command>>;
        reply?.(ack);
        if (outcome.fanout) this.publish(room, outcome.fanout);
        this.arm(room);
        this.deps.observer?.done(room, actor, command, ack, before, startedAt);
        return ack;
      });
    } finally {
      // A room nobody is left in (its last connection went, or a deadline ended it) leaves memory.
      // Not after a join without a connection: whoever seated that member is about to use the room.
      if (command.type === 'disconnect' || actor.kind === 'clock') this.deps.registry.release(room);
    }
  };

  /**
   * A command that waited on a copy evicted meanwhile: it did not run there. A clock's deadline is
   * dropped (the live copy armed its own clocks from storage when it loaded); a player's runs on the
   * live copy, with the player's connection seated there first if it was seated in the evicted one
   * (the live copy was loaded from storage and knows no connection), so that it neither runs twice
   * nor is refused as NOT_JOINED.
   */
  private async onEvicted<C extends Command>(
    evicted: Room,
    actor: Actor,
    command: C,
    reply: ((ack: Ack<ReplyOf<C>>) => void) | undefined,
    startBy: number | undefined,
  ): Promise<Ack<ReplyOf<C>>> {
    if (actor.kind === 'clock') return null as Ack<ReplyOf<C>>;
    const live = await this.deps.registry.get(evicted.slug);
    if (!live) {
      const gone = errorAck('ROOM_NOT_FOUND', 'this room is no longer played') as Ack<ReplyOf<C>>;
      reply?.(gone);
      return gone;
    }
    const { socketId } = actor;
    const seatedThere = socketId !== null && evicted.members.get(actor.user.id)?.socketId === socketId;
    const seatedHere = live.members.get(actor.user.id)?.socketId === socketId;
    if (seatedThere && !seatedHere && command.type !== 'join' && command.type !== 'disconnect') {
      await this.dispatch(live, actor, { type: 'join' });
    }
    return this.dispatch(live, actor, command, reply, startBy);
  }

  /** Publishes a change that is not a command's (a spectator came or went): it counts in `seq` too. */
  publish(room: Room, fanout: Fanout, options?: { readonly game?: boolean }): void {
    room.seq += 1;
    this.deps.publisher.publish(room, fanout, options);
  }

  /** Validates the actor for the command, then applies it. */
  private apply(room: Room, actor: Actor, command: Command): Promise<Outcome<unknown>> | Outcome<unknown> {
    // An operator closed the room while this command waited: nothing runs on it any more.
    if (room.closed !== null) return { reply: errorAck('ROOM_NOT_FOUND', `this room was closed: ${room.closed}`) };
    if (command.type === 'passTurn' || command.type === 'forfeit') {
      if (actor.kind !== 'clock') return { reply: errorAck('BAD_PAYLOAD', `only the clock may ${command.type}`) };
      return this.onDeadline(room, command);
    }
    if (actor.kind !== 'player') return { reply: errorAck('BAD_PAYLOAD', `the clock cannot ${command.type}`) };
    return this.onPlayer(room, actor, command);
  }

  private onDeadline(room: Room, command: ClockCommand): Promise<Outcome<null>> {
    const { actions } = this.deps;
    return command.type === 'passTurn'
      ? actions.passTurn(room, command.deadline)
      : actions.forfeit(room, command.userId, command.awayUntil);
  }

  private onPlayer(
    room: Room,
    actor: PlayerActor,
    command: PlayerCommand,
  ): Promise<Outcome<unknown>> | Outcome<unknown> {
    const { actions } = this.deps;
    const { user, socketId, dialect } = actor;
    if (command.type === 'join') {
      // A SPEC-dialect client shows only a classic fleet shot once a turn: no seat for it elsewhere.
      if (dialect === 'spec' && !isSpecCompatible(room.state.rules))
        return { reply: errorAck('RULES_NOT_SUPPORTED', unshowable(room.state.rules)) };
      return actions.join(room, user, socketId, dialect);
    }
    if (command.type === 'disconnect') return socketId === null ? { reply: null } : actions.disconnect(room, socketId);
    // Only a seated member acts, through the connection it is seated with.
    const member = socketId === null ? room.members.get(user.id) : room.memberBySocket(socketId);
    if (member?.userId !== user.id) return { reply: errorAck('NOT_JOINED') };
    switch (command.type) {
      case 'start':
        return actions.start(room, user);
      case 'place':
        return actions.place(room, user, command.fleet);
      case 'shoot':
        return actions.shoot(room, user, command.target);
      case 'replay':
        return actions.replay(room, user);
      case 'resign':
        return actions.resign(room, user);
      case 'leave':
        return actions.leave(room, user);
    }
  }

  /** Sets the room's timers from its state; a deadline comes back here as the clock's command. */
  private arm(room: Room): void {
    // Only the registry's copy keeps clocks: an evicted one would fire deadlines nobody else sees.
    if (this.deps.registry.peek(room.slug) !== room) return;
    armClocks(room, (command) => {
      this.dispatch(room, CLOCK, command).catch((error: unknown) => {
        this.deps.log.error({ err: error, room: room.slug, command: command.type }, 'a room timer failed');
        // Try again later rather than leave a game stuck: the timer is set again from the state.
        setTimeout(() => this.arm(room), 1000).unref();
      });
    });
  }
}
