import { botLevelOf } from '../../src/bots/levels';
import type { Identity } from '../auth';
import type { Room } from '../rooms/room';

/**
 * The bot accounts whose daily bot games (bot-games.ts) a round of `room` counts: all of them when
 * both seats are bots (bot accounts or the server's computer), none when a person plays. `joining`
 * is a player about to take the second seat, not a member yet.
 */
export function botGamePlayers(room: Room, joining?: Identity): string[] {
  const seats = room.state.players.map((id) => ({ id, title: room.members.get(id)?.title ?? null }));
  if (joining && !seats.some((s) => s.id === joining.id)) seats.push({ id: joining.id, title: joining.title ?? null });
  if (seats.length !== 2) return [];
  const isBot = (seat: { id: string; title: string | null }) => seat.title === 'BOT' || botLevelOf(seat.id) !== null;
  if (!seats.every(isBot)) return [];
  return seats.filter((s) => s.title === 'BOT').map((s) => s.id);
}
