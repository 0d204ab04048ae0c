import { expect, test } from './support/test';
import { apiPlayer, newContext, setTheme, shoot, THEMES, VIEWPORTS, type ViewportName } from './support/look';

/*
 * Per-account caps (docs/deploy.md): the server's 429 carries a reason that the page tells in the
 * player's language. The e2e server runs with the default caps (3 public games per account).
 */
for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`a refused public game is told in the player's language, ${viewport}`, async ({ browser, baseURL }) => {
    const user = await apiPlayer(baseURL, 'cap');
    for (let i = 0; i < 3; i++) await user.api.createRoom({ public: true });
    const page = await (await newContext(browser, viewport, user)).newPage();
    await page.goto('/');
    await page.getByLabel('Public — list it in Open games').check();
    await page.getByRole('button', { name: 'Create a game' }).click();
    const banner = page.getByRole('alert');
    await expect(banner).toContainText(
      /^You already have 3 public games listed\. Start one, or try again in \d+\u00a0min\./,
    );
    for (const theme of THEMES) {
      await setTheme(page, theme);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, viewport, theme, 'limit-public-rooms');
    }
    await page.getByRole('button', { name: 'Profile and settings' }).click();
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Profil et réglages' }).click();
    await expect(banner).toContainText(
      /Vous avez déjà 3 parties publiques affichées\. Lancez-en une, ou réessayez dans \d+\u00a0min\./,
    );
    await shoot(page, viewport, 'light', 'limit-public-rooms-fr');
  });
}
