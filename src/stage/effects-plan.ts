import {
  type Cell,
  type Coord,
  type GameStatus,
  type Grid,
  GRID_SIZE,
  type PartialShipMap,
  ALL_SHIP_KEYS,
  shipEntries,
  type ShipKey,
  type ShipMap,
  type ShotResult,
} from '../game';
import type { BoardId } from './layout';

/**
 * Animation planning by diffing the state before and after a change (docs/architecture.md, chessground
 * style). Pure: what to animate, what to play and what to announce; stepping happens elsewhere.
 */
export interface StageSnapshot {
  readonly gameStatus: GameStatus | null;
  readonly userId: string | null;
  readonly members: readonly { readonly userId: string; readonly hasToPlay: boolean }[];
  readonly playerBoats: readonly (readonly Cell[])[];
  readonly opponentBoats: readonly (readonly Cell[])[];
  readonly shipsIndexes: ShipMap | null;
  readonly opponentShipsIndexes: PartialShipMap;
  readonly battlePlace: {
    readonly shooterId: string;
    readonly x: number;
    readonly y: number;
    readonly result: ShotResult;
  } | null;
  /**
   * The last move's shots in the order fired (a salvo; the server says so in salvo rooms only),
   * so they land in that order; null or absent when only the last shot is known.
   */
  readonly lastMove?: readonly Coord[] | null;
  readonly winner: { readonly userId: string; readonly username: string } | null;
}

export type Effect =
  | { readonly kind: 'splash'; readonly board: BoardId; readonly cell: Coord }
  | { readonly kind: 'explosion'; readonly board: BoardId; readonly cell: Coord }
  | { readonly kind: 'sunk'; readonly board: BoardId; readonly cells: readonly Coord[] }
  | { readonly kind: 'turn'; readonly mine: boolean };

export type SoundCue = 'hit' | 'sunk' | 'miss' | 'victory' | 'defeat';

export type Announcement =
  | { readonly kind: 'shot'; readonly mine: boolean; readonly cell: Coord; readonly result: ShotResult }
  | { readonly kind: 'sunk'; readonly mine: boolean; readonly ship: ShipKey }
  | { readonly kind: 'turn'; readonly mine: boolean }
  | { readonly kind: 'winner'; readonly mine: boolean; readonly username: string };

export interface EffectPlan {
  readonly effects: readonly Effect[];
  readonly sounds: readonly SoundCue[];
  readonly announcements: readonly Announcement[];
}

export const EMPTY_PLAN: EffectPlan = { effects: [], sounds: [], announcements: [] };

/**
 * A reconnect or first load brings a whole board at once; replaying it as a burst of explosions
 * would be noise, so only shots fired while watching a game in play are animated.
 */
function animates(before: StageSnapshot | null, after: StageSnapshot, live: boolean): before is StageSnapshot {
  if (before === null || (after.gameStatus !== 'PLAY' && after.gameStatus !== 'ENDED')) return false;
  // The end of a game reaches the store as several updates (status, boards, last shot, winner):
  // those after the status turned ENDED still belong to the game the player was watching.
  return before.gameStatus === 'PLAY' || (live && before.gameStatus === 'ENDED');
}

/**
 * The cells that turned D, one group per ship where the board's ships are known (so two ships sunk
 * by one salvo burn each with the shot that sank it), else one group.
 */
function sunkGroups(cells: readonly Coord[], ships: PartialShipMap | null): Coord[][] {
  if (cells.length === 0) return [];
  if (!ships) return [[...cells]];
  const groups = new Map<string, Coord[]>();
  for (const cell of cells) {
    const ship = shipEntries(ships).find(([, at]) => at.some((c) => c.x === cell.x && c.y === cell.y))?.[0] ?? '';
    groups.set(ship, [...(groups.get(ship) ?? []), cell]);
  }
  return [...groups.values()];
}

function gridEffects(
  board: BoardId,
  before: StageSnapshot['playerBoats'],
  after: StageSnapshot['playerBoats'],
  ships: PartialShipMap | null,
): Effect[] {
  const effects: Effect[] = [];
  const sunk: Coord[] = [];
  for (let y = 0; y < GRID_SIZE; y++) {
    for (let x = 0; x < GRID_SIZE; x++) {
      const was = before[y]?.[x] ?? 'E';
      const now = after[y]?.[x] ?? 'E';
      if (was === now) continue;
      if (now === 'M') effects.push({ kind: 'splash', board, cell: { x, y } });
      else if (now === 'H') effects.push({ kind: 'explosion', board, cell: { x, y } });
      else if (now === 'D') {
        // The shot that sank the ship explodes; the rest of the ship is revealed burning.
        if (was !== 'H') effects.push({ kind: 'explosion', board, cell: { x, y } });
        sunk.push({ x, y });
      }
    }
  }
  for (const cells of sunkGroups(sunk, ships)) effects.push({ kind: 'sunk', board, cells });
  return effects;
}

function turnHolder(s: StageSnapshot): string | null {
  return s.members.find((m) => m.hasToPlay)?.userId ?? null;
}

function sameShot(a: StageSnapshot['battlePlace'], b: StageSnapshot['battlePlace']): boolean {
  if (a === null || b === null) return a === b;
  return a.shooterId === b.shooterId && a.x === b.x && a.y === b.y && a.result === b.result;
}

/** Own ships whose every cell turned D between the two grids. */
function ownShipsSunk(before: StageSnapshot, after: StageSnapshot): ShipKey[] {
  const fleet = after.shipsIndexes;
  if (!fleet) return [];
  const isD = (g: StageSnapshot['playerBoats'], c: Coord) => g[c.y]?.[c.x] === 'D';
  // Every ship of the fleet, a russian one's ships 5 to 9 included.
  return shipEntries(fleet)
    .filter(
      ([, cells]) => cells.every((c) => isD(after.playerBoats, c)) && !cells.every((c) => isD(before.playerBoats, c)),
    )
    .map(([ship]) => ship);
}

/**
 * `live` says the stage watched this game in play (not a page opened on a finished game): the
 * updates that complete its end are then still animated and announced.
 */
export function planEffects(before: StageSnapshot | null, after: StageSnapshot, live = false): EffectPlan {
  if (!animates(before, after, live)) return EMPTY_PLAN;
  const effects: Effect[] = [
    ...gridEffects('opponent', before.opponentBoats, after.opponentBoats, after.opponentShipsIndexes),
    ...gridEffects('player', before.playerBoats, after.playerBoats, after.shipsIndexes),
  ];
  const sounds: SoundCue[] = [];
  const announcements: Announcement[] = [];

  const shot = after.battlePlace;
  if (shot && !sameShot(before.battlePlace, shot)) {
    const mine = shot.shooterId === after.userId;
    sounds.push(shot.result === 'D' ? 'sunk' : shot.result === 'H' ? 'hit' : 'miss');
    announcements.push({ kind: 'shot', mine, cell: { x: shot.x, y: shot.y }, result: shot.result });
  }
  for (const ship of ALL_SHIP_KEYS) {
    if (after.opponentShipsIndexes[ship] && !before.opponentShipsIndexes[ship] && after.gameStatus === 'PLAY') {
      announcements.push({ kind: 'sunk', mine: false, ship });
    }
  }
  // At the end the whole opponent fleet is revealed, so only the ship the last shot hit counts as sunk.
  if (after.gameStatus === 'ENDED' && shot?.result === 'D' && shot.shooterId === after.userId) {
    const ship = ALL_SHIP_KEYS.find((k) =>
      after.opponentShipsIndexes[k]?.some((c) => c.x === shot.x && c.y === shot.y),
    );
    if (ship && !before.opponentShipsIndexes[ship]) announcements.push({ kind: 'sunk', mine: false, ship });
  }
  for (const ship of ownShipsSunk(before, after)) announcements.push({ kind: 'sunk', mine: true, ship });

  const holder = turnHolder(after);
  if (after.gameStatus === 'PLAY' && holder !== null && holder !== turnHolder(before)) {
    const mine = holder === after.userId;
    effects.push({ kind: 'turn', mine });
    announcements.push({ kind: 'turn', mine });
  }
  if (after.winner && !before.winner) {
    const mine = after.winner.userId === after.userId;
    sounds.push(mine ? 'victory' : 'defeat');
    announcements.push({ kind: 'winner', mine, username: after.winner.username });
  }
  return { effects, sounds, announcements };
}

/** Copies what the planner reads out of a store snapshot, so the next diff compares frozen values. */
export function toStageSnapshot(s: StageSnapshot): StageSnapshot {
  const copyGrid = (g: StageSnapshot['playerBoats']): Grid => g.map((row) => [...row]);
  return {
    gameStatus: s.gameStatus,
    userId: s.userId,
    members: s.members.map((m) => ({ userId: m.userId, hasToPlay: m.hasToPlay })),
    playerBoats: copyGrid(s.playerBoats),
    opponentBoats: copyGrid(s.opponentBoats),
    shipsIndexes: s.shipsIndexes,
    opponentShipsIndexes: { ...s.opponentShipsIndexes },
    battlePlace: s.battlePlace ? { ...s.battlePlace } : null,
    lastMove: s.lastMove ? s.lastMove.map((c) => ({ x: c.x, y: c.y })) : null,
    winner: s.winner ? { ...s.winner } : null,
  };
}
