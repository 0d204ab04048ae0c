import { describe, expect, it } from 'vitest';
import { type Cell, GRID_SIZE, type ShipMap } from '../../../src/game';
import { afloatCount, enemyFleetStatus, ownFleetStatus, shotStats } from '../../../src/stage/fleet-status';

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

  it('counts shots and accuracy, none before the first shot', () => {
    expect(shotStats(empty())).toEqual({ shots: 0, hits: 0, accuracy: null });
    const grid = empty();
    mark(grid, 0, 0, 'M');
    mark(grid, 1, 0, 'H');
    mark(grid, 2, 0, 'D');
    expect(shotStats(grid)).toEqual({ shots: 3, hits: 2, accuracy: 67 });
  });
});
