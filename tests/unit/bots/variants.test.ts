import { describe, expect, it } from 'vitest';
import { benchGame, PLACER_NAMES, placerNamed, SHOOTER_NAMES, shooterNamed } from '../../../src/bots';
import { readBoard, readKnowledge, UNKNOWN } from '../../../src/bots/knowledge';
import { conditionedSalvo, salvoOf } from '../../../src/bots/salvo';
import {
  CLASSIC_RULES,
  cellIndex,
  createRng,
  makeRules,
  type Rules,
  touchingShips,
  validateFleet,
} from '../../../src/game';
import { run, viewOf } from './helpers';

const VARIANTS: readonly Rules[] = [
  CLASSIC_RULES,
  makeRules({ touch: false }),
  makeRules({ shots: 'salvo' }),
  makeRules({ again: 'hit' }),
  makeRules({ fleet: 'russian' }),
  makeRules({ fleet: 'russian', shots: 'salvo', again: 'hit' }),
];

describe('bots under every rule variant (docs/game.md, "Rule variants")', () => {
  it('every placer deals a legal fleet of the rules', () => {
    for (const rules of VARIANTS)
      for (const name of PLACER_NAMES)
        for (let seed = 0; seed < 5; seed++) {
          const fleet = placerNamed(name).place(createRng(seed), rules);
          expect(validateFleet(fleet, rules).ok, `${name} ${seed}`).toBe(true);
          if (!rules.touch) expect(touchingShips(fleet).size).toBe(0);
        }
  });

  it('every shooter sinks every fleet of every variant, within 100 shots and never twice on a cell', () => {
    // playSolo throws a StrategyFault on a repeated, out-of-bounds or missing shot, or past 100 shots.
    for (const rules of VARIANTS)
      for (const name of SHOOTER_NAMES) {
        const game = benchGame(shooterNamed(name), placerNamed('random'), 11, 0, undefined, rules);
        expect(game.shots).toBeLessThanOrEqual(100);
        if (rules.shots === 'one') expect(game.moves).toBe(game.shots);
        else expect(game.moves).toBeLessThan(game.shots);
        if (rules.again === 'never') expect(game.turns).toBe(game.moves);
      }
  });

  it('under no-touch the cells around a sunk ship and the diagonals of a hit are known water', () => {
    const rows = ['..........', '.##.......', '..........', '......x...', '..........'];
    const sunk = { '4': run(1, 1, 2) };
    const touching = readBoard({ ...viewOf(rows, sunk), rules: CLASSIC_RULES });
    const noTouch = readBoard({ ...viewOf(rows, sunk), rules: makeRules({ touch: false }) });
    const around = [0, 1, 2, 3].map((x) => cellIndex({ x, y: 0 }));
    const diagonal = [cellIndex({ x: 5, y: 2 }), cellIndex({ x: 7, y: 4 })];
    const side = cellIndex({ x: 6, y: 2 });
    for (const c of [...around, ...diagonal]) {
      expect(touching.cells[c]).toBe(UNKNOWN);
      expect(noTouch.cells[c]).not.toBe(UNKNOWN);
      expect(noTouch.unknown).not.toContain(c);
    }
    expect(noTouch.cells[side]).toBe(UNKNOWN);
  });

  it('under no-touch no afloat ship is placed next to a hit it does not cover', () => {
    const k = readKnowledge({ ...viewOf(['.....', '..x..']), rules: makeRules({ touch: false }) });
    const hit = cellIndex({ x: 2, y: 1 });
    for (const ship of k.afloat)
      for (let j = 0; j < ship.candidates.length; j++) {
        const p = ship.candidates[j] ?? 0;
        const cells = Array.from(
          { length: ship.table.length },
          (_, i) => ship.table.cells[p * ship.table.length + i] ?? 0,
        );
        if (cells.includes(hit)) continue;
        const near = cells.some((c) => Math.abs((c % 10) - 2) <= 1 && Math.abs(Math.floor(c / 10) - 1) <= 1);
        expect(near).toBe(false);
      }
  });

  it('a russian fleet has ten ships afloat, four of them one cell long', () => {
    const k = readKnowledge({ ...viewOf([]), rules: makeRules({ fleet: 'russian' }) });
    expect(k.afloat.map((s) => s.table.length)).toEqual([4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
  });

  it('a salvo is as many distinct unshot cells as asked, for every shooter', () => {
    const view = { ...viewOf(['x.........', 'o.........']), rules: makeRules({ shots: 'salvo' }) };
    for (const name of SHOOTER_NAMES) {
      const cells = salvoOf(shooterNamed(name), view, 5, createRng(3));
      expect(cells).toHaveLength(5);
      expect(new Set(cells.map(cellIndex)).size).toBe(5);
      for (const c of cells) expect(view.grid[c.y]?.[c.x]).toBe('E');
    }
  });

  it('a salvo around a line of hits takes both of its open ends', () => {
    const view = { ...viewOf(['.xx.......']), rules: makeRules({ shots: 'salvo' }) };
    const cells = conditionedSalvo(shooterNamed('density'), view, 2, createRng(1));
    // Both open ends of the line of hits, rather than one end and a cell beside it.
    expect(cells.map(cellIndex).sort((a, b) => a - b)).toEqual([0, 3]);
  });
});
