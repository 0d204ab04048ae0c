import type { Member, ServerEventName, ServerEventPayloads } from '../../src/protocol';
import type { Fanout } from '../rooms/actions';
import type { Room } from '../rooms/room';
import { eventPayload, memberList } from '../rooms/views';
import { spectatorFeed } from './spectators';
import type { RoomNamespace } from './types';
import { holdWrites } from './write-batch';

/**
 * Sends each connected member the events `fanout` names, each cut from that member's own view,
 * then the room's spectators one frame computed for all of them. `game: false` marks a change of
 * the audience only (members are told the new count in \`match\`; the spectators' frame stands).
 */
export function publish(nsp: RoomNamespace, room: Room, fanout: Fanout, options: { game?: boolean } = {}): void {
  let members: Member[] | null = null;
  const memberPayload = (): Member[] => {
    members ??= memberList(room);
    return members;
  };
  // The member whose turn it is goes last, so its turn signal leaves after every other frame.
  const order = [...room.members.values()].sort(
    (a, b) => Number(a.userId === room.state.turn) - Number(b.userId === room.state.turn),
  );
  for (const member of order) {
    if (member.socketId === null) continue;
    const events = fanout(member.userId);
    if (events.length === 0) continue;
    // A computer player's seat gets the very payloads a socket would, in-process.
    const seat = room.localSeats.get(member.socketId);
    if (seat) {
      for (const event of events) seat(event, eventPayload(event, room, member.userId, memberPayload));
      continue;
    }
    // A local socket is written to directly; the adapter's broadcast path costs more per event and
    // is only needed when the socket lives on another node.
    const local = nsp.sockets.get(member.socketId);
    // One write per member per change, whatever the number of events (write-batch.ts).
    if (local) holdWrites(local);
    const target = local ?? nsp.to(member.socketId);
    const emit = target.emit.bind(target) as <K extends ServerEventName>(e: K, p: ServerEventPayloads[K]) => boolean;
    for (const event of events) emit(event, eventPayload(event, room, member.userId, memberPayload));
  }
  for (const listener of room.changeListeners) listener(room);
  // Only a change of the game itself (not of its audience) makes a new spectator frame.
  if (options.game === false) return;
  spectatorFeed(nsp).changed(room);
  for (const hook of hooks.get(nsp) ?? []) hook(room);
}

const hooks = new WeakMap<RoomNamespace, ((room: Room) => void)[]>();

/** Runs `hook` after every change of a game published on `nsp` (e.g. rating a game that ended). */
export function afterPublish(nsp: RoomNamespace, hook: (room: Room) => void): void {
  hooks.set(nsp, [...(hooks.get(nsp) ?? []), hook]);
}
