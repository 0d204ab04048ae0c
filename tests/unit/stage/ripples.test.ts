import { describe, expect, it } from 'vitest';
import { GRID_SIZE } from '../../../src/game';
import { crests, RIPPLE_COUNT, RIPPLE_STEP_MS, rippleStep } from '../../../src/stage/ripples';

describe('water ripples', () => {
  it('keeps every crest inside the grid, at any time', () => {
    for (const t of [0, 1234, 60_000, 3_600_000]) {
      for (const c of crests(t, 1)) {
        expect(c.x).toBeGreaterThanOrEqual(0);
        expect(c.x + c.length).toBeLessThanOrEqual(GRID_SIZE);
        expect(c.y).toBeGreaterThan(0);
        expect(c.y).toBeLessThan(GRID_SIZE);
        expect(c.strength).toBeGreaterThanOrEqual(0);
        expect(c.strength).toBeLessThanOrEqual(1);
      }
    }
  });

  it('moves slowly: a step shifts no crest by more than a tenth of a cell', () => {
    const before = crests(10_000, 2);
    const after = crests(10_000 + RIPPLE_STEP_MS, 2);
    expect(after).toHaveLength(RIPPLE_COUNT);
    after.forEach((c, i) => {
      const dx = Math.abs(c.x - (before[i]?.x ?? 0));
      // Wrapping around the grid is the one allowed jump.
      if (dx < GRID_SIZE / 2) expect(dx).toBeLessThan(0.1);
    });
  });

  it('gives each grid its own pattern and the same pattern for the same time', () => {
    expect(crests(500, 1)).toEqual(crests(500, 1));
    expect(crests(500, 1)).not.toEqual(crests(500, 2));
  });

  it('redraws on steps only', () => {
    expect(rippleStep(RIPPLE_STEP_MS * 3 + 7)).toBe(RIPPLE_STEP_MS * 3);
    expect(rippleStep(RIPPLE_STEP_MS * 3 + 7)).toBe(rippleStep(RIPPLE_STEP_MS * 4 - 1));
  });
});
