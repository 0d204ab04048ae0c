import { describe, expect, it } from 'vitest';
import { GRID_SIZE } from '../../../src/game';
import { boardsFor, computeLayout, layoutAttribute, MAX_CELL } from '../../../src/stage/layout';

const gridRight = (g: { x: number; cell: number }) => g.x + g.cell * GRID_SIZE;
const gridBottom = (g: { y: number; cell: number }) => g.y + g.cell * GRID_SIZE;

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
  it('fits both grids side by side on a 1280×720 screen', () => {
    const layout = computeLayout({ width: 1248, maxHeight: 720 - 160, boards: ['opponent', 'player'] });
    expect(layout.stacked).toBe(false);
    expect(layout.height).toBeLessThanOrEqual(560);
    const { opponent, player } = layout;
    if (!opponent || !player) throw new Error('both grids expected');
    expect(gridRight(opponent)).toBeLessThan(player.x);
    expect(gridRight(player)).toBeLessThanOrEqual(1248);
    expect(gridBottom(player)).toBeLessThanOrEqual(layout.height);
    expect(opponent.y).toBe(player.y);
    expect(layout.cell).toBeGreaterThanOrEqual(35);
  });

  it('never draws cells above the 1× size of SPEC §9', () => {
    const layout = computeLayout({ width: 4000, maxHeight: 3000, boards: ['player'] });
    expect(layout.cell).toBe(MAX_CELL);
  });

  it('stacks the grids on a narrow phone screen, opponent first', () => {
    const layout = computeLayout({ width: 375, maxHeight: 500, boards: ['opponent', 'player'] });
    expect(layout.stacked).toBe(true);
    const { opponent, player } = layout;
    if (!opponent || !player) throw new Error('both grids expected');
    expect(opponent.x).toBe(player.x);
    expect(gridBottom(opponent)).toBeLessThan(player.y);
    expect(gridRight(player)).toBeLessThanOrEqual(375);
    expect(layout.cell).toBeGreaterThan(28);
  });

  it('scales the cell with the container', () => {
    const small = computeLayout({ width: 500, maxHeight: 2000, boards: ['player'] });
    const large = computeLayout({ width: 560, maxHeight: 2000, boards: ['player'] });
    expect(large.cell).toBeGreaterThan(small.cell);
    expect(small.player?.cell).toBe(small.cell);
  });

  it('uses whole pixels for grid origins so lines stay crisp', () => {
    const layout = computeLayout({ width: 999, maxHeight: 517, boards: ['opponent', 'player'] });
    for (const g of [layout.opponent, layout.player]) {
      expect(Number.isInteger(g?.x)).toBe(true);
      expect(Number.isInteger(g?.y)).toBe(true);
      expect(Number.isInteger(g?.cell)).toBe(true);
    }
  });

  it('draws nothing without a width or a status with grids', () => {
    expect(computeLayout({ width: 0, maxHeight: 500, boards: ['player'] }).player).toBeNull();
    expect(computeLayout({ width: 800, maxHeight: 500, boards: [] }).height).toBe(0);
  });
});

describe('layoutAttribute', () => {
  it('publishes both grids, null when absent', () => {
    const layout = computeLayout({ width: 800, maxHeight: 600, boards: ['player'] });
    const parsed = JSON.parse(layoutAttribute(layout));
    expect(parsed.opponent).toBeNull();
    expect(parsed.player).toEqual({ x: layout.player?.x, y: layout.player?.y, cell: layout.cell });
  });
});
