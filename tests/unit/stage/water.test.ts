import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clearPlan,
  deviceBox,
  mix,
  type Rect,
  type Rgb,
  scissorBox,
  uncovered,
  waterRects,
} from '../../../src/stage/water';

/** How many times each pixel of a width×height canvas is covered by the rectangles. */
function coverage(width: number, height: number, rects: readonly Rect[]): number[] {
  const counts = new Array<number>(width * height).fill(0);
  for (const r of rects) {
    for (let y = r.y; y < r.y + r.height; y++) {
      for (let x = r.x; x < r.x + r.width; x++) counts[y * width + x] = (counts[y * width + x] ?? 0) + 1;
    }
  }
  return counts;
}

const WATER: Rgb = [0.1, 0.3, 0.5];
const PAGE: Rgb = [0, 0, 0.1];

describe('waterRects', () => {
  it('gives one square per grid shown, ten cells wide, named by its grid', () => {
    const player = { x: 30, y: 40, cell: 44 };
    expect(waterRects({ player, opponent: null })).toEqual([
      { board: 'player', rect: { x: 30, y: 40, width: 440, height: 440 } },
    ]);
    expect(waterRects({ player, opponent: { x: 560, y: 40, cell: 44 } }).map((w) => w.board)).toEqual([
      'player',
      'opponent',
    ]);
    expect(waterRects({ player: null, opponent: null })).toEqual([]);
  });
});

describe('deviceBox and scissorBox', () => {
  it('turns CSS rectangles into device pixels, then counts rows from the bottom for WebGL', () => {
    // A 100×50 CSS stage at 2×: the canvas is 200×100 device pixels.
    const box = deviceBox({ x: 10, y: 5, width: 20, height: 30 }, 2);
    expect(box).toEqual({ x: 20, y: 10, width: 40, height: 60 });
    expect(scissorBox(box, 100)).toEqual({ x: 20, y: 30, width: 40, height: 60 });
  });

  it('rounds each edge once, so boxes that touch in CSS pixels still touch on the device', () => {
    const a = deviceBox({ x: 0, y: 0, width: 10.3, height: 10 }, 1.5);
    const b = deviceBox({ x: 10.3, y: 0, width: 10.3, height: 10 }, 1.5);
    expect(a.x + a.width).toBe(b.x);
  });
});

describe('uncovered', () => {
  it('gives the frame around two grids side by side as a few bands', () => {
    const grids = [
      { x: 10, y: 20, width: 40, height: 40 },
      { x: 60, y: 20, width: 40, height: 40 },
    ];
    const rest = uncovered(110, 70, grids);
    expect(rest).toEqual(
      expect.arrayContaining([
        { x: 0, y: 0, width: 110, height: 20 },
        { x: 0, y: 20, width: 10, height: 40 },
        { x: 50, y: 20, width: 10, height: 40 },
        { x: 100, y: 20, width: 10, height: 40 },
        { x: 0, y: 60, width: 110, height: 10 },
      ]),
    );
    expect(rest).toHaveLength(5);
  });

  it('with the boxes, covers every pixel of the canvas exactly once', () => {
    const rect = fc.record({
      x: fc.integer({ min: -3, max: 24 }),
      y: fc.integer({ min: -3, max: 24 }),
      width: fc.integer({ min: 1, max: 12 }),
      height: fc.integer({ min: 1, max: 12 }),
    });
    const overlap = (a: Rect, b: Rect) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 24 }), fc.array(rect), (w, h, drawn) => {
        // Grids never overlap: keep each drawn box that misses the ones kept before it.
        const boxes: Rect[] = [];
        for (const r of drawn) if (!boxes.some((k) => overlap(k, r))) boxes.push(r);
        const clipped = boxes.map((b) => {
          const x = Math.max(0, b.x);
          const y = Math.max(0, b.y);
          return {
            x,
            y,
            width: Math.max(0, Math.min(w, b.x + b.width) - x),
            height: Math.max(0, Math.min(h, b.y + b.height) - y),
          };
        });
        const counts = coverage(w, h, [...uncovered(w, h, boxes), ...clipped]);
        expect(counts.every((c) => c === 1)).toBe(true);
      }),
    );
  });
});

describe('mix', () => {
  it('is the colour a layer of `to` at that opacity gives over `from`', () => {
    expect(mix(PAGE, WATER, 1)).toEqual(WATER);
    expect(mix(PAGE, WATER, 0)).toEqual(PAGE);
    const half = mix([0, 0, 0], [1, 0.5, 0.2], 0.5);
    expect(half[0]).toBeCloseTo(0.5);
    expect(half[1]).toBeCloseTo(0.25);
    expect(half[2]).toBeCloseTo(0.1);
  });
});

describe('clearPlan', () => {
  const canvas = { width: 100, height: 50 };
  const left = { x: 2, y: 2, width: 46, height: 46 };
  const right = { x: 52, y: 2, width: 46, height: 46 };
  /** Both grids side by side, the right one in `rightColour`. */
  const sideBySide = (rightColour: Rgb) =>
    clearPlan(
      canvas,
      [
        { box: left, color: WATER },
        { box: right, color: rightColour },
      ],
      PAGE,
    );

  it('clears the whole canvas to the water when the grids cover most of it, and scissors the page colour around them', () => {
    const plan = sideBySide(WATER);
    expect(plan.base).toEqual(WATER);
    expect(plan.boxes.every((b) => b.color === PAGE)).toBe(true);
    expect(plan.boxes.reduce((sum, b) => sum + b.box.width * b.box.height, 0)).toBe(100 * 50 - 2 * 46 * 46);
  });

  it('gives a dimmed grid its own clear in its blended colour', () => {
    const dim = mix(PAGE, WATER, 0.55);
    const plan = sideBySide(dim);
    expect(plan.base).toEqual(WATER);
    expect(plan.boxes).toContainEqual({ box: right, color: dim });
    expect(plan.boxes.some((b) => b.box === left)).toBe(false);
  });

  it('clears to the page colour when it covers most of the canvas, and then scissors the grids', () => {
    const plan = clearPlan({ width: 200, height: 200 }, [{ box: left, color: WATER }], PAGE);
    expect(plan.base).toEqual(PAGE);
    expect(plan.boxes).toEqual([{ box: left, color: WATER }]);
    expect(clearPlan(canvas, [], PAGE)).toEqual({ base: PAGE, boxes: [] });
  });
});
