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

/** A player's own stage, or the two boards of the watch and replay pages. */
type StageId = 'stage' | 'boards-stage';

/** Where a grid is drawn, from the stage's data-layout attribute (CSS pixels from the canvas' corner). */
async function boardBox(page: Page, board: Board, stageId: StageId = 'stage'): Promise<BoardBox> {
  const stage = page.getByTestId(stageId);
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

/** Which part of a cell `highlightShare` reads: the whole square, or only its four corners. */
export type CellPart = 'cell' | 'corners';

/**
 * The share of a cell's pixels drawn in the theme's highlight colour, read from a screenshot of the
 * canvas as the player sees it: the last-shot ring covers about a fifth of its cell and never
 * reaches its corners, where a square (the keyboard cursor) would be drawn.
 */
export async function highlightShare(
  page: Page,
  board: Board,
  cell: Cell,
  part: CellPart = 'cell',
  stageId: StageId = 'stage',
): Promise<number> {
  const box = await boardBox(page, board, stageId);
  const canvas = await page.getByTestId(stageId).locator('canvas').boundingBox();
  if (!canvas) throw new Error('the stage has no canvas');
  const clip = {
    x: canvas.x + box.x + cell.x * box.cell,
    y: canvas.y + box.y + cell.y * box.cell,
    width: box.cell,
    height: box.cell,
  };
  const png = (await page.screenshot({ clip })).toString('base64');
  return page.evaluate(
    async ({ png, part }) => {
      const colour = getComputedStyle(document.documentElement).getPropertyValue('--stage-highlight').trim();
      const probe = new OffscreenCanvas(1, 1).getContext('2d');
      if (!probe) throw new Error('no 2d context');
      probe.fillStyle = colour;
      probe.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = probe.getImageData(0, 0, 1, 1).data;
      const bytes = Uint8Array.from(atob(png), (ch) => ch.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const drawn = new OffscreenCanvas(image.width, image.height).getContext('2d');
      if (!drawn) throw new Error('no 2d context');
      drawn.drawImage(image, 0, 0);
      const { data, width, height } = drawn.getImageData(0, 0, image.width, image.height);
      // The corners: a fifth of the side from each, where the ring (radius 0.4 of the side) never is.
      const edge = Math.max(2, Math.floor(width / 5));
      let near = 0;
      let read = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const corner = (x < edge || x >= width - edge) && (y < edge || y >= height - edge);
          if (part === 'corners' && !corner) continue;
          const i = (y * width + x) * 4;
          read++;
          const d = Math.abs((data[i] ?? 0) - r) + Math.abs((data[i + 1] ?? 0) - g) + Math.abs((data[i + 2] ?? 0) - b);
          if (d < 60) near++;
        }
      }
      return read === 0 ? 0 : near / read;
    },
    { png, part },
  );
}
