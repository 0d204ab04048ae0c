import { expect, type Page, test } from './support/test';
import { roomInPlay } from './support/room-in-play';
import { apiPlayer, newContext, setTheme, shoot, THEMES, checkNoSidewaysScroll, VIEWPORT_NAMES } from './support/look';

/*
 * Issue 14, look: the watch page, the replay viewer, the profile's history and the leaderboard in
 * both themes at 1280×720 and 390×844. The screenshots are reviewed by eye; the checks here are what
 * a picture cannot prove alone: the board never covers the replay controls, nothing scrolls
 * sideways, the step buttons draw their icons, history rows keep their date on one line.
 */

/** The part of two boxes that overlap, in px² (0 when they do not). */
async function overlap(page: Page, first: string, second: string): Promise<number> {
  const [a, b] = [await page.getByTestId(first).boundingBox(), await page.getByTestId(second).boundingBox()];
  if (!a || !b) throw new Error(`${first} or ${second} is not on the page`);
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, w) * Math.max(0, h);
}

/**
 * The replay controls are usable where they are: inside the window, and nothing drawn over them
 * (a tap at the centre of each control reaches it). On a phone they float over
 * the two stacked boards while the page scrolls; scrolled to the end, the boards sit wholly above.
 */
async function controlsAtHand(page: Page, viewport: string): Promise<void> {
  const controls = page.getByTestId('replay-controls');
  await expect(controls).toBeInViewport({ ratio: 1 });
  // Each button, the slider and the speed menu answers a tap at its centre: nothing lies over it.
  const covered = await controls.evaluate((el) =>
    [...el.querySelectorAll('button, input, select')]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return !control.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent ?? control.tagName),
  );
  expect(covered, 'replay controls covered by something else').toEqual([]);
  if (viewport === 'phone') {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => overlap(page, 'boards-stage', 'replay-controls'), {
        message: 'scrolled to the end, the board is under the controls',
      })
      .toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
  } else {
    expect(await overlap(page, 'boards-stage', 'replay-controls'), 'the board covers the controls').toBe(0);
  }
}

test('watch, replay, history and leaderboard look finished in both themes on both screens', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const base = baseURL ?? '';
  const [ann, ben] = [await apiPlayer(base, 'lookann'), await apiPlayer(base, 'lookben')];

  // Two finished games (history, ratings, a replay) and a third one in play (watch).
  let gameId = 0;
  for (let round = 0; round < 2; round++) {
    const done = await roomInPlay(base, ann, ben);
    while (!(await done.fire()));
    for (const client of done.clients) client.close();
  }
  gameId = (await ann.api.history('me')).games[0]?.gameId ?? 0;
  expect(gameId).toBeGreaterThan(0);
  const live = await roomInPlay(base, ann, ben);
  for (let i = 0; i < 12; i++) await live.fire();

  for (const viewport of VIEWPORT_NAMES) {
    const page = await (await newContext(browser, viewport, ann)).newPage();
    for (const theme of THEMES) {
      // Watch: the boards, the status line and the audience badge.
      await page.goto(`/game/${live.slug}/watch`);
      await expect(page.getByTestId('boards-stage')).toHaveAttribute('data-status', 'PLAY');
      await setTheme(page, theme);
      await checkNoSidewaysScroll(page, 'watch');
      await shoot(page, viewport, theme, 'watch');

      // Replay: the controls are at hand, never under the boards; the step buttons draw their icons.
      await page.goto(`/replay/${gameId}?shot=20`);
      await expect(page.getByTestId('replay-counter')).toContainText('20 /');
      await expect(page.getByTestId('boards-stage')).toBeVisible();
      await setTheme(page, theme);
      await checkNoSidewaysScroll(page, 'replay');
      await controlsAtHand(page, viewport);
      for (const name of ['First shot', 'Previous shot', 'Next shot', 'Last shot']) {
        const button = page.getByRole('button', { name });
        await expect(button).toBeVisible();
        await expect(button.locator('svg')).toBeVisible();
      }
      if (viewport === 'phone') {
        // Every control of the viewer is a comfortable touch target.
        const small = await page.getByTestId('replay-controls').evaluate((controls) =>
          [...controls.querySelectorAll('button, input, select')]
            .map((el) => ({ el, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && box.height < 40)
            .map(({ el, box }) => `${el.tagName} "${el.getAttribute('aria-label') ?? el.textContent}" ${box.height}px`),
        );
        expect(small, 'replay controls under 40 px').toEqual([]);
      }
      await shoot(page, viewport, theme, 'replay');
      await page.getByRole('button', { name: 'Last shot' }).click();
      await expect(page.getByTestId('boards-stage')).toHaveAttribute('data-status', 'ENDED');
      await controlsAtHand(page, viewport);
      await shoot(page, viewport, theme, 'replay-end');

      // Profile: each history row keeps its date on one line and its result badge whole.
      await page.goto('/profile');
      const rows = page.getByTestId('history').getByRole('listitem');
      await expect(rows).toHaveCount(2);
      // A rated game says what its number is: the rating moved by it, on one line.
      await expect(rows.first().locator('.history-rating')).toHaveText(/^rating [+\u2212-]\d+$/);
      await setTheme(page, theme);
      await checkNoSidewaysScroll(page, 'profile');
      for (const part of ['time', '.badge', '.history-rating']) {
        const lines = await rows
          .first()
          .locator(part)
          .evaluate((el) =>
            Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
          );
        expect(lines, `a history row's ${part} wraps`).toBeLessThanOrEqual(1);
      }
      await shoot(page, viewport, theme, 'profile');
      await rows.last().scrollIntoViewIfNeeded();
      await shoot(page, viewport, theme, 'profile-history');

      await page.goto('/leaderboard');
      await expect(page.getByTestId('leaderboard-me')).toBeVisible();
      await setTheme(page, theme);
      await checkNoSidewaysScroll(page, 'leaderboard');
      await shoot(page, viewport, theme, 'leaderboard');
    }
    await page.close();
  }
  for (const client of live.clients) client.close();
});
