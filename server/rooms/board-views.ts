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
import { keepJson } from './frame-json';

/*
 * What the views of a change are cut from, made once per board for that change and shared by
 * every frame that carries it (docs/architecture.md, "Boards kept per shot"): both members, either
 * dialect, the spectators. The rules of what may be seen stay src/game's (boardGrid, shipsShown);
 * this module only keeps their answers, for one change: a room at human pace waits seconds between
 * changes, and parts kept from one change to the next would stay in the live heap of thousands of
 * rooms, which every GC cycle marks (issue 24; docs/benchmarks.md). Everything handed out is
 * shared: frozen, never to be changed by its reader.
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

function frozen(grid: Grid): Grid {
  for (const row of grid) Object.freeze(row);
  return Object.freeze(grid) as Grid;
}

const EMPTY_GRID = frozen(boardGrid(undefined, null));
const EMPTY_ROWS: GridRows = Object.freeze(gridRows(EMPTY_GRID));

/**
 * A board's rows of cell codes (gridRows of boardGrid), read straight off its marks: a room whose
 * members all speak broadside/2 never makes the grids, only 10 short strings a view.
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

/** The boards' views of one change (ChangeViews in views.ts makes one per change), each made on first use. */
export class BoardViews {
  private readonly parts = new Map<Board, BoardParts>();

  private partsOf(board: Board): BoardParts {
    let found = this.parts.get(board);
    if (!found) {
      found = {};
      this.parts.set(board, found);
    }
    return found;
  }

  private ownOf(board: Board): Grid {
    const p = this.partsOf(board);
    p.own ??= frozen(boardGrid(board, board.fleet ? fleetIndex(board.fleet) : null));
    return p.own;
  }

  private publicOf(board: Board | undefined): Grid {
    if (!board) return EMPTY_GRID;
    const p = this.partsOf(board);
    p.public ??= frozen(boardGrid(board, null));
    return p.public;
  }

  /** `userId`'s own grid (S, then the opponent's shots): ownGrid, shared. */
  ownGrid(state: GameState, userId: string): Grid {
    const board = boardOf(state, userId);
    return board ? this.ownOf(board) : ownGrid(state, userId);
  }

  /** The opponent grid as `userId` knows it: knownOpponentGrid, shared. */
  knownGrid(state: GameState, userId: string): Grid {
    const board = opponentBoard(state, userId);
    return board ? this.publicOf(board) : knownOpponentGrid(state, userId);
  }

  /** `playerId`'s board as anyone may see it (a spectator): E, M, H, D. */
  publicGrid(state: GameState, playerId: string): Grid {
    return this.publicOf(boardOf(state, playerId));
  }

  /** `ownGrid` as rows of cell codes, as a broadside/2 frame carries it. */
  ownRows(state: GameState, userId: string): GridRows {
    const board = boardOf(state, userId);
    if (!board) return Object.freeze(gridRows(ownGrid(state, userId)));
    const p = this.partsOf(board);
    p.ownRows ??= rowsOf(board, board.fleet ? fleetIndex(board.fleet) : null);
    return p.ownRows;
  }

  /** `knownOpponentGrid` as rows of cell codes. */
  knownRows(state: GameState, userId: string): GridRows {
    const board = opponentBoard(state, userId);
    if (!board) return EMPTY_ROWS;
    const p = this.partsOf(board);
    p.publicRows ??= rowsOf(board, null);
    return p.publicRows;
  }

  /** `playerId`'s ships anyone else may know (shipsShown): the sunk ones, the whole fleet once ENDED. */
  ships(state: GameState, playerId: string): PartialShipMap {
    const board = boardOf(state, playerId);
    const fleet = state.fleets[playerId];
    const ended = state.status === 'ENDED';
    if (!board || board.fleet !== fleet) return shipsShown(fleet, board, ended);
    const p = this.partsOf(board);
    if (ended) {
      p.whole ??= Object.freeze(shipsShown(fleet, board, true));
      return p.whole;
    }
    p.sunk ??= Object.freeze(shipsShown(fleet, board, false));
    return p.sunk;
  }

  /** The opponent ships `userId` may know: knownOpponentShips, shared. */
  knownShips(state: GameState, userId: string): PartialShipMap {
    const opponent = opponentOf(state, userId);
    if (opponent === undefined || !state.players.includes(userId)) return knownOpponentShips(state, userId);
    return this.ships(state, opponent);
  }
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
    keepJson(copy);
  }
  return copy;
}
