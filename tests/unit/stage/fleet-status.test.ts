import { describe, expect, it } from 'vitest';
import { type Cell, GRID_SIZE, makeRules, type ShipMap, shotStats } from '../../../src/game';
import {
  accuracyPercent,
  afloatCount,
  drawnShips,
  enemyFleetStatus,
  ownFleetStatus,
} from '../../../src/stage/fleet-status';

const empty = (): Cell[][] => Array.from({ length: GRID_SIZE }, () => Array<Cell>(GRID_SIZE).fill('E'));
function mark(grid: Cell[][], x: number, y: number, code: Cell): void {
  const line = grid[y];
  if (line) line[x] = code;
}
const row = (y: number, x0: number, n: number) => Array.from({ length: n }, (_, i) => ({ x: x0 + i, y }));
const fleet: ShipMap = {
  '0': row(0, 0, 5),
  '1': row(1, 0, 4),
  '2': row(2, 0, 3),
  '3': row(3, 0, 3),
  '4': row(4, 0, 2),
};

describe('fleet tracker', () => {
  it('marks own ships afloat, damaged (with which sections) and sunk', () => {
    const grid = empty();
    mark(grid, 1, 0, 'H');
    mark(grid, 3, 0, 'H');
    mark(grid, 0, 4, 'D');
    mark(grid, 1, 4, 'D');
    mark(grid, 9, 9, 'M');
    const status = ownFleetStatus(fleet, grid);
    expect(status[0]).toEqual({ ship: '0', state: 'damaged', hits: [1, 3] });
    expect(status[1]).toEqual({ ship: '1', state: 'afloat', hits: [] });
    expect(status[4]).toEqual({ ship: '4', state: 'sunk', hits: [0, 1] });
    expect(afloatCount(status)).toBe(4);
  });

  it('knows an enemy ship only once it is sunk', () => {
    const grid = empty();
    mark(grid, 0, 2, 'D');
    mark(grid, 1, 2, 'D');
    mark(grid, 2, 2, 'D');
    mark(grid, 5, 5, 'H');
    const status = enemyFleetStatus({ '2': row(2, 0, 3) }, grid);
    expect(status.map((s) => s.state)).toEqual(['afloat', 'afloat', 'sunk', 'afloat', 'afloat']);
    // At the end the whole fleet is revealed: unsunk ships stay afloat.
    expect(enemyFleetStatus(fleet, grid)[0]?.state).toBe('afloat');
  });

  it('shows accuracy as a whole per cent, none before the first shot', () => {
    expect(accuracyPercent(shotStats(empty()))).toBeNull();
    const grid = empty();
    mark(grid, 0, 0, 'M');
    mark(grid, 1, 0, 'H');
    mark(grid, 2, 0, 'D');
    expect(accuracyPercent(shotStats(grid))).toBe(67);
  });

  it('rounds the per cent from the counts: 57 hits of 200 shots read 29 (0.285 × 100 is 28.4999…)', () => {
    expect(accuracyPercent({ shots: 200, hits: 57, accuracy: 57 / 200 })).toBe(29);
  });

  it('tracks every ship of a fleet larger than five', () => {
    const russian = makeRules({ fleet: 'russian' });
    const status = enemyFleetStatus({}, empty(), russian);
    expect(status.map((s) => s.ship)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const grid = empty();
    mark(grid, 9, 9, 'D');
    const big = { ...fleet, '9': [{ x: 9, y: 9 }] };
    expect(ownFleetStatus(big, grid).at(-1)).toEqual({ ship: '9', state: 'sunk', hits: [0] });
    expect(enemyFleetStatus(big, grid).at(-1)?.state).toBe('sunk');
    expect(drawnShips(big, grid).map((s) => [s.ship, s.sunk])).toEqual([
      ['0', false],
      ['1', false],
      ['2', false],
      ['3', false],
      ['4', false],
      ['9', true],
    ]);
    expect(drawnShips(null, grid)).toEqual([]);
  });
});
