import { emptyGrid, type GameState, type Grid, type PartialShipMap, publicBoard, spectatorView } from '../game';
import type { SpectatorFrame } from '../protocol/spectators';
import type { StageSnapshot } from './effects-plan';

/**
 * Two boards seen from the outside, for the watch page and the replay viewer: no player is "me".
 * Pure, so the effects of a change are planned by the same diff the game stage uses.
 */
export interface BoardsModel {
  readonly status: GameState['status'];
  /** Player ids in join order: the first is drawn as the "player" board, the second as the "opponent" one. */
  readonly players: readonly [string, string];
  readonly grids: readonly [Grid, Grid];
  /** The ships to draw on each board: sunk ones while watching, whole fleets in a replay. */
  readonly ships: readonly [PartialShipMap, PartialShipMap];
  readonly turn: string | null;
  readonly lastShot: StageSnapshot['battlePlace'];
  readonly winner: StageSnapshot['winner'];
}

/** The replay's boards at a step: both fleets shown whole, the shots so far on top. */
export function replayBoards(state: GameState, names: (id: string) => string): BoardsModel {
  const view = spectatorView(state);
  const [a = '', b = ''] = state.players;
  return {
    status: state.status,
    players: [a, b],
    grids: [publicBoard(state, a).grid, publicBoard(state, b).grid],
    ships: [state.fleets[a] ?? {}, state.fleets[b] ?? {}],
    turn: view.turn,
    lastShot: view.lastShot,
    winner: view.winner === null ? null : { userId: view.winner, username: names(view.winner) },
  };
}

/** An empty pair of boards, before anything is known. */
export const NO_BOARDS: BoardsModel = {
  status: 'UNSTARTED',
  players: ['', ''],
  grids: [emptyGrid(), emptyGrid()],
  ships: [{}, {}],
  turn: null,
  lastShot: null,
  winner: null,
};

/** The boards as a StageSnapshot seen from the first player's seat, for planEffects. */
export function boardsSnapshot(model: BoardsModel): StageSnapshot {
  const [a, b] = model.players;
  return {
    gameStatus: model.status,
    userId: a,
    members: [
      { userId: a, hasToPlay: model.turn === a },
      { userId: b, hasToPlay: model.turn === b },
    ],
    playerBoats: model.grids[0],
    opponentBoats: model.grids[1],
    shipsIndexes: null,
    opponentShipsIndexes: model.ships[1],
    battlePlace: model.lastShot,
    winner: model.winner,
  };
}

/** The boards of a spectator frame (the server already hid every unsunk ship). */
export function watchBoards(frame: SpectatorFrame): BoardsModel {
  const [a, b] = frame.players;
  return {
    status: frame.status,
    players: [a?.userId ?? '', b?.userId ?? ''],
    grids: [a?.board ?? emptyGrid(), b?.board ?? emptyGrid()],
    ships: [a?.ships ?? {}, b?.ships ?? {}],
    turn: frame.turn,
    lastShot: frame.lastShot,
    winner: frame.winner,
  };
}
