import { playerView, type PlayerView } from '../../src/game';
import type { Member, ServerEventName, ServerEventPayloads, Winner } from '../../src/protocol';
import type { Room } from './room';

export function memberList(room: Room): Member[] {
  return room.state.players.map((userId) => {
    const member = room.members.get(userId);
    return {
      userId,
      username: member?.username ?? '',
      socketId: member?.socketId ?? null,
      hasToPlay: room.state.turn === userId,
    };
  });
}

function winnerOf(room: Room): Winner | null {
  const id = room.state.winner;
  if (id === null) return null;
  return { userId: id, username: room.members.get(id)?.username ?? '' };
}

/** The payload of one server event for one member, cut from that member's view only. */
export function eventPayload<K extends ServerEventName>(
  event: K,
  room: Room,
  view: PlayerView,
  members: Member[],
): ServerEventPayloads[K] {
  const payloads: ServerEventPayloads = {
    gameStatus: view.status,
    members,
    shipsIndexes: view.shipsIndexes,
    playerBoats: view.playerBoats,
    opponentBoats: view.opponentBoats,
    opponentShipsIndexes: view.opponentShipsIndexes,
    battlePlace: view.battlePlace,
    winner: winnerOf(room),
  };
  return payloads[event];
}

export { playerView };
