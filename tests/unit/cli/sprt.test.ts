import { describe, expect, it } from 'vitest';
import { simulateSprt } from '../../../cli/tournament/simulate';
import {
  eloToScore,
  erf,
  llr,
  type Pentanomial,
  parseSprt,
  pentanomialElo,
  scoreToElo,
  sprtBounds,
  sprtState,
} from '../../../cli/tournament/sprt';

const CONFIG = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'logistic' as const };
/** fastchess's Stats(ll, ld, wl, dd, wd, ww) as our [LL, LD, DD+WL, WD, WW]. */
const penta = (ll: number, ld: number, wl: number, dd: number, wd: number, ww: number): Pentanomial => [
  ll,
  ld,
  wl + dd,
  wd,
  ww,
];

describe('SPRT parameters', () => {
  it('takes alpha and beta as 0.05 when left out, as fastchess and fishtest testers type it', () => {
    expect(parseSprt('elo0=0,elo1=10')).toEqual(CONFIG);
    expect(parseSprt('elo0=0 elo1=10 alpha=0.05 beta=0.05')).toEqual(CONFIG);
    expect(parseSprt('0,10,0.05,0.05')).toEqual(CONFIG);
    expect(parseSprt('0,10')).toEqual(CONFIG);
    expect(parseSprt('elo0=-2,elo1=3,beta=0.1,model=normalized')).toEqual({
      elo0: -2,
      elo1: 3,
      alpha: 0.05,
      beta: 0.1,
      model: 'normalized',
    });
  });

  it('refuses nonsense with the reason', () => {
    expect(parseSprt('elo0=10,elo1=0')).toBe('elo0 must be less than elo1');
    expect(parseSprt('elo0=0,elo1=10,alpha=0.7')).toMatch(/alpha and beta/);
    expect(parseSprt('elo0=0')).toMatch(/expected elo0=/);
    expect(parseSprt('elo0=0,elo1=x')).toMatch(/elo1 must be a number/);
    expect(parseSprt('elo0=0,elo1=5,model=bayes')).toMatch(/model must be logistic or normalized/);
    expect(parseSprt('elo0=0,elo1=5,delta=3')).toMatch(/unknown SPRT parameter "delta"/);
  });

  it('has the Wald bounds ln(β/(1−α)) and ln((1−β)/α)', () => {
    const { lower, upper } = sprtBounds(CONFIG);
    expect(lower).toBeCloseTo(-2.944439, 5);
    expect(upper).toBeCloseTo(2.944439, 5);
  });
});

describe('GSPRT log-likelihood ratio, as fastchess computes it', () => {
  it.each([
    // fastchess's own test values (app/tests/sprt_test.cpp): pentanomial counts, bounds, model, LLR.
    [penta(365, 16618, 36029, 200, 16974, 390), 0, 2, 'normalized', 2.25],
    [penta(127, 4883, 10311, 401, 5150, 104), -1.75, 0.25, 'normalized', 3.01],
    [penta(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, 'logistic', -3.07],
    [penta(871, 26175, 55003, 980, 26678, 821), 0, 2, 'logistic', -4.98],
  ] as const)('%j between %d and %d (%s): %d', (counts, elo0, elo1, model, expected) => {
    expect(llr(counts, { elo0, elo1, alpha: 0.05, beta: 0.05, model })).toBeCloseTo(expected, 2);
  });

  it('equals the closed form where each hypothesis fixes the distribution (two outcomes)', () => {
    // LLR = N·Σ p̂ ln(p1/p0): check against the closed form of two outcomes, where the constrained
    // maximum is the hypothesis itself: p(win) = s.
    const counts: Pentanomial = [30, 0, 0, 0, 70];
    const s0 = eloToScore(0);
    const s1 = eloToScore(10);
    const byHand = 30 * Math.log((1 - s1) / (1 - s0)) + 70 * Math.log(s1 / s0);
    // The regularized zero outcomes (0.001 each) shift it by under 0.1%.
    expect(llr(counts, CONFIG)).toBeCloseTo(byHand, 2);
  });

  it('is zero without pairs, negative below the hypotheses, and decides nothing on a single pair', () => {
    expect(llr([0, 0, 0, 0, 0], CONFIG)).toBe(0);
    expect(llr([30, 0, 20, 0, 10], CONFIG)).toBeLessThan(0);
    expect(sprtState([400, 0, 200, 0, 100], CONFIG).result).toBe('H0');
    expect(sprtState([100, 0, 200, 0, 400], CONFIG).result).toBe('H1');
    expect(sprtState([0, 0, 0, 0, 1], { ...CONFIG, elo1: 40 }).result).toBe('none');
    expect(sprtState([1, 0, 0, 0, 0], { ...CONFIG, elo1: 40 }).result).toBe('none');
  });

  it('accepts H0 for identical players and H1 for the stronger one at the rates α and β imply', () => {
    // Deterministic: a seeded simulation of 300 matches each (docs/engines.md, "Statistics").
    const config = { elo0: 0, elo1: 40, alpha: 0.05, beta: 0.05 };
    const same = simulateSprt(config, 0, 300, 1);
    expect(same.H0 / 300).toBeGreaterThan(0.9);
    expect(same.H1 / 300).toBeLessThan(0.1);
    const stronger = simulateSprt(config, 40, 300, 2);
    expect(stronger.H1 / 300).toBeGreaterThan(0.9);
    expect(stronger.H0 / 300).toBeLessThan(0.1);
    const much = simulateSprt(config, 200, 100, 3);
    expect(much.H1).toBe(100);
    expect(much.meanPairs).toBeLessThan(same.meanPairs);
  });
});

describe('Elo of whole pairs', () => {
  it('converts scores and Elo both ways', () => {
    expect(eloToScore(0)).toBe(0.5);
    expect(scoreToElo(eloToScore(123))).toBeCloseTo(123, 8);
    expect(erf(0)).toBeCloseTo(0, 6);
    expect(erf(1)).toBeCloseTo(0.842701, 6);
  });

  it.each([
    // fastchess's own test values (app/tests/elo_test.cpp): Elo, error, nElo, its error, LOS %.
    [penta(34, 54, 31, 32, 64, 75), 55.58, 27.65, 57.94, 28.28, 100.0],
    [penta(332, 433, 457, 41, 333, 334), -8.64, 10.33, -9.17, 10.96, 5.05],
    [penta(7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95, -19.01, 2.65, 0],
  ] as const)('%j: Elo %d ± %d, nElo %d ± %d, LOS %d %', (counts, elo, error, nElo, nEloError, los) => {
    const e = pentanomialElo(counts);
    expect(e.value).toBeCloseTo(elo, 1);
    expect(e.error).toBeCloseTo(error, 1);
    expect(e.nElo).toBeCloseTo(nElo, 1);
    expect(e.nEloError).toBeCloseTo(nEloError, 1);
    expect(e.los * 100).toBeCloseTo(los, 1);
  });

  it('gives a perfect score a bound, as Ordo does, not infinity', () => {
    const e = pentanomialElo([0, 0, 0, 0, 10]);
    expect(e.bound).toBe('floor');
    expect(e.value).toBeCloseTo(scoreToElo(19.5 / 20), 8);
    expect(e.error).toBeNull();
    expect(pentanomialElo([10, 0, 0, 0, 0]).bound).toBe('ceiling');
  });
});
