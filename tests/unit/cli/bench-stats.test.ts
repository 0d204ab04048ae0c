import { describe, expect, it } from 'vitest';
import { compareShots } from '../../../cli/bench/compare';
import { benchShots } from '../../../cli/bench/run';
import { meanError, t95 } from '../../../cli/stats';
import { CLASSIC_RULES } from '../../../src/game';

// bench's figures (docs/cli.md, "bench"): the mean with its standard error and Student's 95 %
// interval, per rule set, moves under salvo, and the paired difference of two participants.
describe('a mean with its error', () => {
  it("takes Student's t quantiles (table values to 1e-3)", () => {
    for (const [df, q] of [
      [1, 12.706],
      [4, 2.776],
      [5, 2.571],
      [11, 2.201],
      [15, 2.131],
      [9, 2.262],
      [30, 2.042],
      [100, 1.984],
      [100_000, 1.96],
    ] as const)
      expect(t95(df)).toBeCloseTo(q, 3);
  });

  it('gives the sample sd, the standard error and the interval of 1..10', () => {
    const m = meanError([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(m?.mean).toBe(5.5);
    expect(m?.sd).toBeCloseTo(3.02765, 5);
    expect(m?.se).toBeCloseTo(0.957427, 6);
    expect(m?.ci95[0]).toBeCloseTo(5.5 - 2.262157 * 0.957427, 3);
    expect(m?.ci95[1]).toBeCloseTo(5.5 + 2.262157 * 0.957427, 3);
    expect(meanError([])).toBeNull();
    expect(meanError([7])).toMatchObject({ mean: 7, se: 0, ci95: [7, 7] });
  });
});

describe('two participants on the same fleets', () => {
  it('pairs game by game, leaves out a game either lost by a fault, and gives the likelihood a needs fewer', () => {
    const a = Int32Array.from([40, 50, -1, 60]);
    const b = Int32Array.from([42, 53, 45, 61]);
    const c = compareShots('classic', 'a', 'b', a, b);
    expect(c.games).toBe(3);
    expect(c.difference?.mean).toBe(-2);
    expect(c.difference?.se).toBeCloseTo(Math.sqrt(1 / 3), 3);
    expect(c.los).toBeGreaterThan(0.95);
    expect(compareShots('classic', 'a', 'a', a, a)).toMatchObject({ difference: { mean: 0, se: 0 }, los: 0.5 });
    expect(compareShots('classic', 'a', 'b', Int32Array.from([-1]), b)).toMatchObject({ games: 0, difference: null });
  });

  it('cancels the luck of the fleets: the paired error is below the two errors side by side', async () => {
    const run = (strategy: string) =>
      benchShots({ strategy, placement: 'random', games: 300, seed: 5, workers: 1, rules: CLASSIC_RULES });
    const [density, hunt] = [await run('density'), await run('hunt')];
    const c = compareShots('classic', 'density', 'hunt', density.shots, hunt.shots);
    const apart = Math.hypot(density.result.standardError, hunt.result.standardError);
    expect(c.difference?.mean).toBeCloseTo(density.result.mean - hunt.result.mean, 2);
    expect(c.difference?.se ?? Number.POSITIVE_INFINITY).toBeLessThan(apart);
  }, 120_000);

  it('counts a salvo as one move, and as many shots as it fires', async () => {
    const salvo = await benchShots({
      strategy: 'hunt',
      placement: 'random',
      games: 40,
      seed: 2,
      workers: 1,
      rules: { ...CLASSIC_RULES, shots: 'salvo' },
    });
    const one = await benchShots({ strategy: 'hunt', placement: 'random', games: 40, seed: 2, workers: 1 });
    expect(salvo.result.rules).toBe('fleet=classic,touch=yes,shots=salvo,again=never');
    expect(salvo.result.moves.mean).toBeLessThan(salvo.result.mean / 2);
    expect(one.result.moves.mean).toBe(one.result.mean);
    expect(one.result.ci95[0]).toBeLessThan(one.result.mean);
    expect(one.result.ci95[1]).toBeGreaterThan(one.result.mean);
    expect(one.result.standardError).toBeGreaterThan(0);
  }, 120_000);
});
