import { knownOpponentGrid, knownOpponentShips, lastShot, ownGrid, spectatorView } from '../../src/game';
import type { Match, Member, ServerEventName, ServerEventPayloads, SpectatorFrame, Winner } from '../../src/protocol';
import { botLevelOf } from '../../src/bots/levels';
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
      bot: botLevelOf(userId),
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
    spectators: room.spectators,
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

/**
 * The frame every spectator of the room receives, cut from src/game's spectator view (never an
 * unsunk ship before ENDED). The audience count is added when it is sent.
 */
export function spectatorFrame(room: Room): Omit<SpectatorFrame, 'spectators'> {
  const { state } = room;
  const view = spectatorView(state);
  const players = view.boards.map((board) => {
    const member = room.members.get(board.playerId);
    const fired = state.shots.filter((s) => s.shooterId === board.playerId);
    return {
      userId: board.playerId,
      username: member?.username ?? '',
      connected: (member?.socketId ?? null) !== null,
      board: board.grid,
      ships: board.ships,
      shots: fired.length,
      hits: fired.filter((s) => s.result !== 'M').length,
    };
  });
  return {
    slug: room.slug,
    status: view.status,
    players,
    turn: view.turn,
    lastShot: view.lastShot,
    winner: winnerOf(room),
    endReason: view.endReason,
  };
}
