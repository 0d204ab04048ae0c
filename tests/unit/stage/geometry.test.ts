import { describe, expect, it } from 'vitest';
import {
  circleSides,
  cellCenter,
  cellToPoint,
  clientToStage,
  dragThreshold,
  isDrag,
  pointToCell,
  runCells,
  snapFirstCell,
} from '../../../src/stage/geometry';

const grid = { x: 40, y: 60, cell: 55 };

describe('pointToCell', () => {
  it('maps a pointer to the cell under it', () => {
    expect(pointToCell(grid, { x: 40, y: 60 })).toEqual({ x: 0, y: 0 });
    expect(pointToCell(grid, { x: 40 + 54.9, y: 60 + 55 })).toEqual({ x: 0, y: 1 });
    expect(pointToCell(grid, { x: 40 + 9 * 55 + 54, y: 60 + 9 * 55 + 54 })).toEqual({ x: 9, y: 9 });
  });

  it('returns null outside the grid, on every side', () => {
    expect(pointToCell(grid, { x: 39, y: 100 })).toBeNull();
    expect(pointToCell(grid, { x: 100, y: 59 })).toBeNull();
    expect(pointToCell(grid, { x: 40 + 550, y: 100 })).toBeNull();
    expect(pointToCell(grid, { x: 100, y: 60 + 550 })).toBeNull();
  });

  it('round-trips with cellCenter and cellToPoint', () => {
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < 10; x++) {
        expect(pointToCell(grid, cellCenter(grid, { x, y }))).toEqual({ x, y });
        expect(pointToCell(grid, cellToPoint(grid, { x, y }))).toEqual({ x, y });
      }
    }
  });

  it('scales: the same relative point gives the same cell at any cell size', () => {
    for (const cell of [20, 33, 55]) {
      const g = { x: 10, y: 10, cell };
      expect(pointToCell(g, { x: 10 + 3.7 * cell, y: 10 + 8.2 * cell })).toEqual({ x: 3, y: 8 });
    }
  });
});

describe('snapFirstCell', () => {
  it('keeps the grab point: a ship taken by its third cell lands with its first cell two cells left', () => {
    const grab = { x: 2.5 * 55, y: 27 };
    const pointer = cellCenter(grid, { x: 6, y: 4 });
    expect(snapFirstCell(grid, pointer, grab)).toEqual({ x: 4, y: 4 });
  });

  it('snaps to the nearest cell once past half a cell', () => {
    const grab = { x: 10, y: 10 };
    const base = cellToPoint(grid, { x: 2, y: 2 });
    expect(snapFirstCell(grid, { x: base.x + 10 + 27, y: base.y + 10 }, grab)).toEqual({ x: 2, y: 2 });
    expect(snapFirstCell(grid, { x: base.x + 10 + 28, y: base.y + 10 }, grab)).toEqual({ x: 3, y: 2 });
  });

  it('may answer a cell outside the grid (shown as an invalid ghost)', () => {
    expect(snapFirstCell(grid, { x: 0, y: 0 }, { x: 5, y: 5 })).toEqual({ x: -1, y: -1 });
  });

  it('scales with the stage', () => {
    const small = { x: 0, y: 0, cell: 30 };
    expect(snapFirstCell(small, { x: 5.5 * 30, y: 1.5 * 30 }, { x: 15, y: 15 })).toEqual({ x: 5, y: 1 });
  });
});

describe('click versus drag', () => {
  it('treats a tiny movement as a click and a longer one as a drag', () => {
    expect(isDrag({ x: 0, y: 0 }, { x: 3, y: 3 }, 55)).toBe(false);
    expect(isDrag({ x: 0, y: 0 }, { x: 12, y: 0 }, 55)).toBe(true);
  });

  it('keeps a minimum threshold on tiny cells', () => {
    expect(dragThreshold(10)).toBe(5);
    expect(dragThreshold(55)).toBeCloseTo(8.25);
  });
});

describe('helpers', () => {
  it('lists a run of cells in both orientations', () => {
    expect(runCells({ x: 1, y: 2 }, 3, 'horizontal')).toEqual([
      { x: 1, y: 2 },
      { x: 2, y: 2 },
      { x: 3, y: 2 },
    ]);
    expect(runCells({ x: 1, y: 2 }, 2, 'vertical')).toEqual([
      { x: 1, y: 2 },
      { x: 1, y: 3 },
    ]);
  });

  it('converts client coordinates to stage coordinates', () => {
    expect(clientToStage({ x: 150, y: 90 }, { left: 100, top: 40 })).toEqual({ x: 50, y: 50 });
  });
});

describe('circleSides', () => {
  it('keeps every edge within the tolerance of the true circle', () => {
    for (const radius of [3, 5.7, 12, 44, 80]) {
      const sides = circleSides(radius);
      // The deepest point of an edge is its middle, r·cos(π/n) from the centre.
      expect(radius - radius * Math.cos(Math.PI / sides)).toBeLessThanOrEqual(0.25 + 1e-9);
    }
  });

  it('uses far fewer sides than a fine tessellation, between 6 and 64', () => {
    expect(circleSides(5.7)).toBeLessThanOrEqual(12);
    expect(circleSides(44)).toBeLessThanOrEqual(32);
    expect(circleSides(0)).toBe(6);
    expect(circleSides(10_000)).toBe(64);
  });
});
