import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allSunk,
  cellIndex,
  coordLabel,
  coordOf,
  emptyGrid,
  GRID_SIZE,
  inBounds,
  isSunk,
  resolveShot,
  SHIP_KEYS,
  sameCoord,
  sunkShips,
} from '../../../src/game';
import { coordArb, fixedFleet, fleetFromSeedArb, shuffledCells, seedArb } from './helpers';

const shotsAt = (...cells: { x: number; y: number }[]): Set<number> => new Set(cells.map(cellIndex));

describe('grid', () => {
  it('reads grids as grid[y][x] with 10 rows of 10 empty cells', () => {
    const grid = emptyGrid();
    expect(grid).toHaveLength(GRID_SIZE);
    for (const row of grid) expect(row).toEqual(new Array(GRID_SIZE).fill('E'));
    // Rows are distinct arrays: writing one cell touches only that cell.
    const row3 = grid[3];
    if (row3) row3[7] = 'S';
    expect(grid.flat().filter((c) => c === 'S')).toHaveLength(1);
  });

  it('bounds are 0..9 integers on both axes', () => {
    expect(inBounds({ x: 0, y: 0 })).toBe(true);
    expect(inBounds({ x: 9, y: 9 })).toBe(true);
    expect(inBounds({ x: 10, y: 0 })).toBe(false);
    expect(inBounds({ x: 0, y: -1 })).toBe(false);
    expect(inBounds({ x: 1.5, y: 0 })).toBe(false);
    expect(inBounds({ x: Number.NaN, y: 0 })).toBe(false);
  });

  it('property: cellIndex and coordOf are inverse and cover 0..99', () => {
    fc.assert(
      fc.property(coordArb, (c) => {
        const i = cellIndex(c);
        expect(i).toBeGreaterThanOrEqual(0);
        expect(i).toBeLessThan(GRID_SIZE * GRID_SIZE);
        expect(sameCoord(coordOf(i), c)).toBe(true);
      }),
    );
    expect(cellIndex({ x: 3, y: 2 })).toBe(23);
  });

  it('labels cells with a column letter and a 1-based row', () => {
    expect(coordLabel({ x: 0, y: 0 })).toBe('A1');
    expect(coordLabel({ x: 1, y: 6 })).toBe('B7');
    expect(coordLabel({ x: 9, y: 9 })).toBe('J10');
  });
});

describe('resolveShot', () => {
  const fleet = fixedFleet();

  it('answers M on water', () => {
    expect(resolveShot(fleet, new Set(), { x: 5, y: 9 })).toEqual({ result: 'M', won: false });
  });

  it('answers H on a ship with cells left', () => {
    expect(resolveShot(fleet, new Set(), { x: 0, y: 8 })).toEqual({ result: 'H', won: false });
  });

  it('answers D, naming the ship, when the shot takes its last cell', () => {
    expect(resolveShot(fleet, shotsAt({ x: 0, y: 8 }), { x: 0, y: 9 })).toEqual({ result: 'D', sunk: '4', won: false });
    // Order does not matter: the first cell can be the last one hit.
    expect(resolveShot(fleet, shotsAt({ x: 0, y: 9 }), { x: 0, y: 8 })).toEqual({ result: 'D', sunk: '4', won: false });
  });

  it('does not count misses next to a ship towards sinking it', () => {
    expect(resolveShot(fleet, shotsAt({ x: 1, y: 8 }, { x: 1, y: 9 }), { x: 0, y: 8 }).result).toBe('H');
  });

  it('answers D with won when the last cell of the last ship falls', () => {
    const all = SHIP_KEYS.flatMap((k) => fleet[k]);
    const last = all.pop();
    if (!last) throw new Error('empty fleet');
    const outcome = resolveShot(fleet, new Set(all.map(cellIndex)), last);
    expect(outcome).toEqual({ result: 'D', sunk: '4', won: true });
  });

  it('isSunk, sunkShips and allSunk follow the shots', () => {
    const shots = shotsAt(...fleet['2'], { x: 0, y: 8 });
    expect(isSunk(fleet, '2', shots)).toBe(true);
    expect(isSunk(fleet, '4', shots)).toBe(false);
    expect(sunkShips(fleet, shots)).toEqual(['2']);
    expect(allSunk(fleet, shots)).toBe(false);
    expect(allSunk(fleet, new Set(SHIP_KEYS.flatMap((k) => fleet[k]).map(cellIndex)))).toBe(true);
  });

  it('property: shooting every cell in any order sinks each ship exactly once and wins exactly once', () => {
    fc.assert(
      fc.property(fleetFromSeedArb, seedArb, (target, orderSeed) => {
        const previous = new Set<number>();
        const sunk: string[] = [];
        let wins = 0;
        let won = false;
        for (const cell of shuffledCells(orderSeed)) {
          if (won) break;
          const outcome = resolveShot(target, previous, cell);
          const ship = SHIP_KEYS.find((k) => target[k].some((c) => sameCoord(c, cell)));
          previous.add(cellIndex(cell));
          // Oracle: D exactly when every cell of the hit ship has now been shot.
          const expected = ship === undefined ? 'M' : target[ship].every((c) => previous.has(cellIndex(c))) ? 'D' : 'H';
          // Plain check in the loop (up to 100 per run); expect() only with the evidence on failure.
          if (outcome.result !== expected || outcome.sunk !== (expected === 'D' ? ship : undefined)) {
            expect({ cell, outcome }).toEqual({ cell, outcome: { result: expected, sunk: ship } });
          }
          if (outcome.sunk !== undefined) sunk.push(outcome.sunk);
          if (outcome.won) {
            wins++;
            won = true;
          }
        }
        expect(wins).toBe(1);
        expect([...sunk].sort()).toEqual([...SHIP_KEYS]);
      }),
    );
  });
});
