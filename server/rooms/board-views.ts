import {
  type Board,
  boardGrid,
  boardOf,
  cellAt,
  type FleetIndex,
  fleetIndex,
  GRID_SIZE,
  type GameState,
  type Grid,
  knownOpponentGrid,
  knownOpponentShips,
  opponentBoard,
  opponentOf,
  ownGrid,
  type PartialShipMap,
  type ShipMap,
  shipsShown,
} from '../../src/game';
import { type GridRows, gridRows } from '../../src/protocol';

/*
 * What the views of a change are cut from, made once per board and shared by every frame that
 * carries it (docs/architecture.md, "Boards kept per shot"): src/game keeps each player's board per
 * state and a move makes a new board only for the board shot at, so a shot makes one board's grids,
 * rows and sunk ships anew, once, whatever the number of members, dialects and spectators. The
 * rules of what may be seen stay src/game's (boardGrid, shipsShown); this module only keeps their
 * answers. Everything handed out is shared: frozen, never to be changed by its reader.
 */

interface BoardParts {
  /** The board as its owner sees it (S under unshot ship cells), and as anyone else does (E). */
  own?: Grid;
  public?: Grid;
  ownRows?: GridRows;
  publicRows?: GridRows;
  /** Its ships anyone else may know: the sunk ones, and the whole fleet (once ENDED). */
  sunk?: PartialShipMap;
  whole?: PartialShipMap;
}

const parts = new WeakMap<Board, BoardParts>();

function partsOf(board: Board): BoardParts {
  let found = parts.get(board);
  if (!found) {
    found = {};
    parts.set(board, found);
  }
  return found;
}

function frozen(grid: Grid): Grid {
  for (const row of grid) Object.freeze(row);
  return Object.freeze(grid) as Grid;
}

const EMPTY_GRID = frozen(boardGrid(undefined, null));
const EMPTY_ROWS: GridRows = Object.freeze(gridRows(EMPTY_GRID));

function ownOf(board: Board): Grid {
  const p = partsOf(board);
  p.own ??= frozen(boardGrid(board, board.fleet ? fleetIndex(board.fleet) : null));
  return p.own;
}

function publicOf(board: Board | undefined): Grid {
  if (!board) return EMPTY_GRID;
  const p = partsOf(board);
  p.public ??= frozen(boardGrid(board, null));
  return p.public;
}

/** `userId`'s own grid (S, then the opponent's shots): ownGrid, shared. */
export function sharedOwnGrid(state: GameState, userId: string): Grid {
  const board = boardOf(state, userId);
  return board ? ownOf(board) : ownGrid(state, userId);
}

/** The opponent grid as `userId` knows it: knownOpponentGrid, shared. */
export function sharedKnownGrid(state: GameState, userId: string): Grid {
  const board = opponentBoard(state, userId);
  return board ? publicOf(board) : knownOpponentGrid(state, userId);
}

/** `playerId`'s board as anyone may see it (a spectator): E, M, H, D. */
export function sharedPublicGrid(state: GameState, playerId: string): Grid {
  return publicOf(boardOf(state, playerId));
}

/**
 * A board's rows of cell codes (gridRows of boardGrid), read straight off its marks: a room whose
 * members all speak broadside/2 never makes nor keeps the grids, only 10 short strings a view.
 */
function rowsOf(board: Board, ships: FleetIndex | null): GridRows {
  const rows = new Array<string>(GRID_SIZE);
  for (let y = 0, i = 0; y < GRID_SIZE; y++) {
    let row = '';
    for (let x = 0; x < GRID_SIZE; x++, i++) row += cellAt(board, i, ships);
    rows[y] = row;
  }
  return Object.freeze(rows);
}

/** `ownGrid` as rows of cell codes, as a broadside/2 frame carries it. */
export function sharedOwnRows(state: GameState, userId: string): GridRows {
  const board = boardOf(state, userId);
  if (!board) return Object.freeze(gridRows(ownGrid(state, userId)));
  const p = partsOf(board);
  p.ownRows ??= rowsOf(board, board.fleet ? fleetIndex(board.fleet) : null);
  return p.ownRows;
}

/** `knownOpponentGrid` as rows of cell codes. */
export function sharedKnownRows(state: GameState, userId: string): GridRows {
  const board = opponentBoard(state, userId);
  if (!board) return EMPTY_ROWS;
  const p = partsOf(board);
  p.publicRows ??= rowsOf(board, null);
  return p.publicRows;
}

/** `playerId`'s ships anyone else may know (shipsShown): the sunk ones, the whole fleet once ENDED. */
export function sharedShips(state: GameState, playerId: string): PartialShipMap {
  const board = boardOf(state, playerId);
  const fleet = state.fleets[playerId];
  const ended = state.status === 'ENDED';
  if (!board || board.fleet !== fleet) return shipsShown(fleet, board, ended);
  const p = partsOf(board);
  if (ended) {
    p.whole ??= Object.freeze(shipsShown(fleet, board, true));
    return p.whole;
  }
  p.sunk ??= Object.freeze(shipsShown(fleet, board, false));
  return p.sunk;
}

/** The opponent ships `userId` may know: knownOpponentShips, shared. */
export function sharedKnownShips(state: GameState, userId: string): PartialShipMap {
  const opponent = opponentOf(state, userId);
  if (opponent === undefined || !state.players.includes(userId)) return knownOpponentShips(state, userId);
  return sharedShips(state, opponent);
}

const fleets = new WeakMap<ShipMap, ShipMap>();

/**
 * A member's own fleet as its frames carry it: the same ships in the same order, frozen, so that
 * its JSON is written once for the game (frame-json.ts) rather than once a frame.
 */
export function sharedFleet(fleet: ShipMap | undefined): ShipMap | null {
  if (!fleet) return null;
  let copy = fleets.get(fleet);
  if (!copy) {
    copy = Object.freeze({ ...fleet });
    fleets.set(fleet, copy);
  }
  return copy;
}
