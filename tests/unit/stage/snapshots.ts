import { type Cell, emptyGrid, type Grid, type ShipKey, type ShipMap, type ShotResult } from '../../../src/game';
import type { Effect, StageSnapshot } from '../../../src/stage/effects-plan';

/* What the effect planners' tests diff: a player's view in PLAY with a fixed fleet of their own. */

export const fleet: ShipMap = {
  '0': [0, 1, 2, 3, 4].map((x) => ({ x, y: 0 })),
  '1': [0, 1, 2, 3].map((x) => ({ x, y: 2 })),
  '2': [0, 1, 2].map((x) => ({ x, y: 4 })),
  '3': [0, 1, 2].map((x) => ({ x, y: 6 })),
  '4': [0, 1].map((x) => ({ x, y: 8 })),
};

/** 'me' in PLAY, on their turn, nothing shot yet; `over` changes what a test needs. */
export function base(over: Partial<StageSnapshot> = {}): StageSnapshot {
  return {
    gameStatus: 'PLAY',
    userId: 'me',
    members: [
      { userId: 'me', hasToPlay: true },
      { userId: 'them', hasToPlay: false },
    ],
    playerBoats: emptyGrid(),
    opponentBoats: emptyGrid(),
    shipsIndexes: fleet,
    opponentShipsIndexes: {},
    battlePlace: null,
    winner: null,
    ...over,
  };
}

/** The members once 'me' has shot and the turn is 'them''s. */
export const THEIR_TURN: StageSnapshot['members'] = [
  { userId: 'me', hasToPlay: false },
  { userId: 'them', hasToPlay: true },
];

/** `grid` with each [x, y, code] written in. */
export function withCells(grid: readonly (readonly Cell[])[], cells: [number, number, Cell][]): Grid {
  const g = grid.map((row) => [...row]);
  for (const [x, y, code] of cells) {
    const row = g[y];
    if (row) row[x] = code;
  }
  return g;
}

/** An empty grid with each [x, y, code] written in. */
export const grid = (cells: [number, number, Cell][]): Grid => withCells(emptyGrid(), cells);

/** The cell an effect lands on, null for those with none (the turn, a sunk ship's burn). */
export const cellOf = (e: Effect) => ('cell' in e ? e.cell : null);

/**
 * 'me''s view once a salvo has landed on the opponent's board: each [x, y, code] in the order fired
 * (the last one the view's battlePlace), the ships it sank revealed, the turn passed to 'them'.
 * `over` adds what a test needs (the server's lastMove, a game ended).
 */
export function afterSalvo(
  shots: [number, number, ShotResult][],
  sunk: readonly ShipKey[],
  over: Partial<StageSnapshot> = {},
): StageSnapshot {
  const last = shots.at(-1);
  if (!last) throw new Error('a salvo has one shot at least');
  const [x, y, result] = last;
  return base({
    members: THEIR_TURN,
    opponentBoats: grid(shots),
    opponentShipsIndexes: Object.fromEntries(sunk.map((n) => [n, fleet[n] ?? []])),
    battlePlace: { shooterId: 'me', x, y, result },
    ...over,
  });
}
