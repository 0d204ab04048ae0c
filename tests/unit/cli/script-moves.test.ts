import { describe, expect, it } from 'vitest';
import { nextMove, scriptRules, trailingMisses } from '../../../cli/script/run';
import { ScriptSchema } from '../../../cli/script/schema';
import { CLASSIC_RULES, emptyGrid, makeRules } from '../../../src/game';

const shots = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 2, y: 0 },
];

describe('nextMove: the cells of one move of a script', () => {
  it('takes as many scripted shots as the turn allows, in order', () => {
    expect(nextMove(shots, 0, 2, emptyGrid())).toEqual({ cells: shots.slice(0, 2), fillers: 0 });
    expect(nextMove(shots, 2, 1, emptyGrid())).toEqual({ cells: [shots[2]], fillers: 0 });
  });

  it('fills a short last salvo with cells never shot, none of them twice', () => {
    const grid = emptyGrid();
    // This player already shot (3,0) and (4,0): the filler skips them and the scripted cell.
    for (const x of [3, 4]) {
      const row = grid[0];
      if (row) row[x] = 'M';
    }
    const move = nextMove(shots, 2, 4, grid);
    expect(move.fillers).toBe(3);
    expect(move.cells).toEqual([shots[2], { x: 0, y: 0 }, { x: 1, y: 0 }, { x: 5, y: 0 }]);
  });
});

describe('trailingMisses', () => {
  it('is true only when every shot left is a miss or expects nothing', () => {
    const planned = [{ expect: 'D' as const }, { expect: 'M' as const }, {}];
    expect(trailingMisses(planned, 1)).toBe(true);
    expect(trailingMisses(planned, 0)).toBe(false);
    expect(trailingMisses(planned, 3)).toBe(true);
  });
});

describe('scriptRules', () => {
  const base = { account: { register: true }, room: { create: true }, fleet: 'random', shots };
  it('is --rules, else the file’s rules, else classic', () => {
    const plain = ScriptSchema.parse(base);
    const salvo = ScriptSchema.parse({ ...base, rules: { shots: 'salvo' } });
    expect(scriptRules(plain)).toEqual(CLASSIC_RULES);
    expect(scriptRules(salvo)).toEqual(makeRules({ shots: 'salvo' }));
    expect(scriptRules(salvo, makeRules({ fleet: 'russian', touch: false }))).toEqual(
      makeRules({ fleet: 'russian', touch: false }),
    );
  });
});
