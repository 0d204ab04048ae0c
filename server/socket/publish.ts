import { playerView } from '../../src/game';
import type { ServerEventName, ServerEventPayloads } from '../../src/protocol';
import type { Fanout } from '../rooms/actions';
import type { Room } from '../rooms/room';
import { eventPayload, memberList } from '../rooms/views';
import type { RoomNamespace } from './types';

/** Sends each connected member the events `fanout` names, each cut from that member's own view. */
export function publish(nsp: RoomNamespace, room: Room, fanout: Fanout): void {
  const members = memberList(room);
  for (const member of room.members.values()) {
    if (member.socketId === null) continue;
    const events = fanout(member.userId);
    if (events.length === 0) continue;
    const view = playerView(room.state, member.userId);
    const target = nsp.to(member.socketId);
    for (const event of events) {
      const emit = target.emit.bind(target) as <K extends ServerEventName>(e: K, p: ServerEventPayloads[K]) => boolean;
      emit(event, eventPayload(event, room, view, members));
    }
  }
}
