import { type Cell, type Coord, GRID_SIZE, type Grid, cellIndex } from './grid';
import { type PartialShipMap, type ShipKey, type ShipMap, shipEntries } from './fleet';
import { type EndReason, type GameState, type GameStatus, opponentOf } from './game';
import type { Shot } from './shots';
import { type Board, boardOf, cellAt, type FleetIndex, fleetIndex, sunkOnBoard } from './boards';
import type { Rules } from './rules';

/**
 * What one player may see of the game (docs/architecture.md, How views are filtered). This module is the one place that decides
 * it: before ENDED no unsunk opponent ship cell ever leaves here.
 */
export interface PlayerView {
  /** The rules of the game (docs/game.md, "Rule variants"). */
  readonly rules: Rules;
  readonly status: GameStatus;
  /** Own fleet, or null before it is placed. */
  readonly shipsIndexes: ShipMap | null;
  /** Own grid: S for ships plus the opponent's shots (M, H, D). */
  readonly playerBoats: Grid;
  /** The opponent grid as this player knows it: E, M, H, D only. */
  readonly opponentBoats: Grid;
  /** The opponent ships sunk so far; the whole opponent fleet once ENDED. */
  readonly opponentShipsIndexes: PartialShipMap;
  /** The last shot of the round, so both stages can animate it. */
  readonly battlePlace: Shot | null;
  /** The player who has to shoot, or null. */
  readonly turn: string | null;
  readonly winner: string | null;
}

/**
 * A board's grid: its shot marks (M, H, D), with S under the unshot cells of a ship of `ships` (the
 * owner's own grid) or E (anyone else's). Read off the board kept with the state (boards.ts), so a
 * view costs the 100 cells, not a pass over every shot of the game.
 */
export function boardGrid(board: Board | undefined, ships: FleetIndex | null): Grid {
  const grid: Grid = new Array(GRID_SIZE);
  for (let y = 0, i = 0; y < GRID_SIZE; y++) {
    const row = new Array<Cell>(GRID_SIZE);
    for (let x = 0; x < GRID_SIZE; x++, i++) {
      row[x] = board ? cellAt(board, i, ships) : ships && (ships.shipAt[i] ?? -1) >= 0 ? 'S' : 'E';
    }
    grid[y] = row;
  }
  return grid;
}

/**
 * The ships of `fleet` anyone else may know: those sunk on its board (the board of that fleet), or
 * the whole fleet once the game has ENDED (`everything`). The one rule that keeps an unsunk ship
 * out of every view before ENDED.
 */
export function shipsShown(fleet: ShipMap | undefined, board: Board | undefined, everything: boolean): PartialShipMap {
  const out: Partial<Record<ShipKey, readonly Coord[]>> = {};
  if (!fleet) return out;
  for (const [ship, cells] of shipEntries(fleet)) {
    if (everything || (board !== undefined && board.fleet === fleet && sunkOnBoard(board, Number(ship)))) {
      out[ship] = cells;
    }
  }
  return out;
}

/** The board `playerId` shoots at: its opponent's (none for someone who is not a player, or alone). */
export function opponentBoard(state: GameState, playerId: string): Board | undefined {
  if (!state.players.includes(playerId)) return undefined;
  const opponent = opponentOf(state, playerId);
  return opponent === undefined ? undefined : boardOf(state, opponent);
}

/** The player's own grid: ships as S, then the opponent's shots on top. */
export function ownGrid(state: GameState, playerId: string): Grid {
  const fleet = state.fleets[playerId];
  return boardGrid(boardOf(state, playerId), fleet ? fleetIndex(fleet) : null);
}

/** The opponent grid as `playerId` knows it from its own shots: E, M, H, D only. */
export function knownOpponentGrid(state: GameState, playerId: string): Grid {
  return boardGrid(opponentBoard(state, playerId), null);
}

/** The opponent ships sunk by `playerId`; the whole opponent fleet once the game has ENDED. */
export function knownOpponentShips(state: GameState, playerId: string): PartialShipMap {
  const opponent = opponentOf(state, playerId);
  const fleet = opponent === undefined ? undefined : state.fleets[opponent];
  return shipsShown(fleet, opponentBoard(state, playerId), state.status === 'ENDED');
}

export function lastShot(state: GameState): Shot | null {
  return state.shots[state.shots.length - 1] ?? null;
}

export function playerView(state: GameState, playerId: string): PlayerView {
  return {
    rules: state.rules,
    status: state.status,
    shipsIndexes: state.fleets[playerId] ?? null,
    playerBoats: ownGrid(state, playerId),
    opponentBoats: knownOpponentGrid(state, playerId),
    opponentShipsIndexes: knownOpponentShips(state, playerId),
    battlePlace: lastShot(state),
    turn: state.turn,
    winner: state.winner,
  };
}

/** Cells of a fleet as a set of indexes, for quick membership tests. */
export function fleetCells(fleet: ShipMap): Set<number> {
  const set = new Set<number>();
  for (const [, cells] of shipEntries(fleet)) for (const c of cells) set.add(cellIndex(c));
  return set;
}

/** One player's board as anyone may know it: the shots fired at it and the ships they sank. */
export interface PublicBoard {
  readonly playerId: string;
  /** The opponent's shots at this player's fleet: E, M, H, D only. */
  readonly grid: Grid;
  /** This player's sunk ships; the whole fleet once ENDED. */
  readonly ships: PartialShipMap;
}

/**
 * What a spectator may see (docs/protocol.md, Spectators): both boards as the public knows them — shots, hits and
 * sunk ships, never a cell of an unsunk ship before ENDED. The same for every spectator, so the
 * server computes it once per change for all of them.
 */
export interface SpectatorView {
  readonly rules: Rules;
  readonly status: GameStatus;
  /** One board per player, in join order. */
  readonly boards: readonly PublicBoard[];
  readonly lastShot: Shot | null;
  readonly turn: string | null;
  readonly winner: string | null;
  readonly endReason: EndReason | null;
}

export function publicBoard(state: GameState, playerId: string): PublicBoard {
  const fleet = state.fleets[playerId];
  const board = boardOf(state, playerId);
  return { playerId, grid: boardGrid(board, null), ships: shipsShown(fleet, board, state.status === 'ENDED') };
}

export function spectatorView(state: GameState): SpectatorView {
  return {
    rules: state.rules,
    status: state.status,
    boards: state.players.map((p) => publicBoard(state, p)),
    lastShot: lastShot(state),
    turn: state.turn,
    winner: state.winner,
    endReason: state.endReason,
  };
}
