import type { FastifyBaseLogger } from 'fastify';
import { forfeitClaimable } from '../../src/game';
import type { Fanout, Outcome, RoomActions } from './actions';
import type { RoomRegistry } from './registry';
import { presence, type Room } from './room';

/** Sends what changed to the room's members (server/socket/publish.ts, bound to the namespace). */
export type Publisher = (room: Room, fanout: Fanout) => void;

/**
 * The room's clocks: after every change it sets or clears the room's timers from the state, and a
 * timer that fires runs its action through room.exclusive() like a socket event, then publishes.
 * - the turn clock, while a room with one is in PLAY: the turn passes at its deadline;
 * - a member's grace period, while that member is away in PLAY and the other member is connected:
 *   the other member wins by forfeit at its end. With both away nobody claims anything, so a room
 *   without a clock then leaves memory; a running clock keeps its room in memory until it ends.
 */
export class RoomAuthority {
  constructor(
    private readonly actions: RoomActions,
    private readonly registry: RoomRegistry,
    private readonly publish: Publisher,
    private readonly log: FastifyBaseLogger,
  ) {
    registry.onLoad.add((room) => this.arm(room));
    registry.onRelease.add((room) => room.timers.clearAll());
  }

  /** Publishes an action's outcome, then brings the room's timers up to date. */
  settle(room: Room, outcome: Outcome<unknown>): void {
    if (outcome.fanout) this.publish(room, outcome.fanout);
    this.arm(room);
  }

  /** Sets exactly the timers the room's state calls for. */
  arm(room: Room): void {
    const { timers } = room;
    const deadline = room.turnDeadline;
    if (deadline === null) timers.clear('turn');
    else timers.set('turn', deadline, () => this.fire(room, () => this.actions.passTurn(room, deadline)));
    for (const member of room.members.values()) {
      const name = `away:${member.userId}`;
      const other = room.otherMember(member.userId);
      const claimable = forfeitClaimable(room.state, presence(member), other && presence(other));
      const until = member.awayUntil;
      if (!claimable || until === null) timers.clear(name);
      else timers.set(name, until, () => this.fire(room, () => this.actions.forfeit(room, member.userId, until)));
    }
    // Timers of members who left the room (leaveRoom) go with them.
    for (const name of timers.names) {
      if (name.startsWith('away:') && !room.members.has(name.slice('away:'.length))) timers.clear(name);
    }
  }

  private fire(room: Room, action: () => Promise<Outcome<null>>): void {
    room
      .exclusive(action)
      .then((outcome) => {
        this.settle(room, outcome);
        this.registry.release(room);
      })
      .catch((error: unknown) => {
        this.log.error({ err: error, room: room.slug }, 'a room timer failed');
        // Try again later rather than leave a game stuck: the timer is set again from the state.
        setTimeout(() => this.arm(room), 1000).unref();
      });
  }
}
