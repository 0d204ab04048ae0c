import { type Coord, type Grid, cellIndex, emptyGrid } from './grid';
import { type PartialShipMap, type ShipKey, type ShipMap, shipEntries } from './fleet';
import { type EndReason, type GameState, type GameStatus, opponentOf, shotsBy } from './game';
import { everyCellIs, isSunk, type Shot } from './shots';
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

/** Marks the shots `shooterId` fired at `fleet`: M on water, H on a ship, D on every cell of a sunk one. */
function markShots(grid: Grid, state: GameState, shooterId: string | undefined, fleet: ShipMap | undefined): void {
  if (shooterId === undefined) return;
  for (const s of state.shots) {
    if (s.shooterId !== shooterId) continue;
    const row = grid[s.y];
    if (row) row[s.x] = s.result === 'M' ? 'M' : 'H';
  }
  if (!fleet) return;
  // A ship whose every cell was just marked H is sunk: no set of the shots is needed for that
  // (this runs for two views of every shot on the server).
  for (const [, cells] of shipEntries(fleet)) {
    if (!everyCellIs(grid, cells, 'H')) continue;
    for (const c of cells) {
      const row = grid[c.y];
      if (row) row[c.x] = 'D';
    }
  }
}

export function sunkShipMap(
  fleet: ShipMap | undefined,
  shots: ReadonlySet<number>,
  everything: boolean,
): PartialShipMap {
  const out: Partial<Record<ShipKey, readonly Coord[]>> = {};
  if (!fleet) return out;
  for (const [ship, cells] of shipEntries(fleet)) if (everything || isSunk(fleet, ship, shots)) out[ship] = cells;
  return out;
}

/** The player's own grid: ships as S, then the opponent's shots on top. */
export function ownGrid(state: GameState, playerId: string): Grid {
  const grid = emptyGrid();
  const fleet = state.fleets[playerId];
  if (fleet) {
    for (const [, cells] of shipEntries(fleet)) {
      for (const c of cells) {
        const row = grid[c.y];
        if (row) row[c.x] = 'S';
      }
    }
  }
  markShots(grid, state, opponentOf(state, playerId), fleet);
  return grid;
}

/** The opponent grid as `playerId` knows it from its own shots: E, M, H, D only. */
export function knownOpponentGrid(state: GameState, playerId: string): Grid {
  const grid = emptyGrid();
  const opponent = opponentOf(state, playerId);
  markShots(grid, state, playerId, opponent === undefined ? undefined : state.fleets[opponent]);
  return grid;
}

/** The opponent ships sunk by `playerId`; the whole opponent fleet once the game has ENDED. */
export function knownOpponentShips(state: GameState, playerId: string): PartialShipMap {
  const opponent = opponentOf(state, playerId);
  const fleet = opponent === undefined ? undefined : state.fleets[opponent];
  return sunkShipMap(fleet, shotsBy(state, playerId), state.status === 'ENDED');
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
  const opponent = opponentOf(state, playerId);
  const grid = emptyGrid();
  markShots(grid, state, opponent, fleet);
  const shots = opponent === undefined ? new Set<number>() : shotsBy(state, opponent);
  return { playerId, grid, ships: sunkShipMap(fleet, shots, state.status === 'ENDED') };
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
