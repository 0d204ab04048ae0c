import { describe, expect, it } from 'vitest';
import {
  FLEET_CELLS,
  GAME_STATUSES,
  GRID_SIZE,
  isShipKey,
  MAX_PLAYERS,
  orientationOf,
  SHIP_KEYS,
  SHIP_LENGTHS,
  SHIP_NAMES,
  shipCells,
  shipLength,
} from '../../../src/game';

describe('fleet constants (docs/game.md, The rules)', () => {
  it('a 10x10 grid, two players, ships 0..4 of lengths 5, 4, 3, 3, 2', () => {
    expect(GRID_SIZE).toBe(10);
    expect(MAX_PLAYERS).toBe(2);
    expect(SHIP_KEYS).toEqual(['0', '1', '2', '3', '4']);
    expect(SHIP_KEYS.map((key) => shipLength(key))).toEqual([5, 4, 3, 3, 2]);
    expect(SHIP_LENGTHS).toEqual([5, 4, 3, 3, 2]);
    expect(FLEET_CELLS).toBe(17);
    expect(GAME_STATUSES).toEqual(['UNSTARTED', 'PLACE_SHIPS', 'PLAY', 'ENDED']);
  });

  it('every ship has a distinct display name', () => {
    expect(Object.keys(SHIP_NAMES).sort()).toEqual([...SHIP_KEYS]);
    expect(new Set(Object.values(SHIP_NAMES)).size).toBe(SHIP_KEYS.length);
  });

  it('recognises ship keys and nothing else', () => {
    // Ship numbers 0..9: the russian fleet has ten ships (docs/game.md, "Rule variants").
    for (const key of [...SHIP_KEYS, '5', '9']) expect(isShipKey(key)).toBe(true);
    for (const other of ['10', '-1', '', '00', 'carrier', '__proto__']) expect(isShipKey(other)).toBe(false);
  });
});

describe('shipCells', () => {
  it('runs right when horizontal and down when vertical, from the first cell', () => {
    expect(shipCells({ x: 2, y: 3 }, 3, 'horizontal')).toEqual([
      { x: 2, y: 3 },
      { x: 3, y: 3 },
      { x: 4, y: 3 },
    ]);
    expect(shipCells({ x: 2, y: 3 }, 3, 'vertical')).toEqual([
      { x: 2, y: 3 },
      { x: 2, y: 4 },
      { x: 2, y: 5 },
    ]);
    expect(orientationOf(shipCells({ x: 0, y: 0 }, 2, 'vertical'))).toBe('vertical');
  });
});
