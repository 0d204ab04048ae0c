import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coordOf, fire, lastMove, makeRules, passTurn, type Rules, shotsAllowed } from '../../../src/game';
import { playOut, seedArb, unwrap, variantGame } from './helpers';

const VARIANTS: Rules[] = [
  makeRules({}),
  makeRules({ shots: 'salvo' }),
  makeRules({ shots: 'salvo', again: 'hit' }),
  makeRules({ fleet: 'russian', touch: false, shots: 'salvo' }),
  makeRules({ fleet: 'russian', touch: false, shots: 'salvo', again: 'hit' }),
  makeRules({ again: 'hit' }),
];

describe('lastMove: the shots of the last move, in the order fired', () => {
  it('is nothing before the first shot', () => {
    expect(lastMove(variantGame(makeRules({ shots: 'salvo' }), 1))).toEqual([]);
  });

  it("is the second salvo of a player whose opponent's turn the clock passed in between", () => {
    let state = variantGame(makeRules({ shots: 'salvo' }), 7);
    const shooter = state.turn ?? '';
    const salvo = (from: number) => Array.from({ length: shotsAllowed(state, shooter) }, (_, i) => coordOf(from + i));
    state = unwrap(fire(state, shooter, salvo(40))).state;
    state = unwrap(passTurn(state, state.turn ?? ''));
    expect(state.turn).toBe(shooter);
    const second = salvo(60);
    state = unwrap(fire(state, shooter, second)).state;
    expect(lastMove(state).map((s) => ({ x: s.x, y: s.y }))).toEqual(second);
  });

  for (const rules of VARIANTS) {
    it(`is exactly the move just made, after every move of a whole game (${JSON.stringify(rules)})`, () => {
      fc.assert(
        fc.property(seedArb, (seed) => {
          playOut(variantGame(rules, seed), seed, (before, after) => {
            expect(lastMove(after)).toEqual(after.shots.slice(before.shots.length));
          });
        }),
        { numRuns: 15 },
      );
    });
  }
});
