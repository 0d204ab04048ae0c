import { forfeitClaimable } from '../../src/game';
import type { ClockCommand } from './commands';
import { presence, type Room } from './room';

/**
 * Sets exactly the timers the room's state calls for (docs/game.md, "The rules"); a timer
 * that fires hands its command to `fire` (dispatch, as the clock):
 * - the turn clock, while a room with one is in PLAY: the turn passes at its deadline;
 * - a member's grace period, while that member is away in PLAY and the other member is connected:
 *   the other member wins by forfeit at its end. With both away nobody claims anything, so a room
 *   without a clock then leaves memory; a running clock keeps its room in memory until it ends.
 */
export function armClocks(room: Room, fire: (command: ClockCommand) => void): void {
  const { timers } = room;
  const deadline = room.turnDeadline;
  if (deadline === null) timers.clear('turn');
  else timers.set('turn', deadline, () => fire({ type: 'passTurn', deadline }));
  for (const member of room.members.values()) {
    const name = `away:${member.userId}`;
    const other = room.otherMember(member.userId);
    const until = member.awayUntil;
    if (until === null || !forfeitClaimable(room.state, presence(member), other && presence(other))) timers.clear(name);
    else timers.set(name, until, () => fire({ type: 'forfeit', userId: member.userId, awayUntil: until }));
  }
  // Timers of members who left the room go with them.
  for (const name of timers.names) {
    if (name.startsWith('away:') && !room.members.has(name.slice('away:'.length))) timers.clear(name);
  }
}
