import { type ServerEventName, STATE_EVENT } from '../../src/protocol';
import type { Fanout } from '../rooms/actions';
import type { Publisher } from '../rooms/dispatch';
import type { Room, RoomMember } from '../rooms/room';
import { SpecChange, specEvents, specPayload } from '../rooms/spec-views';
import { ChangeViews } from '../rooms/views';
import { spectatorFeed } from './spectators';
import type { RoomNamespace } from './types';
import { holdWrites, releaseWrites } from './write-batch';

/**
 * The one publisher of room changes (the seam dispatch.ts publishes through): every change of
 * every room leaves the server here, to sockets on any node and to computer seats in-process.
 */
export function socketPublisher(nsp: RoomNamespace): Publisher {
  return { publish: (room, fanout, options) => publish(nsp, room, fanout, options) };
}

/**
 * Sends each connected member what the change means to it, then the room's spectators one frame
 * computed for all of them (docs/protocol.md). A broadside/2 member, and a computer seat, gets one
 * `state {seq, view}` frame: its whole view (ChangeViews, shared parts made once per change), its grids as rows. A SPEC-dialect member gets the
 * field events `fanout` names, as the original server sends them. `game: false` marks a change of
 * the audience only (members are told the new count in \`match\`; the spectators' frame stands).
 */
function publish(nsp: RoomNamespace, room: Room, fanout: Fanout, options: { readonly game?: boolean } = {}): void {
  // Every frame of this change is cut from the same views, made once (views.ts, ChangeViews).
  const views = new ChangeViews(room);
  // The SPEC dialect's payloads, each written once for every local socket that gets it.
  let spec: SpecChange | null = null;
  const send = (member: RoomMember): void => {
    if (member.socketId === null) return;
    // broadside/2: every change, whatever it changed for this member, so that its seq has no gap
    // (the one leaving or disconnecting is no longer here to be told).
    // A computer player's seat gets the very frame a broadside/2 socket would, in-process, with
    // its grids as grids: no rows made to be read straight back.
    const seat = room.localSeats.get(member.socketId);
    if (seat) {
      seat(views.localFrame(member.userId));
      return;
    }
    // Everyone else gets the SPEC dialect, as the original server sends it (docs/protocol.md): the
    // events `fanout` names for this member, nothing when it names none.
    const events = member.dialect === 'broadside/2' ? null : fanout(member.userId);
    if (events?.length === 0) return;
    // A local socket is written to directly; the adapter's broadcast path costs more per event and
    // is only needed when the socket lives on another node.
    const local = nsp.sockets.get(member.socketId);
    // One write per member per change, whatever the number of events (write-batch.ts).
    if (local) holdWrites(local);
    const target = (local ?? nsp.to(member.socketId)) as unknown as Emitter;
    if (events === null) {
      // As it travels: the grids as rows of cell codes (src/protocol/state-frame.ts); to a socket
      // of this node as JSON written from parts shared by the change (views.ts, encodedFrame).
      target.emit(STATE_EVENT, local ? views.encodedFrame(member.userId) : views.frame(member.userId));
      return;
    }
    if (local) spec ??= new SpecChange(room, views);
    for (const event of specEvents(room, member.userId, events)) {
      target.emit(
        event,
        spec && local ? spec.encoded(event, member.userId) : specPayload(event, room, member.userId, views),
      );
    }
  };
  // The member whose turn it is goes last, so its turn signal leaves after every other frame.
  const turn = room.state.turn;
  for (const member of room.members.values()) if (member.userId !== turn) send(member);
  const last = turn === null ? undefined : room.members.get(turn);
  if (last) send(last);
  // The ack and the frames of this change leave now, in one write a socket, rather than at the
  // end of the tick with every other change of the same commit (write-batch.ts).
  releaseWrites();
  for (const listener of room.changeListeners) listener(room);
  // Only a change of the game itself (not of its audience) makes a new spectator frame.
  if (options.game === false) return;
  spectatorFeed(nsp).changed(room, views.boards);
  for (const hook of hooks.get(nsp) ?? []) hook(room);
}

/** A local socket or a broadcast to one remote socket, as publish emits to either, in either dialect. */
interface Emitter {
  emit(event: ServerEventName | typeof STATE_EVENT, payload: unknown): boolean;
}

const hooks = new WeakMap<RoomNamespace, ((room: Room) => void)[]>();

/** Runs `hook` after every change of a game published on `nsp` (e.g. rating a game that ended). */
export function afterPublish(nsp: RoomNamespace, hook: (room: Room) => void): void {
  hooks.set(nsp, [...(hooks.get(nsp) ?? []), hook]);
}
