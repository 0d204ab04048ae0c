import { ROOM_CLOSED_EVENT, type RoomClosed, watchChannel } from '../../../src/protocol';
import type { ServerContext } from '../../context';

type Parts = Pick<ServerContext, 'registry' | 'nsp' | 'caps' | 'app'>;

/**
 * What one node does when an operator closes a room (docs/deploy.md, "Operator's console"); every
 * node runs it, the database having been told first (so no node loads the room again):
 * - the node playing the room lets the commands already queued on it finish, marks it closed (no
 *   command runs on it after; it leaves the open games and gives back its caps), and forgets it:
 *   timers, computer seat and lease go;
 * - each node tells its own sockets in the room, members and spectators, why (`roomClosed`, in
 *   broadside/2) and takes them out of it; a SPEC-dialect socket, which the original protocol gives
 *   no way to tell, is disconnected.
 */
export async function closeHere(parts: Parts, slug: string, reason: string): Promise<void> {
  const { registry, nsp, caps, app } = parts;
  const room = registry.peek(slug);
  if (room) {
    await room.exclusive(() => {
      room.closed = reason;
      for (const listener of room.changeListeners) listener(room);
    });
    registry.remove(slug);
  }
  const told: RoomClosed = { slug, reason };
  for (const socket of nsp.sockets.values()) {
    const member = socket.data.slug === slug;
    const watching = socket.data.watching === slug;
    if (!member && !watching) continue;
    if (socket.data.dialect !== 'broadside/2') {
      socket.disconnect(true);
      continue;
    }
    socket.emit(ROOM_CLOSED_EVENT, told);
    if (member) socket.data.slug = null;
    if (watching) {
      socket.data.watching = null;
      void socket.leave(watchChannel(slug));
      await caps.give('SPECTATOR_SOCKETS', socket.id).catch((error: unknown) => {
        app.log.error({ err: error }, 'giving back a spectator cap failed');
      });
    }
  }
}
