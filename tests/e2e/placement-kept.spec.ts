import { expect, test } from '@playwright/test';
import { gameSection } from './match-helpers';
import { apiPlayer, newContext } from './support/look';

/* Issue 36, item 8: a fleet being arranged is still there after a reload, until it is validated. */

async function fleetOf(page: import('@playwright/test').Page): Promise<string> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-fleet', /\{/);
  return (await stage.getAttribute('data-fleet')) ?? '';
}

test('a placement not yet validated survives a reload; a validated one is the server’s', async ({
  browser,
  baseURL,
}) => {
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
});
