import { GRID_SIZE } from '../game';

/**
 * Where the grids sit on the canvas. Pure: the component measures the container and the window,
 * this decides the cell size and the grid origins. Every figure is in CSS pixels.
 */
export type BoardId = 'player' | 'opponent';

/** A grid's top-left corner (cell A1's corner) and its cell size, in CSS px relative to the canvas. */
export interface GridPlacement {
  readonly x: number;
  readonly y: number;
  readonly cell: number;
}

export interface StageLayout {
  readonly width: number;
  readonly height: number;
  readonly cell: number;
  readonly stacked: boolean;
  readonly player: GridPlacement | null;
  readonly opponent: GridPlacement | null;
}

/** SPEC §9: about 55 px per cell at 1×; the stage never draws cells larger than this. */
export const MAX_CELL = 55;
/** Below this a side-by-side cell gets too small to tap, so the grids stack instead. */
export const MIN_SIDE_BY_SIDE_CELL = 28;
const MIN_CELL = 16;

/** Block measures in cells: a title line, the coordinate labels, the grid itself and a margin. */
export const TITLE_CELLS = 0.8;
export const LABEL_CELLS = 0.6;
const MARGIN_CELLS = 0.2;
const BLOCK_WIDTH = LABEL_CELLS + GRID_SIZE + MARGIN_CELLS * 2;
const BLOCK_HEIGHT = TITLE_CELLS + LABEL_CELLS + GRID_SIZE + MARGIN_CELLS;
const GAP_CELLS = 1;

/** Which grids the status shows, in reading order (DESIGN: the opponent grid first, own below/right). */
export function boardsFor(status: string | null): readonly BoardId[] {
  if (status === 'PLACE_SHIPS') return ['player'];
  if (status === 'PLAY' || status === 'ENDED') return ['opponent', 'player'];
  return [];
}

export interface LayoutInput {
  /** Width available to the stage (the container's width). */
  readonly width: number;
  /** Height the stage may take without making the page scroll on a desktop. */
  readonly maxHeight: number;
  readonly boards: readonly BoardId[];
}

export function computeLayout({ width, maxHeight, boards }: LayoutInput): StageLayout {
  const n = boards.length;
  if (n === 0 || width <= 0)
    return { width: Math.max(0, width), height: 0, cell: 0, stacked: false, player: null, opponent: null };
  const side = Math.floor(
    Math.min(MAX_CELL, width / (n * BLOCK_WIDTH + (n - 1) * GAP_CELLS), maxHeight / BLOCK_HEIGHT),
  );
  // Stacked grids may scroll on a phone, so only the width bounds them (and the 1× cap).
  const stackedCell = Math.floor(Math.min(MAX_CELL, width / BLOCK_WIDTH));
  const stacked = n > 1 && side < MIN_SIDE_BY_SIDE_CELL && stackedCell > side;
  const cell = Math.max(MIN_CELL, stacked ? stackedCell : side);

  const blockW = BLOCK_WIDTH * cell;
  const blockH = BLOCK_HEIGHT * cell;
  const gap = GAP_CELLS * cell;
  const totalW = stacked ? blockW : n * blockW + (n - 1) * gap;
  const totalH = stacked ? n * blockH + (n - 1) * gap : blockH;
  // The canvas covers the grids only (the container centres it): every canvas pixel costs a
  // copy per rendered frame, which dominates on software-rendered WebGL.
  const left = 0;

  const placements: Partial<Record<BoardId, GridPlacement>> = {};
  boards.forEach((board, i) => {
    const bx = stacked ? left : left + i * (blockW + gap);
    const by = stacked ? i * (blockH + gap) : 0;
    // Whole pixels keep the 1 px grid lines crisp.
    placements[board] = {
      x: Math.round(bx + (MARGIN_CELLS + LABEL_CELLS) * cell),
      y: Math.round(by + (TITLE_CELLS + LABEL_CELLS) * cell),
      cell,
    };
  });
  return {
    width: Math.min(width, Math.ceil(totalW)),
    height: Math.ceil(totalH),
    cell,
    stacked,
    player: placements.player ?? null,
    opponent: placements.opponent ?? null,
  };
}

/** The JSON published on the container's data-layout attribute for tests (Playwright clicks cells with it). */
export function layoutAttribute(layout: StageLayout): string {
  return JSON.stringify({ player: layout.player, opponent: layout.opponent });
}

/** How much height the stage may take: the window minus room for the page's texts and buttons. */
export function availableHeight(windowHeight: number, top: number): number {
  return Math.max(320, windowHeight - Math.max(0, top) - 96);
}
