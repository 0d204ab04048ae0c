import type { Rng } from '../game';

/** The span a computer player waits before each move, in milliseconds (both 0 in tests). */
export interface ThinkingTime {
  readonly minMs: number;
  readonly maxMs: number;
}

export const DEFAULT_THINKING_TIME: ThinkingTime = { minMs: 500, maxMs: 1500 };

/**
 * How long to wait before the next move: uniform in [minMs, maxMs], drawn from the bot's rng, so a
 * game against the computer has the pace of one against a person and replays exactly from a seed.
 * A reversed span is read in order; negative bounds count as 0.
 */
export function thinkingDelay(time: ThinkingTime, rng: Rng): number {
  const low = Math.max(0, Math.min(time.minMs, time.maxMs));
  const high = Math.max(0, Math.max(time.minMs, time.maxMs));
  if (high === low) return low;
  return Math.round(low + rng.next() * (high - low));
}
