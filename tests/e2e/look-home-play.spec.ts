import { join } from 'node:path';
import { expect, type Page, test } from './support/test';
import { connectClient } from '../support/players';
import {
  apiPlayer,
  newContext,
  SCREENSHOT_DIR,
  setTheme,
  shoot,
  THEMES,
  type ViewportName,
  checkNoSidewaysScroll,
  checkTouchTargets,
  shootBothThemes,
  VIEWPORT_NAMES,
} from './support/look';

/*
 * Issue 12 on Home, as issue #13 checks every page: the open games listed, a game in progress, the
 * search with the computer offered, in both themes at 1280×720 and 390×844. Screenshots go to
 * test-results/screenshots; the checks are what a picture cannot prove (nothing overflows
 * sideways, touch targets of at least 40 px on the phone).
 */
async function checkFits(page: Page, viewport: ViewportName, what: string): Promise<void> {
  await checkNoSidewaysScroll(page, what);
  if (viewport === 'phone') await checkTouchTargets(page, what);
}

for (const viewport of VIEWPORT_NAMES) {
  test(`Home with open games and a search in progress, both themes, ${viewport}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    // A host waiting in the lobby of a public room: listed among the open games.
    const host = await apiPlayer(baseURL, 'host');
    const { slug } = await host.api.createRoom({
      userId: host.id,
      username: host.username,
      socketId: null,
      public: true,
    });
    const hostSocket = await connectClient(baseURL ?? '', host.token, slug);
    expect(await hostSocket.joinRoom(slug)).toBe('UNSTARTED');
    const user = await apiPlayer(baseURL, 'look');
    // A game in progress of the viewer's own (against the computer), so that list shows too.
    await user.api.computerGame({ level: 'medium' });
    // …and a lobby of theirs whose tab was closed, which they may dismiss (issue 36, item 2).
    const lobby = (await user.api.createRoom({ userId: user.id, username: user.username, socketId: null })).slug;
    const closedTab = await connectClient(baseURL ?? '', user.token, lobby);
    expect(await closedTab.joinRoom(lobby)).toBe('UNSTARTED');
    closedTab.close();
    const page = await (await newContext(browser, viewport, user)).newPage();
    try {
      await page.goto('/');
      const row = page
        .getByRole('list', { name: 'Open games' })
        .getByRole('listitem')
        .filter({ hasText: host.username });
      await expect(row).toBeVisible();
      // The row's rules chip is as wide as its name, not stretched across the row into a bar.
      const stretched = await row.getByTestId('rules-badge').evaluate((chip: HTMLElement) => {
        const width = chip.getBoundingClientRect().width;
        chip.style.width = 'max-content';
        const own = chip.getBoundingClientRect().width;
        chip.style.width = '';
        return width - own;
      });
      expect(stretched, 'open game rules chip stretched by (px)').toBeLessThanOrEqual(1);
      await expect(page.getByRole('region', { name: 'Your games in progress' })).toBeVisible();
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkFits(page, viewport, 'home with open games');
        await shoot(page, viewport, theme, 'home-play');
        // Home is taller than a window: the whole page too, to judge the cards below the hero.
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `${viewport}-${theme}-home-play-full.png`),
          fullPage: true,
        });
      }
      const progress = page.getByRole('region', { name: 'Your games in progress' });
      // Issue 36, item 7: room and opponent names whole; on a phone the player's games before the cards.
      const cut = await progress
        .locator('.grow')
        .evaluateAll((rows) => rows.filter((el) => el.scrollWidth > el.clientWidth + 1).length);
      expect(cut, 'names cut in Your games in progress').toBe(0);
      if (viewport === 'phone') {
        const games = await progress.boundingBox();
        const create = await page.getByRole('button', { name: 'Create a game' }).boundingBox();
        expect((games?.y ?? 0) < (create?.y ?? 0), 'the own games come before the cards on a phone').toBe(true);
      }
      const waiting = progress.getByRole('listitem').filter({ hasText: lobby });
      await waiting.getByRole('button', { name: `Dismiss ${lobby}: leave this game that has not started` }).click();
      await expect(waiting).toHaveCount(0);
      // Gone for good: the player left the room; the computer game (placing ships) stays, with no Dismiss.
      await page.reload();
      await expect(progress.getByRole('listitem')).toHaveCount(1);
      await expect(progress.getByRole('button')).toHaveCount(0);

      await page.getByRole('button', { name: 'Find an opponent' }).click();
      await expect(page.getByRole('button', { name: 'Play the computer instead' })).toBeVisible();
      await shootBothThemes(page, viewport, 'home-searching', async () => {
        await checkFits(page, viewport, 'home while searching');
      });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: 'Find an opponent' })).toBeVisible();
    } finally {
      hostSocket.close();
    }
  });
}
