import { expect, test } from './support/test';
import { gameSection } from './match-helpers';
import { apiPlayer, newContext } from './support/look';

/* Issue 36, item 8: a fleet being arranged is still there after a reload, until it is validated. */

async function fleetOf(page: import('@playwright/test').Page): Promise<string> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-fleet', /\{/);
  return (await stage.getAttribute('data-fleet')) ?? '';
}

test('a placement not yet validated survives a reload; a validated one is the server’s; Resign’s question leaves the title whole', async ({
  browser,
  baseURL,
}) => {
  // Three stage loads and two reloads: several times a page's first load on a busy machine.
  test.setTimeout(180_000);
  const user = await apiPlayer(baseURL, 'keep');
  const { slug } = await user.api.computerGame({ level: 'easy' });
  const page = await (await newContext(browser, 'desktop', user)).newPage();
  await page.goto(`/game/${slug}`);
  const validate = page.getByRole('button', { name: 'Validate my ships' });
  // The first visit loads the stage's chunk and starts WebGL: slow on a busy machine.
  await expect(validate).toBeVisible({ timeout: 30_000 });
  const dealt = await fleetOf(page);
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await expect.poll(() => fleetOf(page)).not.toBe(dealt);
  const arranged = await fleetOf(page);

  await page.reload();
  await expect(validate).toBeVisible();
  expect(await fleetOf(page)).toBe(arranged);

  // Another room starts from its own random layout, not this one.
  const other = await user.api.computerGame({ level: 'easy' });
  await page.goto(`/game/${other.slug}`);
  await expect(validate).toBeVisible();
  expect(await fleetOf(page)).not.toBe(arranged);

  await page.goto(`/game/${slug}`);
  expect(await fleetOf(page)).toBe(arranged);
  await validate.click();
  await expect(gameSection(page)).toHaveAttribute('data-status', 'PLAY');
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('broadside.draft.'))),
  ).toEqual([expect.stringContaining(other.slug)]);

  // Issue 36, item 7: asking to resign leaves the game's title whole (it was squeezed to 'keep_… vs Compu…').
  const title = page.locator('.game-title');
  await page.getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByRole('button', { name: 'Keep playing' })).toBeVisible();
  expect(await title.evaluate((h) => h.scrollWidth - h.clientWidth), 'the title is cut').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Keep playing' }).click();
});
