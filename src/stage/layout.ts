import { GRID_SIZE } from '../game';

/**
 * Where the grids sit on the stage. Pure: the component measures the box the page gives the stage,
 * this decides the cell size, the arrangement and every origin. Every figure is in CSS pixels.
 *
 * The stage is laid out for two grids in every phase (issue #13): the cell size is the same in
 * placement, in play and after Replay, and placement shows the own grid where it will stay in play,
 * with the other slot left to the placement panel. Nothing here depends on whose turn it is, so a
 * turn change cannot move anything.
 */
export type BoardId = 'player' | 'opponent';

/** A grid's top-left corner (cell A1's corner) and its cell size, in CSS px relative to the canvas. */
export interface GridPlacement {
  readonly x: number;
  readonly y: number;
  readonly cell: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type Arrangement = 'side' | 'stacked';

export interface StageLayout {
  readonly width: number;
  readonly height: number;
  readonly cell: number;
  readonly arrangement: Arrangement;
  /** Kept for readers of the older shape: true when the grids are one above the other. */
  readonly stacked: boolean;
  /** The band above each grid where the page puts its title, fleet tracker and figures. */
  readonly headerHeight: number;
  readonly player: GridPlacement | null;
  readonly opponent: GridPlacement | null;
  /** Each shown grid's whole block: header band, labels and grid. */
  readonly blocks: Readonly<Partial<Record<BoardId, Rect>>>;
  /** The slot no grid uses in this phase (placement: where the enemy grid will be), or null. */
  readonly spare: Rect | null;
}

/** docs/game.md, In the browser: about 55 px per cell at 1×; the stage never draws cells larger than this. */
export const MAX_CELL = 55;
/** Issue #13: a cell is never smaller than this; below it the page scrolls instead. */
export const MIN_CELL = 28;

/** Block measures in cells: the coordinate labels, the grid itself and a margin. */
export const LABEL_CELLS = 0.55;
const MARGIN_CELLS = 0.15;
const BLOCK_WIDTH = LABEL_CELLS + GRID_SIZE + MARGIN_CELLS;
const BLOCK_HEIGHT = LABEL_CELLS + GRID_SIZE + MARGIN_CELLS / 2;
/** The gap between two side-by-side grids, in cells, and between stacked ones, in px. */
const SIDE_GAP_CELLS = 1;
const STACK_GAP = 8;

/** The slots in reading order: the enemy grid first (left or top), the own grid second. */
const SLOT_ORDER: readonly BoardId[] = ['opponent', 'player'];

/** Which grids the status shows. */
export function boardsFor(status: string | null): readonly BoardId[] {
  if (status === 'PLACE_SHIPS') return ['player'];
  if (status === 'PLAY' || status === 'ENDED') return ['opponent', 'player'];
  return [];
}

export interface LayoutInput {
  /** Width of the box the page gives the stage. */
  readonly width: number;
  /** Height of that box: the stage fits in it without scrolling unless cells would fall under MIN_CELL. */
  readonly height: number;
  readonly boards: readonly BoardId[];
  /** Height of the HTML band above each grid (title, tracker); defaults to headerHeightFor(width). */
  readonly headerHeight?: number;
}

/** A phone-sized stage gets a slimmer band above each grid. */
export function headerHeightFor(width: number): number {
  return width < 600 ? 34 : 44;
}

/** The cell size of each arrangement for a box, before the MIN/MAX bounds. */
export function arrangementCells(width: number, height: number, header: number): Record<Arrangement, number> {
  return {
    side: Math.min(width / (2 * BLOCK_WIDTH + SIDE_GAP_CELLS), (height - header) / BLOCK_HEIGHT),
    stacked: Math.min(width / BLOCK_WIDTH, (height - 2 * header - STACK_GAP) / (2 * BLOCK_HEIGHT)),
  };
}

const EMPTY: StageLayout = {
  width: 0,
  height: 0,
  cell: 0,
  arrangement: 'side',
  stacked: false,
  headerHeight: 0,
  player: null,
  opponent: null,
  blocks: {},
  spare: null,
};

export function computeLayout({ width, height, boards, headerHeight }: LayoutInput): StageLayout {
  if (boards.length === 0 || width <= 0) return { ...EMPTY, width: Math.max(0, width) };
  const header = headerHeight ?? headerHeightFor(width);
  const cells = arrangementCells(width, height, header);
  // Side by side wins ties: both grids on one line read best and leave the page shortest.
  const arrangement: Arrangement = cells.side >= cells.stacked ? 'side' : 'stacked';
  const fitted = Math.floor(Math.min(MAX_CELL, cells[arrangement]));
  // A cell under the minimum is only allowed where the width leaves no choice (a very narrow window).
  const widthBound = Math.floor(
    arrangement === 'side' ? width / (2 * BLOCK_WIDTH + SIDE_GAP_CELLS) : width / BLOCK_WIDTH,
  );
  const cell = Math.max(fitted, Math.min(MIN_CELL, widthBound));

  const blockW = Math.ceil(BLOCK_WIDTH * cell);
  const blockH = header + Math.ceil(BLOCK_HEIGHT * cell);
  const sideGap = Math.round(SIDE_GAP_CELLS * cell);
  const totalW = arrangement === 'side' ? 2 * blockW + sideGap : blockW;
  const totalH = arrangement === 'side' ? blockH : 2 * blockH + STACK_GAP;

  const slot = (i: number): Rect =>
    arrangement === 'side'
      ? { x: i * (blockW + sideGap), y: 0, width: blockW, height: blockH }
      : { x: 0, y: i * (blockH + STACK_GAP), width: blockW, height: blockH };

  const placements: Partial<Record<BoardId, GridPlacement>> = {};
  const blocks: Partial<Record<BoardId, Rect>> = {};
  let spare: Rect | null = null;
  SLOT_ORDER.forEach((board, i) => {
    const rect = slot(i);
    if (!boards.includes(board)) {
      spare = rect;
      return;
    }
    blocks[board] = rect;
    // Whole pixels keep the 1 px grid lines crisp.
    placements[board] = {
      x: Math.round(rect.x + LABEL_CELLS * cell),
      y: Math.round(rect.y + header + LABEL_CELLS * cell),
      cell,
    };
  });
  return {
    width: totalW,
    height: totalH,
    cell,
    arrangement,
    stacked: arrangement === 'stacked',
    headerHeight: header,
    player: placements.player ?? null,
    opponent: placements.opponent ?? null,
    blocks,
    spare,
  };
}

/**
 * For pages that scroll (watch, replay): where the box is too short for cells of MIN_CELL, the
 * grids are laid out for the width alone (on a phone: stacked, as large as the width allows) and the
 * page grows to them, instead of shrinking both grids side by side to a few pixels a cell.
 */
export function computeScrollingLayout(input: LayoutInput): StageLayout {
  const fitted = computeLayout(input);
  if (fitted.cell >= MIN_CELL || input.width <= 0) return fitted;
  return computeLayout({ ...input, height: Number.POSITIVE_INFINITY });
}

/** The JSON published on the stage's data-layout attribute for tests (Playwright clicks cells with it). */
export function layoutAttribute(layout: StageLayout): string {
  return JSON.stringify({ player: layout.player, opponent: layout.opponent, arrangement: layout.arrangement });
}
