import { emptyGrid, type GameState, publicBoard, spectatorView } from '../../../game';
import type { SpectatorFrame } from '../../../protocol/spectators';
import type { BoardsModel } from '../../../stage/BoardsStage';

/* What the two-board stage draws on the watch and replay pages, built from what the app holds. */

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
    rules: state.rules,
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
    ...(frame.lastMove ? { lastMove: frame.lastMove } : {}),
    winner: frame.winner,
    ...(frame.rules ? { rules: frame.rules } : {}),
  };
}
