import { botLevelOf } from '../../src/bots/levels';
import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';
import type { AccountCaps, CapKind } from './account-caps';

/**
 * Gives back the caps a room holds as it changes, on whichever node plays it: a waiting room (and
 * a public one) once its game starts, a computer game once it ends or its computer player leaves
 * (computer-players.ts, after BOT_IDLE_SECONDS without the person), all of them once an operator
 * closes the room.
 * Each kind is given back at most once per room copy in memory; the lease book makes a second
 * release anywhere a no-op.
 */
export function releaseRoomLeases(registry: RoomRegistry, caps: AccountCaps, onError: (error: unknown) => void): void {
  const released = new WeakMap<Room, Set<CapKind>>();
  const give = (room: Room, kind: CapKind): void => {
    let done = released.get(room);
    if (!done) {
      done = new Set();
      released.set(room, done);
    }
    if (done.has(kind)) return;
    done.add(kind);
    caps.give(kind, room.slug).catch(onError);
  };
  const check = (room: Room): void => {
    const { status } = room.state;
    // A room an operator closed holds nothing any more.
    const closed = room.closed !== null;
    if (status !== 'UNSTARTED' || closed) {
      give(room, 'WAITING_ROOMS');
      if (room.isPublic) give(room, 'PUBLIC_ROOMS');
    }
    if ((status === 'ENDED' || closed) && [...room.members.keys()].some((id) => botLevelOf(id) !== null)) {
      give(room, 'COMPUTER_GAMES');
    }
  };
  registry.onLoad.add((room) => {
    room.changeListeners.add(check);
    check(room);
  });
}
