import { knownOpponentGrid, knownOpponentShips, lastShot, ownGrid } from '../../src/game';
import type { Match, Member, ServerEventName, ServerEventPayloads, Winner } from '../../src/protocol';
import type { Room } from './room';

export function memberList(room: Room): Member[] {
  return room.state.players.map((userId) => {
    const member = room.members.get(userId);
    return {
      userId,
      username: member?.username ?? '',
      socketId: member?.socketId ?? null,
      hasToPlay: room.state.turn === userId,
      connected: (member?.socketId ?? null) !== null,
      awayUntil: null,
    };
  });
}

function winnerOf(room: Room): Winner | null {
  const id = room.state.winner;
  if (id === null) return null;
  return { userId: id, username: room.members.get(id)?.username ?? '' };
}

/** The match around the game, the same for both members. */
export function matchOf(room: Room): Match {
  return {
    turnSeconds: null,
    turnDeadline: null,
    missedTurns: {},
    endReason: room.state.winner === null ? null : 'SUNK',
    rematchBy: null,
    spectators: 0,
    serverNow: Date.now(),
  };
}

/**
 * The payload of one server event for one member, cut from that member's view only (src/game's
 * view functions decide what a player may see). Each part is computed only when its event is sent.
 */
export function eventPayload<K extends ServerEventName>(
  event: K,
  room: Room,
  userId: string,
  members: () => Member[],
): ServerEventPayloads[K] {
  const { state } = room;
  const payloads: { [E in ServerEventName]: () => ServerEventPayloads[E] } = {
    gameStatus: () => state.status,
    members,
    shipsIndexes: () => state.fleets[userId] ?? null,
    playerBoats: () => ownGrid(state, userId),
    opponentBoats: () => knownOpponentGrid(state, userId),
    opponentShipsIndexes: () => knownOpponentShips(state, userId),
    battlePlace: () => lastShot(state),
    winner: () => winnerOf(room),
    match: () => matchOf(room),
  };
  return payloads[event]();
}
