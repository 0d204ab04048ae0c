import { expect, test } from './support/test';
import { makeRules } from '../../src/game';
import { ratedGame } from '../support/rated-game';
import { apiPlayer, newContext, setTheme, shoot, text, THEMES, VIEWPORTS, type ViewportName } from './support/look';

/* The leaderboard says how ratings work (docs/game.md, Ratings), with the server's own numbers. */
for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`the leaderboard states its rules in the player's language, ${viewport}`, async ({ browser, baseURL }) => {
    const user = await apiPlayer(baseURL, 'rules');
    const page = await (await newContext(browser, viewport, user)).newPage();
    await page.goto('/leaderboard');
    const rules = page.getByRole('region', { name: 'How ratings work' });
    await expect(rules).toContainText('once both players have fired at least one shot');
    // The e2e server runs with the defaults: 3 rated games per pair a day, listed from the first (issue 36).
    await expect(rules).toContainText('at most 3 times in 24 hours');
    await expect(rules).toContainText('from their first rated game; a ? marks a rating still settling');
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
    await expect(regles).toContainText('dès leur première partie classée');
    await regles.scrollIntoViewIfNeeded();
    await shoot(page, viewport, 'light', 'leaderboard-rules-fr');
  });
}

/* Ratings are kept per set of rules: a custom mix someone is rated under is on the rules selector. */
for (const language of ['en', 'fr'] as const) {
  test(`the rules selector lists the presets and the custom mixes with ratings, ${language}`, async ({
    browser,
    baseURL,
  }) => {
    const mix = makeRules({ touch: false, again: 'hit' });
    const [winner, loser] = await Promise.all([apiPlayer(baseURL, 'mixw'), apiPlayer(baseURL, 'mixl')]);
    await ratedGame(baseURL ?? '', winner, loser, mix);
    await expect.poll(async () => (await winner.api.rating('me', mix)).rating?.games ?? 0).toBe(1);
    const page = await (await newContext(browser, 'phone', winner, language)).newPage();
    await page.goto('/leaderboard');
    const select = page.getByTestId('board-choice').getByRole('combobox');
    const custom = text(language, 'rules.customLabel', {
      rules: `${text(language, 'rules.short.touch.no')} · ${text(language, 'rules.short.again.hit')}`,
    });
    await expect(select.locator('option')).toContainText([
      text(language, 'rules.names.classic'),
      text(language, 'rules.names.russian'),
      text(language, 'rules.names.salvo'),
      text(language, 'rules.names.original'),
      custom,
    ]);
    await select.selectOption({ label: custom });
    // One rated game: the winner is listed there already, their own line saying where.
    await expect(page.getByTestId('leaderboard-me')).toContainText('1');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The select, long name and all, stays inside the window.
    const box = await select.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
    await shoot(page, 'phone', 'dark', `leaderboard-custom-rules${language === 'en' ? '' : '-fr'}`);
  });
}
