import { type Browser, expect, type Page, type TestInfo, test } from './support/test';
import { type Coord, GRID_SIZE, moveShip, rotateShip, SHIP_KEYS, type ShipKey, type ShipMap } from '../../src/game';
import { allCells, clickCell } from './board';
import { RENDERER_OVERRIDE_KEY, type StageRenderer } from '../../src/stage/software-gl';
import { englishPage, newAccount, registerThroughForm, setTheme } from './helpers';

/*
 * The stage in real Chromium against the real server (issue #4): drag and drop with snapping,
 * an invalid drop left unchanged, click to rotate, placement and shooting with the keyboard only,
 * and screenshots of placement, play and end in both themes kept as test artifacts.
 */
const YOUR_TURN = "It's your turn !";
type Board = 'player' | 'opponent';
interface GridBox {
  readonly x: number;
  readonly y: number;
  readonly cell: number;
}

async function placementPair(browser: Browser, renderer?: StageRenderer): Promise<[Page, Page]> {
  const accounts = [newAccount('sa'), newAccount('sb')] as const;
  const pages: [Page, Page] = [await englishPage(browser), await englishPage(browser)];
  const [ann, ben] = pages;
  if (renderer) {
    await ann
      .context()
      .addInitScript(([key, value]) => localStorage.setItem(key, value), [RENDERER_OVERRIDE_KEY, renderer] as const);
  }
  await registerThroughForm(ann, accounts[0]);
  await registerThroughForm(ben, accounts[1]);
  await ann.getByRole('button', { name: 'Create a game' }).click();
  await expect(ann.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  const slug = decodeURIComponent(new URL(ann.url()).pathname.split('/').pop() ?? '');
  await ben.getByLabel('Name of the game').fill(slug);
  await ben.getByRole('button', { name: 'Join a game' }).click();
  await expect(ann.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveCount(2);
  await ann.getByRole('button', { name: 'Start the game' }).click();
  for (const page of pages) await expect(page.getByTestId('stage')).toHaveAttribute('data-status', 'PLACE_SHIPS');
  return pages;
}

async function fleetOf(page: Page): Promise<ShipMap> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-fleet', /\{/);
  return JSON.parse((await stage.getAttribute('data-fleet')) ?? '{}') as ShipMap;
}

async function gridBox(page: Page, board: Board): Promise<GridBox> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-layout', new RegExp(`"${board}":\\{`));
  const layout = JSON.parse((await stage.getAttribute('data-layout')) ?? '{}') as Record<Board, GridBox | null>;
  const box = layout[board];
  if (!box) throw new Error(`no ${board} grid`);
  return box;
}

/** The page coordinates of a cell's centre. */
async function cellPoint(page: Page, board: Board, c: Coord): Promise<Coord> {
  const canvas = await page.getByTestId('stage').locator('canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');
  const g = await gridBox(page, board);
  return { x: canvas.x + g.x + (c.x + 0.5) * g.cell, y: canvas.y + g.y + (c.y + 0.5) * g.cell };
}

/** Presses on `from`, moves in small steps like a hand would, releases on `to`. */
async function dragCell(page: Page, from: Coord, to: Coord): Promise<void> {
  const a = await cellPoint(page, 'player', from);
  const b = await cellPoint(page, 'player', to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 12, a.y + ((b.y - a.y) * i) / 12);
  await page.mouse.up();
}

function firstCell(fleet: ShipMap, ship: ShipKey): Coord {
  const c = fleet[ship]?.[0];
  if (!c) throw new Error(`ship ${ship} has no cell`);
  return c;
}

/** A move the rules accept (to a cell other than where the ship is) or refuse as an overlap. */
function findMove(fleet: ShipMap, wanted: 'valid' | 'overlap'): { ship: ShipKey; to: Coord } {
  for (const ship of SHIP_KEYS) {
    const from = firstCell(fleet, ship);
    for (const to of allCells()) {
      if (to.x === from.x && to.y === from.y) continue;
      const r = moveShip(fleet, ship, to);
      if (wanted === 'valid' ? r.ok : !r.ok && r.error === 'OVERLAP') return { ship, to };
    }
  }
  throw new Error(`no ${wanted} move in this layout`);
}

/** Screenshots of the stage in both themes, attached to the report and kept in test-results. */
async function shootBothThemes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await page.waitForTimeout(300);
    const path = testInfo.outputPath(`stage-${name}-${theme}.png`);
    await page.getByTestId('stage').screenshot({ path, animations: 'disabled' });
    await testInfo.attach(`stage-${name}-${theme}`, { path, contentType: 'image/png' });
  }
  await setTheme(page, 'dark');
}

// Without a GPU the stage draws with Canvas 2D (renderer-choice.ts); the WebGL renderer, which
// players with a GPU get, is forced once through the override so both stay covered.
for (const renderer of [undefined, 'webgl'] as const) {
  test(`placement with the mouse${renderer ? ` (${renderer} forced)` : ''}: a valid drag moves, an invalid drop goes back, a click rotates`, async ({
    browser,
  }, testInfo) => {
    const [ann] = await placementPair(browser, renderer);
    const stage = ann.getByTestId('stage');
    if (renderer) await expect(stage).toHaveAttribute('data-renderer', renderer);
    else await expect(stage).toHaveAttribute('data-renderer', /^(webgl|canvas|webgpu)$/);
    await expect(stage.locator('canvas')).toHaveAttribute('aria-label', /Your fleet/);

    // Valid: the ship lands with its first cell where it was dropped (grabbed by its first cell).
    let fleet = await fleetOf(ann);
    const valid = findMove(fleet, 'valid');
    const expected = moveShip(fleet, valid.ship, valid.to);
    if (!expected.ok) throw new Error('unreachable');
    await dragCell(ann, firstCell(fleet, valid.ship), valid.to);
    await expect.poll(() => fleetOf(ann)).toEqual(expected.value);

    // Invalid: dropped on another ship, nothing changes (docs/game.md, The rules) and the sprite slides back.
    fleet = await fleetOf(ann);
    const invalid = findMove(fleet, 'overlap');
    await dragCell(ann, firstCell(fleet, invalid.ship), invalid.to);
    await expect(ann.getByTestId('stage-announcer')).toContainText('cannot go there');
    expect(await fleetOf(ann)).toEqual(fleet);

    // A click without a drag rotates around the first cell, when the rules allow it.
    fleet = await fleetOf(ann);
    const rotatable = SHIP_KEYS.find((ship) => rotateShip(fleet, ship).ok);
    if (!rotatable) throw new Error('no ship can rotate in this layout');
    const rotated = rotateShip(fleet, rotatable);
    if (!rotated.ok) throw new Error('unreachable');
    const p = await cellPoint(ann, 'player', firstCell(fleet, rotatable));
    await ann.mouse.click(p.x, p.y);
    await expect.poll(() => fleetOf(ann)).toEqual(rotated.value);

    await ann.waitForTimeout(500);
    await shootBothThemes(ann, testInfo, renderer ? `placement-${renderer}` : 'placement');
  });
}

test('keyboard only: select, move and rotate ships, then aim and shoot', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const pages = await placementPair(browser);
  const [ann, ben] = pages;
  const stage = ann.getByTestId('stage');
  await stage.focus();

  // Tab selects the first ship; an arrow moves it one cell where the rules allow it.
  await ann.keyboard.press('Tab');
  await expect(ann.getByTestId('stage-announcer')).toContainText('Carrier selected');
  let fleet = await fleetOf(ann);
  const arrows: [string, Coord][] = [
    ['ArrowRight', { x: 1, y: 0 }],
    ['ArrowDown', { x: 0, y: 1 }],
    ['ArrowLeft', { x: -1, y: 0 }],
    ['ArrowUp', { x: 0, y: -1 }],
  ];
  const start = firstCell(fleet, '0');
  const step = arrows.find(([, d]) => moveShip(fleet, '0', { x: start.x + d.x, y: start.y + d.y }).ok);
  if (!step) throw new Error('the carrier cannot move one cell in any direction');
  const moved = moveShip(fleet, '0', { x: start.x + step[1].x, y: start.y + step[1].y });
  await ann.keyboard.press(step[0]);
  if (!moved.ok) throw new Error('unreachable');
  await expect.poll(() => fleetOf(ann)).toEqual(moved.value);

  // Tab on to a ship that can turn, and R rotates it (a random layout may leave none: then R is refused).
  fleet = await fleetOf(ann);
  const index = SHIP_KEYS.findIndex((ship) => rotateShip(fleet, ship).ok);
  if (index < 0) {
    await ann.keyboard.press('r');
    await expect(ann.getByTestId('stage-announcer')).toContainText('cannot go there');
    expect(await fleetOf(ann)).toEqual(fleet);
  } else {
    for (let i = 0; i < index; i++) await ann.keyboard.press('Tab');
    const turned = rotateShip(fleet, SHIP_KEYS[index] ?? '0');
    await ann.keyboard.press('r');
    if (!turned.ok) throw new Error('unreachable');
    await expect.poll(() => fleetOf(ann)).toEqual(turned.value);
  }

  // Validate with the keyboard too; the other player validates as usual.
  await ann.getByRole('button', { name: 'Validate my ships' }).focus();
  await ann.keyboard.press('Enter');
  await ben.getByRole('button', { name: 'Validate my ships' }).click();
  for (const page of pages) await expect(page.getByTestId('stage')).toHaveAttribute('data-status', 'PLAY');

  // Whoever has the turn aims with the arrows and fires with Enter; the live region reads the result.
  let shooter: Page | null = null;
  await expect
    .poll(async () => {
      if (await ann.getByText(YOUR_TURN).isVisible()) shooter = ann;
      else if (await ben.getByText(YOUR_TURN).isVisible()) shooter = ben;
      return shooter !== null;
    })
    .toBe(true);
  const first: Page = shooter ?? ann;
  await first.getByTestId('stage').focus();
  await first.keyboard.press('ArrowRight');
  await first.keyboard.press('ArrowRight');
  await first.keyboard.press('Enter');
  await expect(first.getByTestId('stage-announcer')).toContainText(/B1: (miss|hit|sunk)/);
  await expect(first.getByText(YOUR_TURN)).toBeHidden();
  // Space fires as well, on the other player's turn.
  const second: Page = first === ann ? ben : ann;
  await expect(second.getByText(YOUR_TURN)).toBeVisible();
  await second.getByTestId('stage').focus();
  await second.keyboard.press('ArrowDown');
  await second.keyboard.press(' ');
  await expect(second.getByTestId('stage-announcer')).toContainText(/A1: (miss|hit|sunk)/);

  // Back on the first player's turn, quick moves over a cell already shot: the live region holds
  // the one current message, never the trail of every cell passed over.
  await expect(first.getByText(YOUR_TURN)).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await first.keyboard.press('ArrowLeft');
    await first.keyboard.press('ArrowRight');
  }
  await expect(first.getByTestId('stage-announcer')).toHaveText(/^B1: already (miss|hit|sunk)\s*$/);

  await ann.waitForTimeout(600);
  await shootBothThemes(ann, testInfo, 'play');

  // Finish quickly by clicking: each side aims at the other's fleet first (the test sees both).
  const fleets = new Map<Page, Coord[]>([
    [ann, Object.values(await fleetOf(ben)).flat()],
    [ben, Object.values(await fleetOf(ann)).flat()],
  ]);
  const done = new Map<Page, Set<string>>([
    [ann, new Set()],
    [ben, new Set()],
  ]);
  const key = (c: Coord) => `${c.x},${c.y}`;
  for (let shots = 0; shots < 4 * GRID_SIZE * GRID_SIZE; shots++) {
    if ((await stage.getAttribute('data-status')) !== 'PLAY') break;
    const turn = (await ann.getByText(YOUR_TURN).isVisible())
      ? ann
      : (await ben.getByText(YOUR_TURN).isVisible())
        ? ben
        : null;
    if (!turn) {
      await ann.waitForTimeout(50);
      continue;
    }
    const taken = done.get(turn) ?? new Set<string>();
    const opponentGrid = turn === ann ? ann : ben;
    const target = [...(fleets.get(turn) ?? []), ...allCells()].find(
      (c) =>
        !taken.has(key(c)) &&
        !(turn === first && c.x === 1 && c.y === 0) &&
        !(turn === second && c.x === 0 && c.y === 0),
    );
    if (!target) break;
    taken.add(key(target));
    await clickCell(opponentGrid, 'opponent', target);
    await expect(turn.getByText(YOUR_TURN)).toBeHidden();
  }
  for (const page of pages) await expect(page.getByTestId('stage')).toHaveAttribute('data-status', 'ENDED');
  await ann.waitForTimeout(800);
  await shootBothThemes(ann, testInfo, 'end');
});
