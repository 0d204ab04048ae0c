import type { OpenGame } from '../../src/protocol';
import type { Room } from '../rooms/room';
import type { ListingRule } from './room-listing';

/** At most this many open games are listed (the most recent). */
export const OPEN_GAMES_SHOWN = 50;

/** A public room whose only member is connected and waiting in the lobby. */
export function isOpen(room: Room): boolean {
  if (!room.isPublic || room.closed !== null || room.state.status !== 'UNSTARTED' || room.state.players.length !== 1)
    return false;
  const host = room.members.get(room.state.players[0] ?? '');
  return host !== undefined && host.socketId !== null;
}

/** The open games (docs/protocol.md, "/lobby"): public rooms waiting for a second player. */
export const OPEN_GAMES: ListingRule<OpenGame> = {
  follows: (room) => room.isPublic,
  lists: isOpen,
  entry: (room: Room, known: OpenGame | undefined): OpenGame => {
    const hostId = room.state.players[0] ?? '';
    const member = room.members.get(hostId);
    const host = {
      userId: hostId,
      username: member?.username ?? '',
      ...(member?.title ? { title: member.title } : {}),
    };
    return { slug: room.slug, host, since: known?.since ?? Date.now(), rules: room.state.rules };
  },
};
