import { describe, expect, it } from 'vitest';
import { simulateSprt } from '../../../cli/tournament/simulate';
import {
  eloEstimate,
  eloToScore,
  erf,
  llr,
  moments,
  PAIR_SCORES,
  parseSprt,
  scoreToElo,
  sprtBounds,
  sprtState,
} from '../../../cli/tournament/sprt';

const CONFIG = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };

describe('SPRT parameters', () => {
  it('parses named and positional forms and refuses nonsense', () => {
    expect(parseSprt('elo0=0,elo1=10,alpha=0.05,beta=0.05')).toEqual(CONFIG);
    expect(parseSprt('0,10,0.05,0.05')).toEqual(CONFIG);
    expect(parseSprt('elo0=10,elo1=0,alpha=0.05,beta=0.05')).toBe('elo0 must be less than elo1');
    expect(parseSprt('elo0=0,elo1=10,alpha=0.7,beta=0.05')).toMatch(/alpha and beta/);
    expect(parseSprt('elo0=0,elo1=10')).toMatch(/expected/);
    expect(parseSprt('elo0=0,elo1=x,alpha=0.05,beta=0.05')).toMatch(/elo1 must be a number/);
  });

  it('has the Wald bounds ln(β/(1−α)) and ln((1−β)/α)', () => {
    const { lower, upper } = sprtBounds(CONFIG);
    expect(lower).toBeCloseTo(-2.944439, 5);
    expect(upper).toBeCloseTo(2.944439, 5);
  });
});

describe('GSPRT log-likelihood ratio', () => {
  it('matches a value worked out by hand for pentanomial pair counts', () => {
    // 10 pairs both lost, 20 split, 30 both won, plus half a pair of each (the prior): mean
    // 40.75/61.5, variance 0.13734; LLR = 60·(s1 − s0)·(2·mean − s0 − s1)/(2·variance).
    expect(llr([10, 20, 30], PAIR_SCORES, CONFIG)).toBeCloseTo(0.956682, 4);
    // Without the prior, the textbook figure.
    expect(moments([10, 20, 30], PAIR_SCORES, 0).variance).toBeCloseTo(0.138889, 5);
  });

  it('is zero without games and negative when the first player scores below the hypotheses', () => {
    expect(llr([0, 0, 0], PAIR_SCORES, CONFIG)).toBe(0);
    expect(llr([30, 20, 10], PAIR_SCORES, CONFIG)).toBeLessThan(0);
    expect(sprtState([400, 200, 100], PAIR_SCORES, CONFIG).result).toBe('H0');
    expect(sprtState([100, 200, 400], PAIR_SCORES, CONFIG).result).toBe('H1');
    expect(sprtState([10, 20, 10], PAIR_SCORES, CONFIG).result).toBe('none');
  });

  it('decides nothing on a single pair', () => {
    expect(sprtState([0, 0, 1], PAIR_SCORES, { ...CONFIG, elo1: 40 }).result).toBe('none');
    expect(sprtState([1, 0, 0], PAIR_SCORES, { ...CONFIG, elo1: 40 }).result).toBe('none');
  });

  it('accepts H0 for identical players and H1 for the stronger one at the rates α and β imply', () => {
    // Deterministic: a seeded simulation of 300 matches each (docs/engines.md, "Statistics").
    const config = { elo0: 0, elo1: 40, alpha: 0.05, beta: 0.05 };
    const same = simulateSprt(config, 0, 300, 1);
    // α = β = 0.05: about 285 of 300 right; 1000 runs measured 945 and 956.
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

describe('Elo estimate', () => {
  it('converts scores and Elo both ways', () => {
    expect(eloToScore(0)).toBe(0.5);
    expect(scoreToElo(eloToScore(123))).toBeCloseTo(123, 8);
    expect(erf(0)).toBeCloseTo(0, 6);
    expect(erf(1)).toBeCloseTo(0.842701, 6);
  });

  it('gives the difference, its 95% error and the LOS', () => {
    const e = eloEstimate([10, 20, 30], PAIR_SCORES, 80, 40);
    expect(e.value).toBeCloseTo(117.244, 2);
    expect(e.error).toBeCloseTo(75.15, 1);
    expect(e.los).toBeCloseTo(0.99987, 4);
    const even = eloEstimate([5, 10, 5], PAIR_SCORES, 20, 20);
    expect(even.value).toBeCloseTo(0, 8);
    expect(even.los).toBeCloseTo(0.5, 8);
  });
});
