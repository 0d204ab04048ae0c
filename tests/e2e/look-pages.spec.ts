import { expect, test } from './support/test';
import {
  apiPlayer,
  newContext,
  setTheme,
  shoot,
  THEMES,
  checkNoSidewaysScroll,
  checkTouchTargets,
  VIEWPORT_NAMES,
} from './support/look';

/*
 * Issue #13: every page is designed for both themes at 1280×720 and 390×844. These tests take the
 * screenshots (kept in test-results/screenshots, reviewed by eye) and check what a picture cannot
 * prove by itself: nothing overflows sideways, titles fit, touch targets are large enough.
 */
for (const viewport of VIEWPORT_NAMES) {
  test(`every page, both themes, ${viewport}`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const user = await apiPlayer(baseURL, 'look');
    const anonymous = await (await newContext(browser, viewport)).newPage();
    const member = await (await newContext(browser, viewport, user)).newPage();
    const { slug } = await user.api.createRoom({ userId: user.id, username: user.username, socketId: null });

    const pages = [
      { page: anonymous, name: 'home', path: '/', ready: anonymous.getByRole('button', { name: 'Create a game' }) },
      { page: anonymous, name: 'login', path: '/login', ready: anonymous.getByRole('heading', { name: 'Log in' }) },
      {
        page: anonymous,
        name: 'register',
        path: '/register',
        ready: anonymous.getByRole('heading', { name: 'Register' }),
      },
      {
        page: anonymous,
        name: 'not-found',
        path: '/no/such/page',
        ready: anonymous.getByRole('heading', { name: 'Page not found' }),
      },
      { page: member, name: 'home-member', path: '/', ready: member.getByText(`Hello ${user.username}!`) },
      {
        page: member,
        name: 'lobby',
        path: `/game/lobby/${slug}`,
        ready: member.getByRole('listitem').filter({ hasText: user.username }),
      },
      { page: member, name: 'profile', path: '/profile', ready: member.getByText(user.email) },
    ];
    for (const theme of THEMES) {
      for (const { page, name, path, ready } of pages) {
        await page.goto(path);
        await expect(ready).toBeVisible();
        await setTheme(page, theme);
        // Nothing is wider than the window.
        await checkNoSidewaysScroll(page, name);
        // The page title fits on at most two lines.
        const h1 = page.locator('h1').first();
        const lines = await h1.evaluate((el) => {
          const style = getComputedStyle(el);
          return Math.round(el.getBoundingClientRect().height / Number.parseFloat(style.lineHeight));
        });
        expect(lines, `${name}: the title wraps onto ${lines} lines`).toBeLessThanOrEqual(2);
        if (viewport === 'phone') await checkTouchTargets(page, name);
        await shoot(page, viewport, theme, name);
      }
    }
  });
}

test('How to play opens from Home and states the rules', async ({ browser }) => {
  const page = await (await newContext(browser, 'desktop')).newPage();
  await page.goto('/');
  await page.locator('.hero').getByRole('button', { name: 'How to play' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to play' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('10 × 10');
  await expect(dialog).toContainText('5, 4, 3, 3 and 2 cells');
  await expect(dialog).toContainText('may touch');
  await expect(dialog).toContainText('The turn passes after every shot');
  await expect(dialog).toContainText('shown whole');
  await shoot(page, 'desktop', 'dark', 'how-to-play');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
