import type { Ack } from '../../src/protocol';
import type { Outcome } from '../rooms/actions';
import type { Room } from '../rooms/room';
import { publish } from '../socket/publish';
import type { RoomNamespace } from '../socket/types';

/** Runs an action on the room's queue, as a socket event would, and publishes what changed. */
export type Act = <T>(room: Room, action: () => Promise<Outcome<T>> | Outcome<T>) => Promise<Ack<T>>;

export function actOn(nsp: RoomNamespace): Act {
  return async (room, action) => {
    const outcome = await room.exclusive(action);
    if (outcome.fanout) publish(nsp, room, outcome.fanout);
    return outcome.reply;
  };
}
