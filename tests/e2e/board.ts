import { expect, type Page } from '@playwright/test';

export interface Cell {
  readonly x: number;
  readonly y: number;
}

interface BoardBox {
  readonly x: number;
  readonly y: number;
  readonly cell: number;
}

type Board = 'player' | 'opponent';

/** Where a grid is drawn, from the stage's data-layout attribute (CSS pixels from the canvas' corner). */
async function boardBox(page: Page, board: Board): Promise<BoardBox> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-layout', new RegExp(`"${board}":\\{`));
  const layout = JSON.parse((await stage.getAttribute('data-layout')) ?? '{}') as Partial<
    Record<Board, BoardBox | null>
  >;
  const box = layout[board];
  if (!box) throw new Error(`the stage draws no ${board} grid`);
  return box;
}

/** Clicks the middle of cell (x, y) of a grid on the canvas, as a player would. */
export async function clickCell(page: Page, board: Board, cell: Cell): Promise<void> {
  const box = await boardBox(page, board);
  await page
    .getByTestId('stage')
    .locator('canvas')
    .click({ position: { x: box.x + (cell.x + 0.5) * box.cell, y: box.y + (cell.y + 0.5) * box.cell } });
}

/** The player's own fleet as the stage shows it (data-fleet), every ship's cells in one list. */
export async function ownFleetCells(page: Page): Promise<Cell[]> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-fleet', /\{/);
  const fleet = JSON.parse((await stage.getAttribute('data-fleet')) ?? '{}') as Record<string, Cell[]>;
  return Object.values(fleet).flat();
}

/** Every cell of the grid, row by row. */
export function allCells(): Cell[] {
  return Array.from({ length: 100 }, (_, i) => ({ x: i % 10, y: Math.floor(i / 10) }));
}
