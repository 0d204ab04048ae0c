import { describe, expect, it } from 'vitest';
import { linePath, placeValue, valueRange } from '../../../src/app/analysis/chart';
import { firedOn, hintAllowed } from '../../../src/app/analysis/hint';
import { insightSummary } from '../../../src/app/analysis/insights-view';
import { afterAnswer } from '../../../src/app/analysis/poll';
import {
  firedBefore,
  gradeSeries,
  heatCells,
  heatLevel,
  moveOfStep,
  nextMistake,
  signedHits,
  stepOfMove,
  worstMoves,
} from '../../../src/app/analysis/review';
import { emptyGrid } from '../../../src/game';
import type { GradeClass, MoveAnalysis, PlayerAnalysis } from '../../../src/protocol/analysis';

const heat = (cells: Record<number, number> = {}): number[] => Array.from({ length: 100 }, (_, i) => cells[i] ?? 0);

function move(
  n: number,
  shooterId: string,
  firstShot: number,
  grade: number,
  cls: GradeClass,
  shots = 1,
): MoveAnalysis {
  return {
    n,
    shooterId,
    firstShot,
    shots: Array.from({ length: shots }, (_, i) => ({ x: n % 10, y: i, result: 'M' as const, p: 0.1 })),
    best: [{ x: 9, y: 9, p: 0.3 }],
    expectedHits: 0.1 * shots,
    bestExpectedHits: 0.3,
    hits: 0,
    luck: -0.1,
    grade,
    error: 0,
    class: cls,
    method: 'exact',
    boards: 10,
    heat: heat(),
  };
}

function player(userId: string, worst: number[]): PlayerAnalysis {
  return {
    userId,
    accuracy: 50,
    moves: 2,
    shots: 2,
    hits: 0,
    expectedHits: 0.2,
    luck: -0.2,
    classes: { best: 0, good: 0, inaccuracy: 0, mistake: 1, blunder: 1 },
    worst,
  };
}

// a fires one shot, b a salvo of three, a one, b one.
const moves = [
  move(0, 'a', 0, 1, 'best'),
  move(1, 'b', 1, 0.5, 'mistake', 3),
  move(2, 'a', 4, 0.2, 'blunder'),
  move(3, 'b', 5, 0.7, 'inaccuracy'),
];
const analysis = { moves, players: [player('a', [2]), player('b', [1, 3, 99])] };

describe('the review of a replay', () => {
  it('shows at each step the move its shot belongs to, a salvo as one move, none before the first shot', () => {
    expect(moveOfStep(moves, 0)).toBeNull();
    expect(moveOfStep(moves, 1)?.n).toBe(0);
    expect([2, 3, 4].map((s) => moveOfStep(moves, s)?.n)).toEqual([1, 1, 1]);
    expect(moveOfStep(moves, 5)?.n).toBe(2);
    expect(moveOfStep(moves, 6)?.n).toBe(3);
    expect(moveOfStep(moves, 7)).toBeNull();
    expect(moves.map(stepOfMove)).toEqual([1, 2, 5, 6]);
  });

  it("draws the map with levels beside its warmest cell, the shooter's earlier shots, the chosen and the best cells", () => {
    const cells = heatCells(heat({ 0: 500, 1: 460, 2: 260, 3: 1, 4: 0, 5: 400 }), {
      fired: new Map([[50, 'H' as const]]),
      chosen: [{ x: 1, y: 0, result: 'H' }],
      best: [{ x: 0, y: 0 }],
    });
    expect(cells).toHaveLength(100);
    expect(cells.slice(0, 6).map((c) => c.level)).toEqual([4, 4, 2, 1, 0, 3]);
    expect(cells[0]).toMatchObject({ best: true, chosen: null, x: 0, y: 0 });
    expect(cells[1]).toMatchObject({ chosen: 'H', best: false, permille: 460 });
    expect(cells[50]).toMatchObject({ fired: 'H', x: 0, y: 5 });
    expect(heatLevel(0, 0)).toBe(0);
    expect(heatLevel(500, 1000)).toBe(2);
    expect(heatLevel(490, 1000)).toBe(1);
  });

  it("knows the cells a player fired before a shot, not the opponent's nor later ones", () => {
    const record = {
      shots: [
        { seq: 0, shooterId: 'a', x: 0, y: 0, result: 'M' as const },
        { seq: 1, shooterId: 'b', x: 1, y: 0, result: 'H' as const },
        { seq: 2, shooterId: 'a', x: 2, y: 0, result: 'D' as const },
        { seq: 3, shooterId: 'a', x: 3, y: 0, result: 'M' as const },
      ],
    };
    expect([...firedBefore(record, 'a', 3)]).toEqual([
      [0, 'M'],
      [2, 'D'],
    ]);
    expect([...firedBefore(record, 'b', 1)]).toEqual([]);
  });

  it("gives each player's grades in order, the worst moves to jump to, and steps from mistake to mistake", () => {
    expect(gradeSeries(analysis).map((s) => s.map((p) => [p.n, p.step, p.grade]))).toEqual([
      [
        [0, 1, 1],
        [2, 5, 0.2],
      ],
      [
        [1, 2, 0.5],
        [3, 6, 0.7],
      ],
    ]);
    expect(worstMoves(analysis, 1).map((w) => [w.n, w.step, w.class])).toEqual([
      [1, 2, 'mistake'],
      [3, 6, 'inaccuracy'],
    ]);
    expect(worstMoves(analysis, 5)).toEqual([]);
    expect(nextMistake(moves, 0, 1)?.n).toBe(1);
    expect(nextMistake(moves, 2, 1)?.n).toBe(2);
    expect(nextMistake(moves, 6, 1)).toBeNull();
    expect(nextMistake(moves, 6, -1)?.n).toBe(2);
    expect(nextMistake(moves, 2, -1)).toBeNull();
    expect(nextMistake(moves, 0, 1, 'a')?.n).toBe(2);
  });

  it('writes luck with its sign', () => {
    expect([1.26, -0.44, 0.02, 0].map((luck) => signedHits(luck))).toEqual(['+1.3', '−0.4', '0', '0']);
    expect(signedHits(-1.46, 'fr')).toBe('−1,5');
  });

  it('waits for an analysis after Retry-After, kept between one and ten seconds, and stops when done or none', () => {
    expect(afterAnswer({ status: 'queued', gameId: 1, ahead: 2, retryAfter: 30 })).toEqual({
      state: { kind: 'pending', ahead: 2, running: false },
      askAgainMs: 10_000,
    });
    expect(afterAnswer({ status: 'running', gameId: 1, ahead: 0, retryAfter: 1 }).askAgainMs).toBe(1000);
    expect(afterAnswer({ status: 'none', gameId: 1 })).toEqual({ state: { kind: 'none' }, askAgainMs: null });
  });
});

describe('the hint', () => {
  const me = { userId: 'me', bot: null };
  it('is offered in play against the computer only', () => {
    expect(hintAllowed('PLAY', [me, { userId: 'cpu', bot: 'hard' }], 'me')).toBe(true);
    expect(hintAllowed('PLAY', [me, { userId: 'bob', bot: null }], 'me')).toBe(false);
    expect(hintAllowed('PLAY', [me, { userId: 'bob' }], 'me')).toBe(false);
    expect(hintAllowed('ENDED', [me, { userId: 'cpu', bot: 'hard' }], 'me')).toBe(false);
    expect(
      hintAllowed(
        'PLAY',
        [
          { userId: 'x', bot: null },
          { userId: 'cpu', bot: 'hard' },
        ],
        'me',
      ),
    ).toBe(false);
    expect(hintAllowed('PLAY', [me, { userId: 'cpu', bot: 'hard' }], null)).toBe(false);
  });

  it("reads the cells fired at from the opponent's grid", () => {
    const grid = emptyGrid();
    (grid[0] as string[])[3] = 'M';
    (grid[2] as string[])[1] = 'H';
    (grid[9] as string[])[9] = 'D';
    expect([...firedOn(grid)]).toEqual([
      [3, 'M'],
      [21, 'H'],
      [99, 'D'],
    ]);
  });
});

describe('the insights of a profile', () => {
  const game = (gameId: number, won: boolean, shots: number, accuracy: number | null, luck: number | null) => ({
    gameId,
    endedAt: gameId * 1000,
    won,
    shots,
    accuracy,
    luck,
  });
  it('averages the analysed games, the shots of the games won, oldest first, and the recent trend', () => {
    const games = [
      game(3, true, 50, 70, 1),
      game(1, false, 60, 50, -1),
      game(2, true, 40, null, null),
      ...[4, 5, 6, 7, 8].map((id) => game(id, false, 70, 80, 0)),
    ];
    const s = insightSummary({ games, analysed: 7, pending: 1 });
    expect(s.games).toBe(8);
    expect(s.wins).toBe(2);
    expect(s.accuracyPoints.map((p) => p.gameId)).toEqual([1, 3, 4, 5, 6, 7, 8]);
    expect(s.shotsToWinPoints.map((p) => [p.gameId, p.value])).toEqual([
      [2, 40],
      [3, 50],
    ]);
    expect(s.shotsToWin).toBe(45);
    expect(s.luck).toBe(0);
    expect(s.accuracy).toBeCloseTo((50 + 70 + 5 * 80) / 7);
    expect(s.accuracyTrend).toBe(80 - 60);
  });

  it('has no means and no trend before any analysed game', () => {
    const s = insightSummary({ games: [game(1, false, 30, null, null)], analysed: 0, pending: 0 });
    expect([s.accuracy, s.luck, s.shotsToWin, s.accuracyTrend]).toEqual([null, null, null, null]);
  });
});

describe('the charts', () => {
  const box = { width: 100, height: 50, pad: 5, min: 0, max: 1 };
  it('spreads the slots across the box, one alone in the middle, values clamped to it', () => {
    expect(placeValue(box, 3, 0, 1)).toEqual({ x: 5, y: 5 });
    expect(placeValue(box, 3, 2, 0)).toEqual({ x: 95, y: 45 });
    expect(placeValue(box, 3, 1, 0.5)).toEqual({ x: 50, y: 25 });
    expect(placeValue(box, 1, 0, 2)).toEqual({ x: 50, y: 5 });
    expect(
      linePath([
        { x: 1, y: 2 },
        { x: 3, y: 4 },
      ]),
    ).toBe('M1 2 L3 4');
    expect(linePath([])).toBe('');
  });

  it('finds a range that holds the values with room, never below the floor', () => {
    expect(valueRange([])).toEqual({ min: 0, max: 1 });
    expect(valueRange([40, 60])).toEqual({ min: 38, max: 62 });
    expect(valueRange([1, 2])).toEqual({ min: 0, max: 3 });
  });
});
