import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
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
