import { botLevelOf } from '../../src/bots/levels';
import type { LiveGame } from '../../src/protocol';
import type { ListingRule } from '../lobby/room-listing';
import type { Room } from '../rooms/room';

/** At most this many live games are listed (the most recently started). */
export const LIVE_GAMES_SHOWN = 50;

/**
 * A room whose round is under way (placement or play), both seats taken, with at least one person
 * at the table connected: a game every person has left is not worth watching (its grace period
 * decides it soon).
 */
export function isLive(room: Room): boolean {
  const { status, players } = room.state;
  if ((status !== 'PLACE_SHIPS' && status !== 'PLAY') || players.length !== 2) return false;
  return players.some((id) => botLevelOf(id) === null && (room.members.get(id)?.socketId ?? null) !== null);
}

/** The live games (docs/protocol.md, "Live games"): what a spectator can pick from. */
export const LIVE_GAMES: ListingRule<LiveGame> = {
  follows: () => true,
  lists: isLive,
  // Written again when placement turns into play; a rematch is listed anew after its ENDED.
  changed: (known, room) => known.status !== room.state.status,
  entry: (room: Room, known: LiveGame | undefined): LiveGame => ({
    slug: room.slug,
    players: room.state.players.map((id) => {
      const member = room.members.get(id);
      return { userId: id, username: member?.username ?? '', ...(member?.title ? { title: member.title } : {}) };
    }),
    status: room.state.status === 'PLAY' ? 'PLAY' : 'PLACE_SHIPS',
    since: known?.since ?? Date.now(),
    rules: room.state.rules,
    turnSeconds: room.turnSeconds,
  }),
};
