import {
  type GameState,
  knownOpponentGrid,
  knownOpponentShips,
  lastMove,
  lastShot,
  ownGrid,
  playerView,
  spectatorView,
} from '../../src/game';
import type {
  Match,
  Member,
  PlayerStateView,
  ServerEventName,
  ServerEventPayloads,
  SpectatorFrame,
  UserRef,
} from '../../src/protocol';
import { botLevelOf } from '../../src/bots/levels';
import type { Room } from './room';

/** The last move's shots in order, in salvo rooms only (one-shot rooms say it all with the last shot). */
function salvoMove(state: GameState): { lastMove?: ReturnType<typeof lastMove> } {
  return state.rules.shots === 'salvo' ? { lastMove: lastMove(state) } : {};
}

export function memberList(room: Room): Member[] {
  return room.state.players.map((userId) => {
    const member = room.members.get(userId);
    return {
      userId,
      username: member?.username ?? '',
      socketId: member?.socketId ?? null,
      hasToPlay: room.state.turn === userId,
      connected: (member?.socketId ?? null) !== null,
      awayUntil: member?.awayUntil ?? null,
      bot: botLevelOf(userId),
      // Only on a bot account's line: a person's stays what the SPEC dialect has always sent.
      ...(member?.title ? { title: member.title } : {}),
    };
  });
}

function userRef(room: Room, id: string | null): UserRef | null {
  return id === null ? null : { userId: id, username: room.members.get(id)?.username ?? '' };
}

/** The member who replayed into this round, until its play starts. */
function rematchBy(room: Room): UserRef | null {
  return room.state.status === 'PLACE_SHIPS' && room.round > 1 ? userRef(room, room.startedBy) : null;
}

/** The match around the game, the same for both members. */
export function matchOf(room: Room): Match {
  return {
    rules: room.state.rules,
    turnSeconds: room.turnSeconds,
    turnDeadline: room.turnDeadline,
    missedTurns: { ...room.state.missedTurns },
    endReason: room.state.endReason,
    rematchBy: rematchBy(room),
    spectators: room.spectators,
    serverNow: Date.now(),
  };
}

type PayloadOf<E extends ServerEventName> = (
  room: Room,
  userId: string,
  members: () => Member[],
) => ServerEventPayloads[E];

/** One function per event, made once: a shot sends about seven events, and a table of closures made per call was a tenth of the server's allocations. */
const PAYLOADS: { [E in ServerEventName]: PayloadOf<E> } = {
  gameStatus: (room) => room.state.status,
  members: (_room, _userId, members) => members(),
  shipsIndexes: (room, userId) => room.state.fleets[userId] ?? null,
  playerBoats: (room, userId) => ownGrid(room.state, userId),
  opponentBoats: (room, userId) => knownOpponentGrid(room.state, userId),
  opponentShipsIndexes: (room, userId) => knownOpponentShips(room.state, userId),
  battlePlace: (room) => lastShot(room.state),
  winner: (room) => userRef(room, room.state.winner),
  match: (room) => matchOf(room),
};

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
  return PAYLOADS[event](room, userId, members);
}

/**
 * The whole view of one member, as a broadside/2 `state` frame carries it (src/protocol/state-frame.ts):
 * src/game's playerView (what this player may see of the game: never an unsunk opponent ship
 * before ENDED) with the room's members and match. Made once per member per change; `members`
 * is the room's list, made once per change for every member.
 */
export function stateView(room: Room, userId: string, members: () => Member[]): PlayerStateView {
  const view = playerView(room.state, userId);
  return {
    status: view.status,
    members: members(),
    shipsIndexes: view.shipsIndexes,
    playerBoats: view.playerBoats,
    opponentBoats: view.opponentBoats,
    opponentShipsIndexes: view.opponentShipsIndexes,
    battlePlace: view.battlePlace,
    ...salvoMove(room.state),
    winner: userRef(room, view.winner),
    match: matchOf(room),
  };
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
    ...salvoMove(state),
    winner: userRef(room, state.winner),
    endReason: view.endReason,
    rules: state.rules,
  };
}
