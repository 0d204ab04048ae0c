import { describe, expect, it } from 'vitest';
import { GRID_SIZE } from '../../../src/game';
import {
  boardsFor,
  computeLayout,
  computeScrollingLayout,
  headerHeightFor,
  layoutAttribute,
  MAX_CELL,
  MIN_CELL,
  type StageLayout,
} from '../../../src/stage/layout';

const gridRight = (g: { x: number; cell: number }) => g.x + g.cell * GRID_SIZE;
const gridBottom = (g: { y: number; cell: number }) => g.y + g.cell * GRID_SIZE;
const both = ['opponent', 'player'] as const;

function grids(layout: StageLayout) {
  const { opponent, player } = layout;
  if (!opponent || !player) throw new Error('both grids expected');
  return { opponent, player };
}

describe('boardsFor', () => {
  it('shows only the own grid while placing, both grids in play and at the end', () => {
    expect(boardsFor('PLACE_SHIPS')).toEqual(['player']);
    expect(boardsFor('PLAY')).toEqual(['opponent', 'player']);
    expect(boardsFor('ENDED')).toEqual(['opponent', 'player']);
    expect(boardsFor('UNSTARTED')).toEqual([]);
    expect(boardsFor(null)).toEqual([]);
  });
});

describe('computeLayout', () => {
  // The box the game page gives the stage in a 1280×720 window (header, bar and paddings taken off).
  const desktop = { width: 1216, height: 560 };

  it('fits both grids side by side in a 1280×720 window with cells of at least 40 px', () => {
    const layout = computeLayout({ ...desktop, boards: both });
    expect(layout.arrangement).toBe('side');
    expect(layout.cell).toBeGreaterThanOrEqual(40);
    expect(layout.height).toBeLessThanOrEqual(desktop.height);
    expect(layout.width).toBeLessThanOrEqual(desktop.width);
    const { opponent, player } = grids(layout);
    expect(gridRight(opponent)).toBeLessThan(player.x);
    expect(gridBottom(player)).toBeLessThanOrEqual(layout.height);
    expect(opponent.y).toBe(player.y);
  });

  it('gives the own grid the same size and place in placement, play and after Replay', () => {
    for (const box of [desktop, { width: 358, height: 660 }, { width: 900, height: 900 }]) {
      const placing = computeLayout({ ...box, boards: boardsFor('PLACE_SHIPS') });
      const playing = computeLayout({ ...box, boards: boardsFor('PLAY') });
      expect(placing.player).toEqual(playing.player);
      expect(placing.width).toBe(playing.width);
      expect(placing.height).toBe(playing.height);
      // The enemy grid's slot is free for the placement panel.
      expect(placing.spare).toEqual(playing.blocks.opponent);
      expect(playing.spare).toBeNull();
    }
  });

  it('never draws cells above the 1× size of docs/game.md', () => {
    expect(computeLayout({ width: 4000, height: 3000, boards: both }).cell).toBe(MAX_CELL);
  });

  it('stacks the grids on a 390×844 phone, enemy first, both within the height with cells of 28 px or more', () => {
    const box = { width: 358, height: 680 };
    const layout = computeLayout({ ...box, boards: both });
    expect(layout.arrangement).toBe('stacked');
    const { opponent, player } = grids(layout);
    expect(opponent.x).toBe(player.x);
    expect(gridBottom(opponent)).toBeLessThan(player.y);
    expect(gridRight(player)).toBeLessThanOrEqual(box.width);
    expect(gridBottom(player)).toBeLessThanOrEqual(box.height);
    expect(layout.cell).toBeGreaterThanOrEqual(MIN_CELL);
    expect(layout.headerHeight).toBe(headerHeightFor(box.width));
  });

  it('keeps cells at 28 px in a short window and lets the page scroll instead', () => {
    const layout = computeLayout({ width: 1216, height: 250, boards: both });
    expect(layout.cell).toBe(MIN_CELL);
    expect(layout.height).toBeGreaterThan(250);
  });

  it('goes under 28 px only when the width leaves no other choice', () => {
    const layout = computeLayout({ width: 250, height: 2000, boards: both });
    expect(layout.cell).toBeLessThan(MIN_CELL);
    expect(gridRight(grids(layout).player)).toBeLessThanOrEqual(250);
  });

  it('scales the cell with the box', () => {
    const small = computeLayout({ width: 700, height: 600, boards: both });
    const large = computeLayout({ width: 900, height: 600, boards: both });
    expect(large.cell).toBeGreaterThan(small.cell);
    expect(small.player?.cell).toBe(small.cell);
  });

  it('uses whole pixels for grid origins so lines stay crisp', () => {
    const layout = computeLayout({ width: 999, height: 517, boards: both });
    for (const g of [layout.opponent, layout.player]) {
      expect(Number.isInteger(g?.x)).toBe(true);
      expect(Number.isInteger(g?.y)).toBe(true);
      expect(Number.isInteger(g?.cell)).toBe(true);
    }
  });

  it('puts each grid inside its block, below the header band', () => {
    const layout = computeLayout({ ...desktop, boards: both });
    for (const board of both) {
      const block = layout.blocks[board];
      const grid = layout[board];
      if (!block || !grid) throw new Error('block expected');
      expect(grid.y - block.y).toBeGreaterThanOrEqual(layout.headerHeight);
      expect(gridRight(grid)).toBeLessThanOrEqual(block.x + block.width);
      expect(gridBottom(grid)).toBeLessThanOrEqual(block.y + block.height);
    }
  });

  it('draws nothing without a width or a status with grids', () => {
    expect(computeLayout({ width: 0, height: 500, boards: ['player'] }).player).toBeNull();
    expect(computeLayout({ width: 800, height: 500, boards: [] }).height).toBe(0);
  });
});

describe('computeScrollingLayout', () => {
  it('keeps the fitted layout where the box holds cells of MIN_CELL', () => {
    const box = { width: 1216, height: 420, boards: both };
    expect(computeScrollingLayout(box)).toEqual(computeLayout(box));
    expect(computeScrollingLayout(box).cell).toBeGreaterThanOrEqual(MIN_CELL);
  });

  it("stacks a phone's grids as wide as the screen allows when the box is short, and is stable once grown", () => {
    // A phone's watch or replay page: the box left above the controls is about 300 px high.
    const short = computeLayout({ width: 358, height: 300, boards: both });
    expect(short.cell).toBeLessThan(MIN_CELL);
    const grown = computeScrollingLayout({ width: 358, height: 300, boards: both });
    expect(grown.arrangement).toBe('stacked');
    expect(grown.cell).toBeGreaterThanOrEqual(30);
    expect(grown.width).toBeLessThanOrEqual(358);
    expect(grown.height).toBeGreaterThan(300);
    // The page grows the box to the drawing: measured again, the layout does not move.
    expect(computeScrollingLayout({ width: 358, height: grown.height, boards: both })).toEqual(grown);
  });
});

describe('layoutAttribute', () => {
  it('publishes both grids, null when absent', () => {
    const layout = computeLayout({ width: 800, height: 600, boards: ['player'] });
    const parsed = JSON.parse(layoutAttribute(layout));
    expect(parsed.opponent).toBeNull();
    expect(parsed.player).toEqual({ x: layout.player?.x, y: layout.player?.y, cell: layout.cell });
  });
});
