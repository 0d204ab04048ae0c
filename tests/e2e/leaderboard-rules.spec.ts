import { expect, test } from '@playwright/test';
import { apiPlayer, newContext, setTheme, shoot, THEMES, VIEWPORTS, type ViewportName } from './support/look';

/* The leaderboard says how ratings work (docs/game.md, Ratings), with the server's own numbers. */
for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`the leaderboard states its rules in the player's language, ${viewport}`, async ({ browser, baseURL }) => {
    const user = await apiPlayer(baseURL, 'rules');
    const page = await (await newContext(browser, viewport, user)).newPage();
    await page.goto('/leaderboard');
    const rules = page.getByRole('region', { name: 'How ratings work' });
    await expect(rules).toContainText('once both players have fired at least one shot');
    // The e2e server runs with the defaults: 3 rated games per pair a day, listed from 5.
    await expect(rules).toContainText('at most 3 times in 24 hours');
    await expect(rules).toContainText('at least 5 rated games');
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await rules.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, viewport, theme, 'leaderboard-rules');
    }
    await page.getByRole('button', { name: 'Profile and settings' }).click();
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Profil et réglages' }).click();
    const regles = page.getByRole('region', { name: 'Comment fonctionne le classement' });
    await expect(regles).toContainText('au plus 3 fois en 24 heures');
    await expect(regles).toContainText('au moins 5 parties classées');
    await regles.scrollIntoViewIfNeeded();
    await shoot(page, viewport, 'light', 'leaderboard-rules-fr');
  });
}
