import { type Cell, GRID_SIZE, cellIndex } from './grid';
import { ALL_SHIP_KEYS, type ShipMap, shipEntries } from './fleet';
import type { GameState } from './game';
import type { Shot } from './shots';

/*
 * Each player's board as the shots left it, kept per game state instead of read again from the
 * whole shot list by every rule and every view (docs/architecture.md, "Boards kept per shot"). A
 * GameState stays plain data: its boards hang off it under a symbol, not enumerable, so no
 * spread, JSON or structured clone of the state sees or copies them. (Not a WeakMap keyed by the
 * state: V8's scavenges keep every entry of a WeakMap whose key is young, so the boards of each
 * new state, dead or not, were copied and promoted: docs/benchmarks.md, "WeakMaps and scavenges".)
 * `fire` makes the next state's boards from the previous state's and the move's shots only; a
 * state that arrives any other way (restored from storage, replayed, built by hand) gets them
 * from its shot list once, on first use.
 */

/** A board cell's shot mark: not shot, a miss, a hit, or a cell of a sunk ship. */
export const MARK = { NONE: 0, MISS: 1, HIT: 2, SUNK: 3 } as const;
/** The view's cell code of each mark (an unshot cell reads E, or S under one's own ship). */
export const MARK_CELLS: readonly Cell[] = ['E', 'M', 'H', 'D'];

const CELLS = GRID_SIZE * GRID_SIZE;

/**
 * Where a fleet's ships lie, by cell: made once per fleet object (fleets are never changed). One
 * typed array a fleet and one a board: each costs its own headers in every live game's heap.
 */
export interface FleetIndex {
  /** The ship number at each cell (cellIndex), -1 on water. */
  readonly shipAt: Int8Array;
  readonly ships: number;
}

const fleetIndexes = new WeakMap<ShipMap, FleetIndex>();

export function fleetIndex(fleet: ShipMap): FleetIndex {
  let index = fleetIndexes.get(fleet);
  if (index) return index;
  const shipAt = new Int8Array(CELLS).fill(-1);
  let ships = 0;
  for (const [key, cells] of shipEntries(fleet)) {
    ships++;
    for (const c of cells) shipAt[cellIndex(c)] = Number(key);
  }
  index = { shipAt, ships };
  fleetIndexes.set(fleet, index);
  return index;
}

/**
 * One player's board: its fleet and the opponent's shots at it. Never changed once made (a move
 * makes a new one), so anything derived from it (a view's rows, its sunk ships) may be kept with it.
 */
export interface Board {
  /** The player whose fleet this is. */
  readonly playerId: string;
  readonly fleet: ShipMap | undefined;
  /** The opponent's shots, one MARK per cell (cellIndex); every cell of a sunk ship reads SUNK. */
  readonly marks: Uint8Array;
  /** Ships of the fleet not sunk yet (0 without a fleet). */
  readonly afloat: number;
  /** Cells shot at (each at most once in a game). */
  readonly marked: number;
  /** Shots fired at this board, and how many of them struck a ship. */
  readonly shots: number;
  readonly hits: number;
}

/** A board being made: the same fields, writable. */
type Draft = { -readonly [K in keyof Board]: Board[K] };

function emptyBoard(playerId: string, fleet: ShipMap | undefined): Draft {
  return {
    playerId,
    fleet,
    marks: new Uint8Array(CELLS),
    afloat: fleet ? fleetIndex(fleet).ships : 0,
    marked: 0,
    shots: 0,
    hits: 0,
  };
}

function draftOf(board: Board): Draft {
  return { ...board, marks: board.marks.slice() };
}

/**
 * Marks one shot: M for a miss, H for a hit, and every cell of a ship D once each of its cells was
 * hit (as its last hit is marked). Only membership of a cell and the recorded result count, as a
 * view reads them.
 */
function mark(board: Draft, shot: Shot): void {
  const i = cellIndex(shot);
  if (board.marks[i] === MARK.NONE) board.marked++;
  board.shots++;
  if (shot.result === 'M') {
    board.marks[i] = MARK.MISS;
    return;
  }
  board.hits++;
  board.marks[i] = MARK.HIT;
  if (!board.fleet) return;
  const ship = fleetIndex(board.fleet).shipAt[i] ?? -1;
  const cells = ship < 0 ? undefined : board.fleet[ALL_SHIP_KEYS[ship] ?? '0'];
  if (!cells?.every((c) => board.marks[cellIndex(c)] === MARK.HIT)) return;
  board.afloat--;
  for (const c of cells) board.marks[cellIndex(c)] = MARK.SUNK;
}

/** True when every cell of `ship` (ship number) reads SUNK on the board of that fleet. */
export function sunkOnBoard(board: Board, ship: number): boolean {
  const cells = board.fleet?.[ALL_SHIP_KEYS[ship] ?? '0'];
  return cells?.every((c) => board.marks[cellIndex(c)] === MARK.SUNK) ?? false;
}

/** Both players' boards of one state, in join order. */
export type Boards = readonly Board[];

/** The shots the owner of board `index` received: the other player's (none without one). */
function shooterAt(players: readonly string[], index: number): string | undefined {
  return players.find((p) => p !== players[index]);
}

/** Boards read from a whole shot list: how a state that `fire` did not make gets its boards. */
export function buildBoards(
  players: readonly string[],
  fleets: Readonly<Record<string, ShipMap>>,
  shots: readonly Shot[],
): Boards {
  return players.map((playerId, index) => {
    const board = emptyBoard(playerId, fleets[playerId]);
    const shooter = shooterAt(players, index);
    if (shooter !== undefined) for (const s of shots) if (s.shooterId === shooter) mark(board, s);
    return board;
  });
}

/** `board` with `shots` (all at it, none at a cell already shot) marked: a new board, the old one untouched. */
export function withShots(board: Board, shots: readonly Shot[]): Board {
  if (shots.length === 0) return board;
  const draft = draftOf(board);
  for (const s of shots) mark(draft, s);
  return draft;
}

/** The view cell code at `i`: the mark, or S on one's own unshot ship cell when `ships` is given. */
export function cellAt(board: Board, i: number, ships: FleetIndex | null): Cell {
  const m = board.marks[i] ?? MARK.NONE;
  if (m === MARK.NONE && ships !== null && (ships.shipAt[i] ?? -1) >= 0) return 'S';
  return MARK_CELLS[m] ?? 'E';
}

const BOARDS: unique symbol = Symbol('boards');
type WithBoards = GameState & { [BOARDS]?: Boards };
/** Boards of states that cannot take a property (frozen by their owner): rare, and kept weakly. */
const boardsOfFrozen = new WeakMap<GameState, Boards>();

function setBoards(state: GameState, boards: Boards): void {
  if (Object.isExtensible(state)) {
    Object.defineProperty(state, BOARDS, { value: boards, writable: true, configurable: true, enumerable: false });
  } else boardsOfFrozen.set(state, boards);
}

/** The boards of `state`: kept with it when `fire` made it, else read from its shots once. */
export function boardsOf(state: GameState): Boards {
  let boards = (state as WithBoards)[BOARDS] ?? boardsOfFrozen.get(state);
  if (!boards) {
    boards = buildBoards(state.players, state.fleets, state.shots);
    setBoards(state, boards);
  }
  return boards;
}

/** `playerId`'s board in `state` (undefined for someone who is not a player). */
export function boardOf(state: GameState, playerId: string): Board | undefined {
  const i = state.players.indexOf(playerId);
  return i < 0 ? undefined : boardsOf(state)[i];
}

/** Records the boards of `next`, made from its previous state's by a rule (`fire`). */
export function keepBoards(next: GameState, boards: Boards): void {
  setBoards(next, boards);
}

/** `next` has `previous`'s players, fleets and shots (a turn passed, a game given up): it shares its boards. */
export function carryBoards(previous: GameState, next: GameState): GameState {
  setBoards(next, boardsOf(previous));
  return next;
}
