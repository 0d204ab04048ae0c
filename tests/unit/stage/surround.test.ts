import { describe, expect, it } from 'vitest';
import { type Rect, surroundRects } from '../../../src/stage/surround';

const area = (rects: readonly Rect[]) => rects.reduce((sum, r) => sum + r.width * r.height, 0);
const inside = (r: Rect, x: number, y: number) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;

/** Every pixel centre is covered by exactly one of the rectangles or the holes. */
function tiles(width: number, height: number, holes: readonly Rect[], rects: readonly Rect[]): boolean {
  for (let y = 0.5; y < height; y += 1) {
    for (let x = 0.5; x < width; x += 1) {
      const n = [...holes, ...rects].filter((r) => inside(r, x, y)).length;
      if (n !== 1) return false;
    }
  }
  return true;
}

describe('surroundRects', () => {
  it('is the whole canvas when there is no grid', () => {
    expect(surroundRects(40, 30, [])).toEqual([{ x: 0, y: 0, width: 40, height: 30 }]);
    expect(surroundRects(0, 30, [])).toEqual([]);
  });

  it('frames two grids side by side without overlapping them or each other', () => {
    const holes = [
      { x: 10, y: 12, width: 30, height: 30 },
      { x: 60, y: 12, width: 30, height: 30 },
    ];
    const rects = surroundRects(100, 50, holes);
    expect(area(rects)).toBe(100 * 50 - 2 * 30 * 30);
    expect(tiles(100, 50, holes, rects)).toBe(true);
    expect(rects).toHaveLength(5);
  });

  it('frames stacked grids and a grid touching the canvas edges', () => {
    const holes = [
      { x: 5, y: 8, width: 20, height: 20 },
      { x: 5, y: 40, width: 20, height: 20 },
    ];
    const rects = surroundRects(30, 60, holes);
    expect(tiles(30, 60, holes, rects)).toBe(true);
    const flush = [{ x: 0, y: 0, width: 30, height: 20 }];
    expect(surroundRects(30, 20, flush)).toEqual([]);
  });
});
