import { describe, expect, it } from 'vitest';
import { paceText, thinkTimes } from '../../../cli/load/think';
import { createRng } from '../../../src/game';

const draw = (paceMs: number, jitter: number, n: number, seed = 1): number[] => {
  const next = thinkTimes(paceMs, jitter, createRng(seed));
  return Array.from({ length: n }, next);
};

describe('thinkTimes', () => {
  it('thinks exactly the pace without jitter, and not at all without a pace', () => {
    expect(new Set(draw(2000, 0, 50))).toEqual(new Set([2000]));
    expect(new Set(draw(0, 0.5, 50))).toEqual(new Set([0]));
  });

  it('draws each think uniformly within pace × (1 ± jitter), around the pace', () => {
    const times = draw(2000, 0.5, 20_000);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...times)).toBeLessThan(3000);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    // A uniform draw on [1000, 3000) has a standard deviation of 577 ms: 20,000 draws put the mean
    // within ±13 ms of 2000 (3 standard errors).
    expect(Math.abs(mean - 2000)).toBeLessThan(13);
    // Spread over the whole range: each quarter of it holds about a quarter of the draws.
    for (let q = 0; q < 4; q++) {
      const share = times.filter((t) => t >= 1000 + 500 * q && t < 1500 + 500 * q).length / times.length;
      expect(share).toBeGreaterThan(0.23);
      expect(share).toBeLessThan(0.27);
    }
  });

  it('repeats the same think times from the same seed, and caps the jitter at the whole pace', () => {
    expect(draw(2000, 0.5, 10, 7)).toEqual(draw(2000, 0.5, 10, 7));
    expect(draw(2000, 0.5, 10, 7)).not.toEqual(draw(2000, 0.5, 10, 8));
    expect(Math.min(...draw(1000, 3, 5000))).toBeGreaterThanOrEqual(0);
  });

  it('prints the pace with its jitter', () => {
    expect(paceText(2000, 0)).toBe('2000 ms');
    expect(paceText(2000, 0.5)).toBe('2000 ms ± 50 %');
  });
});
