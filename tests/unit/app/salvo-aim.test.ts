import { describe, expect, it } from 'vitest';
import {
  CLASSIC_RULES,
  type Cell,
  createRng,
  emptyGrid,
  makeRules,
  moveShip,
  randomFleet,
  touchingShips,
} from '../../../src/game';
import { aimCounter, aimsSalvo, keptAim, toggleAim } from '../../../src/app/rules/salvo-aim';
import { checkPlacement } from '../../../src/app/rules/placement-check';

const SALVO = makeRules({ shots: 'salvo' });

describe('aiming a salvo', () => {
  it('aims cell by cell up to the limit, takes an aim back, refuses a cell already shot', () => {
    const grid = emptyGrid();
    (grid[0] as Cell[])[3] = 'M';
    let aimed = toggleAim([], { x: 0, y: 0 }, 2, grid);
    expect(aimed.change).toBe('aimed');
    aimed = toggleAim(aimed.aimed, { x: 1, y: 0 }, 2, grid);
    expect(aimCounter(aimed.aimed, 2)).toEqual({ aimed: 2, limit: 2, ready: true });
    const full = toggleAim(aimed.aimed, { x: 2, y: 0 }, 2, grid);
    expect(full).toEqual({ aimed: aimed.aimed, change: 'full' });
    const back = toggleAim(aimed.aimed, { x: 0, y: 0 }, 2, grid);
    expect(back.change).toBe('unaimed');
    expect(back.aimed).toEqual([{ x: 1, y: 0 }]);
    expect(aimCounter(back.aimed, 2).ready).toBe(false);
    expect(toggleAim(back.aimed, { x: 3, y: 0 }, 2, grid).change).toBe('shot');
  });

  it('keeps only the aims still valid after a change of the view', () => {
    const grid = emptyGrid();
    const aimed = [
      { x: 0, y: 0 },
      { x: 5, y: 5 },
      { x: 9, y: 9 },
    ];
    expect(keptAim(aimed, 3, grid)).toBe(aimed);
    (grid[5] as Cell[])[5] = 'H';
    expect(keptAim(aimed, 3, grid)).toEqual([
      { x: 0, y: 0 },
      { x: 9, y: 9 },
    ]);
    // A ship of the shooter sank meanwhile: fewer shots, the last aims go.
    expect(keptAim(aimed, 1, emptyGrid())).toEqual([{ x: 0, y: 0 }]);
  });

  it('aims only under salvo rules', () => {
    expect(aimsSalvo(SALVO)).toBe(true);
    expect(aimsSalvo(CLASSIC_RULES)).toBe(false);
  });
});

describe('placement check', () => {
  it('names every touching ship under no-touch rules, and nothing when the ships may touch', () => {
    const rules = makeRules({ fleet: 'russian' });
    const fleet = randomFleet(createRng(5), rules);
    expect(checkPlacement(fleet, rules)).toEqual({ ok: true, refused: [] });
    // Boat 9 moved where it overlaps nothing but touches another ship.
    let touching = fleet;
    for (let i = 0; i < 100 && touching === fleet; i++) {
      const moved = moveShip(fleet, '9', { x: i % 10, y: Math.floor(i / 10) });
      if (moved.ok && touchingShips(moved.value).has('9')) touching = moved.value;
    }
    const check = checkPlacement(touching, rules);
    expect(check).toMatchObject({ ok: false, code: 'TOUCHING' });
    expect(check.refused).toContain('9');
    expect(check.refused.length).toBeGreaterThan(1);
    expect([...check.refused]).toEqual([...touchingShips(touching)].sort());
    expect(checkPlacement(touching, { ...rules, fleet: 'russian', touch: true }).refused).toEqual([]);
  });
});
