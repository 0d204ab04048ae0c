import { GRID_SIZE } from '../game';

/**
 * The water's slow swell (issue #13): a few short wave crests per grid that drift and breathe.
 * Pure: positions from a time and a seed, in cell units of one grid, so it is tested without Pixi
 * and every grid gets its own pattern. The stage redraws them only a few times a second
 * (RIPPLE_STEP_MS): the motion is slow, and each redraw costs a frame on a software renderer.
 */
export interface Crest {
  /** Start of the crest, in cells from the grid's corner. */
  readonly x: number;
  readonly y: number;
  /** Length along x, in cells. */
  readonly length: number;
  /** 0..1: how visible this crest is now. */
  readonly strength: number;
}

export const RIPPLE_COUNT = 14;
export const RIPPLE_STEP_MS = 125;
/** One drift across the grid takes this long: slow enough to stay in the background. */
const DRIFT_PERIOD_MS = 40_000;

/** A small deterministic hash to spread crests without a random generator. */
function hash(n: number): number {
  const s = Math.sin(n * 127.1 + 311.7) * 43758.5453;
  return s - Math.floor(s);
}

export function crests(timeMs: number, seed: number, count = RIPPLE_COUNT): Crest[] {
  const out: Crest[] = [];
  const drift = (timeMs / DRIFT_PERIOD_MS) * GRID_SIZE;
  for (let i = 0; i < count; i++) {
    const h1 = hash(seed * 31 + i);
    const h2 = hash(seed * 17 + i * 7 + 3);
    const h3 = hash(seed * 13 + i * 5 + 11);
    const length = 0.6 + h3 * 0.9;
    // Each crest drifts to the right and wraps; it stays wholly inside the grid.
    const span = GRID_SIZE - length;
    const x = (((h1 * span + drift * (0.6 + h2 * 0.4)) % span) + span) % span;
    const y = 0.3 + h2 * (GRID_SIZE - 0.6);
    // Crests fade in and out on their own phase, so the surface breathes rather than scrolls.
    const phase = (timeMs / 3000 + h3 * 6.283) % 6.283;
    out.push({ x, y, length, strength: 0.5 + 0.5 * Math.sin(phase) });
  }
  return out;
}

/** The time of the last redraw step at or before `timeMs`: the drawing changes only on steps. */
export function rippleStep(timeMs: number): number {
  return Math.floor(timeMs / RIPPLE_STEP_MS) * RIPPLE_STEP_MS;
}
