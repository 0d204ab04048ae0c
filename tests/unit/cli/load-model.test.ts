import { describe, expect, it, vi } from 'vitest';
import { drive, type Model, plan, plannedIterations } from '../../../cli/load/drive';
import { isLoopback } from '../../../cli/load/loopback';
import { niceTicks } from '../../../cli/load/svg-chart';
import { addExamples, EXAMPLES_PER_CODE, Timeline, WINDOW_MS } from '../../../cli/load/timeline';
import { LatencyBook } from '../../../src/bots/latency';

describe('load model plan', () => {
  it('closed: splits games and lanes among workers, ramping lanes across the whole run', () => {
    const model: Model = { kind: 'closed', count: 10, concurrency: 4, rampSeconds: 8 };
    const a = plan(model, { index: 0, of: 2 });
    const b = plan(model, { index: 1, of: 2 });
    expect(a.indices).toEqual([0, 1, 2, 3, 4]);
    expect(b.indices).toEqual([5, 6, 7, 8, 9]);
    expect(a.lanes).toEqual([0, 2000]);
    expect(b.lanes).toEqual([4000, 6000]);
    expect(plannedIterations(model)).toBe(10);
  });

  it('open: workers take every n-th arrival and share the in-flight cap', () => {
    const model: Model = { kind: 'open', ratePerSecond: 2.5, durationSeconds: 3, maxInFlight: 5 };
    expect(plannedIterations(model)).toBe(7);
    const a = plan(model, { index: 0, of: 2 });
    const b = plan(model, { index: 1, of: 2 });
    expect(a.indices).toEqual([0, 2, 4, 6]);
    expect(b.indices).toEqual([1, 3, 5]);
    expect(a.cap + b.cap).toBe(5);
  });
});

describe('drive', () => {
  it('closed with a duration: starts nothing after it and ends then, cutting off what is in flight', async () => {
    vi.useFakeTimers();
    try {
      const started: number[] = [];
      const outcomes: boolean[] = [];
      const model: Model = { kind: 'closed', count: 100, concurrency: 2, rampSeconds: 0, durationSeconds: 1 };
      const run = drive(model, { index: 0, of: 1 }, Date.now(), {
        run: (index) => {
          started.push(index);
          return new Promise((resolve) => setTimeout(resolve, 300));
        },
        finished: (ok) => outcomes.push(ok),
      });
      let ended = false;
      void run.then(() => (ended = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(ended).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(ended).toBe(true);
      // Two lanes, one game each 300 ms: three finished per lane by 1 s, the fourth cut off.
      expect(outcomes).toEqual([true, true, true, true, true, true]);
      expect(started).toHaveLength(8);
      await vi.advanceTimersByTimeAsync(5000);
      expect(started).toHaveLength(8);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Timeline', () => {
  it('counts iterations and latencies per 10 s interval and merges other threads’ windows', () => {
    const start = Date.now() - 2.5 * WINDOW_MS;
    const a = new Timeline(start);
    a.record('shoot', 5);
    a.finished(true);
    a.finished(false, 'TIMEOUT');
    const b = new Timeline(start);
    b.finished(true);
    b.record('shoot', 7);
    a.mergeWindows(b.snapshot());
    const intervals = a.intervals(start + 2.5 * WINDOW_MS);
    expect(intervals).toHaveLength(3);
    expect(intervals.slice(0, 2).every((i) => i.done === 0 && i.seconds === 10)).toBe(true);
    expect(intervals[2]).toMatchObject({ startSecond: 20, seconds: 5, done: 2, failed: 1, errors: { TIMEOUT: 1 } });
    expect(intervals[2]?.latencyMs.shoot?.count).toBe(2);
    expect(a.errors).toEqual({ TIMEOUT: 1 });
  });

  it('keeps a few distinct messages per error code as examples, across threads', () => {
    const a = new Timeline(Date.now());
    a.finished(false, 'TIMEOUT', 'waiting for my turn');
    a.finished(false, 'TIMEOUT', 'waiting for my turn');
    a.finished(false, 'WRONG_STATUS', 'shoot (9,9): WRONG_STATUS');
    a.finished(false, 'TIMEOUT');
    expect(a.examples).toEqual({ TIMEOUT: ['waiting for my turn'], WRONG_STATUS: ['shoot (9,9): WRONG_STATUS'] });
    const merged: Record<string, string[]> = {};
    addExamples(merged, a.examples);
    addExamples(merged, { TIMEOUT: ['a', 'b', 'c', 'd'] });
    expect(merged.TIMEOUT).toEqual(['waiting for my turn', 'a', 'b']);
    expect(merged.TIMEOUT).toHaveLength(EXAMPLES_PER_CODE);
  });
});

describe('LatencyBook histogram bars', () => {
  it('puts every value in one log-spaced bar and merges bars across books', () => {
    const a = new LatencyBook();
    for (const ms of [1, 1, 2, 4, 4.1]) a.record('shoot', ms);
    const b = new LatencyBook();
    b.merge(a.snapshot());
    b.record('shoot', 0.5);
    const bars = b.buckets('shoot');
    expect(bars.reduce((n, bar) => n + bar.count, 0)).toBe(6);
    for (let i = 1; i < bars.length; i++) expect(bars[i]?.fromMs).toBe(bars[i - 1]?.toMs);
    expect(bars[0]?.fromMs).toBeLessThanOrEqual(0.5);
    expect(bars.at(-1)?.toMs).toBeGreaterThan(4.1);
    expect(b.percentiles('shoot')?.count).toBe(6);
  });
});

describe('isLoopback', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://127.8.0.1', true],
    ['http://[::1]:3000', true],
    ['http://192.0.2.1:3000', false],
    ['https://example.com', false],
    ['http://localhost.example.com', false],
  ])('%s → %s', (origin, expected) => {
    expect(isLoopback(origin)).toBe(expected);
  });
});

describe('niceTicks', () => {
  it('covers the maximum with round steps', () => {
    expect(niceTicks(9.3)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1234).at(-1)).toBeGreaterThanOrEqual(1234);
  });
});
