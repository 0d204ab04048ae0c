import { describe, expect, it } from 'vitest';
import { runBench } from '../../../cli/bench/run';
import { percentile, summarize, wilson } from '../../../cli/stats';

const figures = ({ mean, median, p95, max, games }: Awaited<ReturnType<typeof runBench>>) => ({
  mean,
  median,
  p95,
  max,
  games,
});

describe('bench', () => {
  it('gives the same figures for a seed, whatever the number of workers', async () => {
    const config = { strategy: 'hunt', placement: 'random', games: 24, seed: 7, workers: 1 };
    const one = await runBench(config);
    const again = await runBench(config);
    const two = await runBench({ ...config, workers: 2 });
    expect(figures(again)).toEqual(figures(one));
    expect(figures(two)).toEqual(figures(one));
    expect(figures(await runBench({ ...config, seed: 8 }))).not.toEqual(figures(one));
  }, 60_000);

  it('reports think time per shot and refuses unknown strategies', async () => {
    const result = await runBench({ strategy: 'density', placement: 'edge', games: 5, seed: 1, workers: 1 });
    expect(result.msPerShot.p99).toBeGreaterThan(0);
    expect(result.gamesPerSecond).toBeGreaterThan(0);
    await expect(runBench({ strategy: 'nope', placement: 'random', games: 1, seed: 1, workers: 1 })).rejects.toThrow(
      /unknown shot strategy/,
    );
  });
});

describe('stats', () => {
  it('takes percentiles by nearest rank', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 95)).toBe(10);
    expect(summarize([3, 1, 2])).toEqual({ count: 3, mean: 2, median: 2, p95: 3, max: 3 });
  });

  it('gives the Wilson interval, inside [0, 1] even at the extremes', () => {
    const half = wilson(50, 100);
    expect(half.low).toBeCloseTo(0.4038, 3);
    expect(half.high).toBeCloseTo(0.5962, 3);
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 3);
    expect(wilson(10, 10).high).toBeCloseTo(1, 9);
  });
});
