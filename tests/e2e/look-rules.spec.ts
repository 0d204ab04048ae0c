import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { makeRules, moveShip, type ShipMap, shipEntries, touchingShips } from '../../src/game';
import {
  apiPlayer,
  newContext,
  SCREENSHOT_DIR,
  setTheme,
  shoot,
  THEMES,
  VIEWPORTS,
  type ViewportName,
} from './support/look';

/*
 * Rule variants as a player sees them (issue 23): Home's choice of rules, placement with the
 * russian fleet, a salvo being aimed; both themes at 1280×720 and 390×844. Screenshots go to
 * test-results/screenshots; the checks are what a picture cannot prove (nothing overflows sideways).
 */
async function checkFits(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`Home's choice of rules, both themes, ${viewport}`, async ({ browser, baseURL }) => {
    const user = await apiPlayer(baseURL, 'rules');
    const page = await (await newContext(browser, viewport, user)).newPage();
    await page.goto('/');
    const choice = page.getByTestId('rules-choice');
    await choice.getByText('Morskoy Boy').click();
    await page.getByText('Adjust each rule').click();
    await expect(choice.getByRole('radio', { name: 'May touch', exact: true })).toBeDisabled();
    await expect(page.getByTestId('rules-badge').first()).toHaveText(/Morskoy Boy/);
    const card = page.locator('.rules-card');
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await checkFits(page, 'home with the rules open');
      await card.scrollIntoViewIfNeeded();
      await shoot(page, viewport, theme, 'rules-home');
      await card.screenshot({ path: join(SCREENSHOT_DIR, `${viewport}-${theme}-rules-card.png`) });
    }
    // A mix that is no preset says so.
    await choice.getByRole('group', { name: 'Shots per turn' }).getByRole('radio', { name: 'Salvo' }).check();
    await expect(page.getByTestId('rules-badge').first()).toHaveText(
      /Custom rules: ten ships · salvo · again after a hit/,
    );
  });
}

/** The one-cell boat moved next to another ship, by a drag on the canvas: drawn refused. */
async function touchLayout(page: Page): Promise<void> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-fleet', /"9":/);
  const fleet = JSON.parse((await stage.getAttribute('data-fleet')) ?? '{}') as ShipMap;
  const layout = JSON.parse((await stage.getAttribute('data-layout')) ?? '{}') as {
    player: { x: number; y: number; cell: number };
  };
  const canvas = await stage.locator('canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');
  const at = (c: { x: number; y: number }) => ({
    x: canvas.x + layout.player.x + (c.x + 0.5) * layout.player.cell,
    y: canvas.y + layout.player.y + (c.y + 0.5) * layout.player.cell,
  });
  const from = fleet['9']?.[0];
  if (!from) throw new Error('no boat');
  for (let i = 0; i < 100; i++) {
    const to = { x: i % 10, y: Math.floor(i / 10) };
    const moved = moveShip(fleet, '9', to);
    if (!moved.ok || !touchingShips(moved.value).has('9')) continue;
    const a = at(from);
    const b = at(to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let s = 1; s <= 8; s++) await page.mouse.move(a.x + ((b.x - a.x) * s) / 8, a.y + ((b.y - a.y) * s) / 8);
    await page.mouse.up();
    await expect(stage).toHaveAttribute('data-refused', /9/);
    return;
  }
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`placement with the russian fleet, a touching boat refused, both themes, ${viewport}`, async ({
    browser,
    baseURL,
  }) => {
    const user = await apiPlayer(baseURL, 'russ');
    const { slug } = await user.api.computerGame({
      level: 'easy',
      rules: makeRules({ fleet: 'russian', again: 'hit' }),
    });
    const page = await (await newContext(browser, viewport, user)).newPage();
    await page.goto(`/game/${slug}`);
    await expect(page.locator('section.game')).toHaveAttribute('data-status', 'PLACE_SHIPS');
    await expect(page.getByTestId('stage')).toHaveAttribute('data-renderer', /.+/);
    expect(shipEntries(JSON.parse((await page.getByTestId('stage').getAttribute('data-fleet')) ?? '{}'))).toHaveLength(
      10,
    );
    await touchLayout(page);
    await expect(page.getByRole('button', { name: 'Validate my ships' })).toBeDisabled();
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await checkFits(page, 'russian placement');
      await page.waitForTimeout(300);
      await shoot(page, viewport, theme, 'rules-placement-russian');
    }
  });
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`a salvo being aimed, both themes, ${viewport}`, async ({ browser, baseURL }) => {
    const user = await apiPlayer(baseURL, 'salvo');
    const { slug } = await user.api.computerGame({ level: 'easy', rules: makeRules({ shots: 'salvo' }) });
    const page = await (await newContext(browser, viewport, user)).newPage();
    await page.goto(`/game/${slug}`);
    await page.getByRole('button', { name: 'Validate my ships' }).click();
    const count = page.locator('.salvo-count');
    await expect(count).toBeVisible({ timeout: 20_000 });
    const stage = page.getByTestId('stage');
    const layout = JSON.parse((await stage.getAttribute('data-layout')) ?? '{}') as {
      opponent: { x: number; y: number; cell: number };
    };
    const canvas = await stage.locator('canvas').boundingBox();
    if (!canvas) throw new Error('no canvas');
    for (const c of [
      { x: 2, y: 2 },
      { x: 5, y: 4 },
      { x: 7, y: 7 },
    ]) {
      await page.mouse.click(
        canvas.x + layout.opponent.x + (c.x + 0.5) * layout.opponent.cell,
        canvas.y + layout.opponent.y + (c.y + 0.5) * layout.opponent.cell,
      );
    }
    await expect(count).toContainText('/ 5 aimed');
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await checkFits(page, 'salvo aiming');
      await page.waitForTimeout(300);
      await shoot(page, viewport, theme, 'rules-salvo-aiming');
    }
  });
}
