import type { OpenGame } from '../../src/protocol';
import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';

/** At most this many open games are listed (the most recent). */
export const OPEN_GAMES_SHOWN = 50;

/** A public room whose only member is connected and waiting in the lobby. */
export function isOpen(room: Room): boolean {
  if (!room.isPublic || room.state.status !== 'UNSTARTED' || room.state.players.length !== 1) return false;
  const host = room.members.get(room.state.players[0] ?? '');
  return host !== undefined && host.socketId !== null;
}

/**
 * The public rooms waiting for a second player, kept up to date from the rooms' own changes (every
 * publish), and announced once per burst of changes. Only rooms in this node's memory can be open:
 * a room whose host is gone is not worth joining.
 */
export class OpenGames {
  private readonly open = new Map<string, OpenGame>();
  private announced = true;

  constructor(
    registry: RoomRegistry,
    private readonly announce: (games: readonly OpenGame[]) => void,
  ) {
    registry.onLoad.add((room) => {
      if (!room.isPublic) return;
      room.changeListeners.add((changed) => this.update(changed));
      this.update(room);
    });
  }

  private update(room: Room): void {
    const known = this.open.get(room.slug);
    if (isOpen(room)) {
      if (known) return;
      const hostId = room.state.players[0] ?? '';
      const host = { userId: hostId, username: room.members.get(hostId)?.username ?? '' };
      this.open.set(room.slug, { slug: room.slug, host, since: Date.now() });
    } else if (known) {
      this.open.delete(room.slug);
    } else {
      return;
    }
    if (!this.announced) return;
    this.announced = false;
    setImmediate(() => {
      this.announced = true;
      this.announce(this.list());
    });
  }

  /** Most recent first. */
  list(): OpenGame[] {
    return [...this.open.values()].sort((a, b) => b.since - a.since).slice(0, OPEN_GAMES_SHOWN);
  }
}
