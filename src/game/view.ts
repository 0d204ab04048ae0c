import { type Grid, cellIndex, emptyGrid } from './grid';
import { SHIP_KEYS, type PartialShipMap, type ShipKey, type ShipMap } from './fleet';
import { type GameState, type GameStatus, opponentOf, shotsBy } from './game';
import { isSunk, type Shot } from './shots';

/**
 * What one player may see of the game (DESIGN.md §2). This is the one place that decides it:
 * before ENDED no unsunk opponent ship cell ever leaves here.
 */
export interface PlayerView {
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

/** Marks the shots fired at `fleet` on `grid`: M on water, H on a ship, D on every cell of a sunk one. */
function markShots(
  grid: Grid,
  fleet: ShipMap | undefined,
  shots: ReadonlySet<number>,
  knownShots: readonly Shot[],
): void {
  for (const s of knownShots) {
    const row = grid[s.y];
    if (row) row[s.x] = s.result === 'M' ? 'M' : 'H';
  }
  if (!fleet) return;
  for (const ship of SHIP_KEYS) {
    if (!isSunk(fleet, ship, shots)) continue;
    for (const c of fleet[ship]) {
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
  const out: Partial<Record<ShipKey, ShipMap[ShipKey]>> = {};
  if (!fleet) return out;
  for (const ship of SHIP_KEYS) if (everything || isSunk(fleet, ship, shots)) out[ship] = fleet[ship];
  return out;
}

export function playerView(state: GameState, playerId: string): PlayerView {
  const opponent = opponentOf(state, playerId);
  const ownFleet = state.fleets[playerId];
  const opponentFleet = opponent === undefined ? undefined : state.fleets[opponent];
  const myShots = state.shots.filter((s) => s.shooterId === playerId);
  const theirShots = state.shots.filter((s) => s.shooterId !== playerId);

  const playerBoats = emptyGrid();
  if (ownFleet) for (const ship of SHIP_KEYS) for (const c of ownFleet[ship]) (playerBoats[c.y] ?? [])[c.x] = 'S';
  markShots(playerBoats, ownFleet, opponent === undefined ? new Set() : shotsBy(state, opponent), theirShots);

  const opponentBoats = emptyGrid();
  const mine = shotsBy(state, playerId);
  markShots(opponentBoats, opponentFleet, mine, myShots);

  return {
    status: state.status,
    shipsIndexes: ownFleet ?? null,
    playerBoats,
    opponentBoats,
    opponentShipsIndexes: sunkShipMap(opponentFleet, mine, state.status === 'ENDED'),
    battlePlace: state.shots[state.shots.length - 1] ?? null,
    turn: state.turn,
    winner: state.winner,
  };
}

/** Cells of a fleet as a set of indexes, for quick membership tests. */
export function fleetCells(fleet: ShipMap): Set<number> {
  const set = new Set<number>();
  for (const ship of SHIP_KEYS) for (const c of fleet[ship]) set.add(cellIndex(c));
  return set;
}
