import { expect, type Page, test } from './support/test';
import {
  type Coord,
  GRID_SIZE,
  moveShip,
  type ShipKey,
  type ShipMap,
  shipEntries,
  touchingShips,
} from '../../src/game';
import { gameSection, loggedInPlayer, type Player } from './match-helpers';

/*
 * Rule variants in the browser (issue 23): a Morskoy Boy game against the computer where a
 * touching layout is refused until it is fixed, and a salvo between two pages where the player
 * aims as many cells as they have ships afloat, takes an aim back, and fires them together.
 */

type Board = 'player' | 'opponent';
interface GridBox {
  readonly x: number;
  readonly y: number;
  readonly cell: number;
}

async function fleetOf(page: Page): Promise<ShipMap> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-fleet', /\{/);
  return JSON.parse((await stage.getAttribute('data-fleet')) ?? '{}') as ShipMap;
}

async function cellPoint(page: Page, board: Board, c: Coord): Promise<Coord> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-layout', new RegExp(`"${board}":\\{`));
  const layout = JSON.parse((await stage.getAttribute('data-layout')) ?? '{}') as Record<Board, GridBox | null>;
  const g = layout[board];
  const canvas = await stage.locator('canvas').boundingBox();
  if (!g || !canvas) throw new Error(`no ${board} grid`);
  return { x: canvas.x + g.x + (c.x + 0.5) * g.cell, y: canvas.y + g.y + (c.y + 0.5) * g.cell };
}

async function dragCell(page: Page, from: Coord, to: Coord): Promise<void> {
  const a = await cellPoint(page, 'player', from);
  const b = await cellPoint(page, 'player', to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 10, a.y + ((b.y - a.y) * i) / 10);
  await page.mouse.up();
}

/** A move of a one-cell boat that the drag accepts (no overlap) but leaves it touching another ship. */
function touchingMove(fleet: ShipMap): { ship: ShipKey; from: Coord; to: Coord } {
  for (const [ship, cells] of shipEntries(fleet)) {
    const from = cells[0];
    if (cells.length !== 1 || !from) continue;
    for (let i = 0; i < GRID_SIZE * GRID_SIZE; i++) {
      const to = { x: i % GRID_SIZE, y: Math.floor(i / GRID_SIZE) };
      const moved = moveShip(fleet, ship, to);
      if (moved.ok && touchingShips(moved.value).has(ship)) return { ship, from, to };
    }
  }
  throw new Error('no touching move');
}

test('Morskoy Boy against the computer: ten ships, a touching layout refused with the reason until fixed', async ({
  browser,
  request,
}) => {
  const player = await loggedInPlayer(browser, request, 'morskoy');
  const { page } = player;
  await page.goto('/');
  await page.getByTestId('rules-choice').getByText('Morskoy Boy').click();
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await expect(gameSection(page)).toHaveAttribute('data-status', 'PLACE_SHIPS');
  await expect(page.getByTestId('rules-badge').first()).toContainText('Morskoy Boy');
  const stage = page.getByTestId('stage');
  // The layout dealt is the room's: ten ships, 4-3-3-2-2-2-1-1-1-1, none touching.
  await expect(stage).toHaveAttribute('data-fleet', /"9":/);
  const fleet = await fleetOf(page);
  expect(shipEntries(fleet).map(([, cells]) => cells.length)).toEqual([4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
  expect(touchingShips(fleet).size).toBe(0);
  const validate = page.getByRole('button', { name: 'Validate my ships' });
  await expect(validate).toBeEnabled();

  const move = touchingMove(fleet);
  await dragCell(page, move.from, move.to);
  await expect(stage).toHaveAttribute('data-refused', new RegExp(`\\b${move.ship}\\b`));
  await expect(page.getByTestId('placement-refused')).toContainText('These ships touch');
  await expect(page.getByTestId('placement-refused')).toContainText('Patrol boat');
  await expect(validate).toBeDisabled();

  // Back where it was: nothing refused, and the fleet goes.
  await dragCell(page, move.to, move.from);
  await expect(stage).toHaveAttribute('data-refused', '');
  await expect(page.getByTestId('placement-refused')).toHaveCount(0);
  await validate.click();
  await expect(gameSection(page)).toHaveAttribute('data-status', 'PLAY');
  await player.context.close();
});

/** Clicks cells of the enemy grid not yet aimed, in reading order from `start`. */
function cellsFrom(start: number, count: number): Coord[] {
  return Array.from({ length: count }, (_, i) => ({
    x: (start + i) % GRID_SIZE,
    y: Math.floor((start + i) / GRID_SIZE),
  }));
}

async function aimAt(page: Page, c: Coord): Promise<void> {
  const p = await cellPoint(page, 'opponent', c);
  await page.mouse.click(p.x, p.y);
}

test('Salvo between two players: aim as many cells as ships afloat, take one back, fire them together', async ({
  browser,
  request,
}) => {
  const ann: Player = await loggedInPlayer(browser, request, 'salann');
  const ben: Player = await loggedInPlayer(browser, request, 'salben');
  await ann.page.goto('/');
  await ann.page.getByTestId('rules-choice').getByText('One shot per ship you still have afloat').click();
  await ann.page.getByRole('button', { name: 'Create a game' }).click();
  await expect(ann.page.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  const slug = decodeURIComponent(new URL(ann.page.url()).pathname.split('/').pop() ?? '');
  await ben.page.goto(`/game/lobby/${encodeURIComponent(slug)}`);
  // Both see the room's rules in the lobby: Ben knows what he joined before the game starts.
  for (const p of [ann, ben]) {
    const rules = p.page.getByTestId('lobby-rules');
    await expect(rules.getByTestId('rules-badge')).toHaveAttribute('data-rules', 'salvo');
    await expect(rules.getByRole('listitem')).toContainText([
      'Five ships',
      'may touch',
      'One shot per ship you still have afloat, fired together.',
      'after every salvo',
    ]);
  }
  await ben.page.getByRole('button', { name: 'Start the game' }).click();
  for (const p of [ann, ben]) {
    await expect(p.page).toHaveURL(`/game/${slug}`);
    await p.page.getByRole('button', { name: 'Validate my ships' }).click();
  }
  for (const p of [ann, ben]) await expect(gameSection(p.page)).toHaveAttribute('data-status', 'PLAY');
  await expect(ann.page.getByTestId('rules-badge').first()).toContainText('Salvo');

  // Whoever shoots first aims five cells (five ships afloat).
  const controls = (p: Player) => p.page.getByTestId('salvo-controls');
  // The first shooter is drawn by the server: whoever's bar shows the salvo controls.
  await expect.poll(async () => (await controls(ann).isVisible()) || (await controls(ben).isVisible())).toBe(true);
  const shooter = (await controls(ann).isVisible()) ? ann : ben;
  const other = shooter === ann ? ben : ann;
  const { page } = shooter;
  const fire = page.getByRole('button', { name: 'Fire 5 shots' });
  const count = page.locator('.salvo-count');
  await expect(count).toContainText('Aim your 5 shots');
  await expect(fire).toBeDisabled();
  const targets = cellsFrom(0, 6);
  for (const c of targets.slice(0, 4)) await aimAt(page, c);
  await expect(count).toContainText('4 / 5 aimed');
  // A second click takes the aim back.
  await aimAt(page, targets[1] as Coord);
  await expect(count).toContainText('3 / 5 aimed');
  await aimAt(page, targets[4] as Coord);
  await aimAt(page, targets[5] as Coord);
  await expect(count).toContainText('5 / 5 aimed');
  // A sixth aim is refused: the turn has five shots.
  await aimAt(page, { x: 9, y: 9 });
  await expect(count).toContainText('5 / 5 aimed');
  const aimed = JSON.parse((await page.getByTestId('stage').getAttribute('data-aim')) ?? '[]') as Coord[];
  expect(aimed).toHaveLength(5);
  await expect(fire).toBeEnabled();
  // The keyboard fires too: F on the stage.
  await page.getByTestId('stage').focus();
  await page.keyboard.press('f');
  // Five shots went at once, and the turn passed (unless one hit under "again": not these rules).
  await expect(page.getByTestId('header-opponent')).toContainText('5 shots');
  await expect(other.page.getByTestId('header-player')).toContainText('5 shots taken');
  await expect(controls(other)).toBeVisible();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-aim', '[]');
  await ann.context.close();
  await ben.context.close();
});
