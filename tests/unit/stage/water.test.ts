import { describe, expect, it } from 'vitest';
import { scissorBoxes, waterRects } from '../../../src/stage/water';

describe('waterRects', () => {
  it('gives one square per grid shown, ten cells wide', () => {
    const player = { x: 30, y: 40, cell: 44 };
    expect(waterRects({ player, opponent: null })).toEqual([{ x: 30, y: 40, width: 440, height: 440 }]);
    expect(waterRects({ player, opponent: { x: 560, y: 40, cell: 44 } })).toHaveLength(2);
    expect(waterRects({ player: null, opponent: null })).toEqual([]);
  });
});

describe('scissorBoxes', () => {
  it('turns CSS rectangles into device pixels counted from the bottom-left corner', () => {
    // A 100×50 CSS stage at 2×: the canvas is 200×100 device pixels.
    expect(scissorBoxes([{ x: 10, y: 5, width: 20, height: 30 }], 100, 2)).toEqual([
      { x: 20, y: 30, width: 40, height: 60 },
    ]);
  });

  it('rounds each edge once, so boxes that touch in CSS pixels still touch on the device', () => {
    const [a, b] = scissorBoxes(
      [
        { x: 0, y: 0, width: 10.3, height: 10 },
        { x: 10.3, y: 0, width: 10.3, height: 10 },
      ],
      30,
      1.5,
    );
    expect(a && b && a.x + a.width).toBe(b?.x);
    expect(a?.y).toBe(15);
  });
});
