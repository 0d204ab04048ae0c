import { expect, test } from './support/test';
import { apiPlayer, checkNoSidewaysScroll, newContext, shootBothThemes, text } from './support/look';
import { moderator } from './support/moderator';
import { roomInPlay } from './support/room-in-play';

/*
 * Issue 34: the operator's console as the Operations tab of /admin, with a game in play on the
 * server; what it draws from the answers is tests/unit/app/operations-section.test.tsx's. Desktop
 * in English and phone in French, both themes, screenshotted.
 */
test('the operator’s console shows the node serving and the room in play, on a desktop and a phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const url = baseURL ?? '';
  const [admin, ann, ben] = await Promise.all([moderator(url), apiPlayer(url, 'opsann'), apiPlayer(url, 'opsben')]);
  const live = await roomInPlay(url, ann, ben);
  for (let shot = 0; shot < 4; shot++) await live.fire();

  for (const [viewport, language] of [
    ['desktop', 'en'],
    ['phone', 'fr'],
  ] as const) {
    const page = await (await newContext(browser, viewport, admin, language)).newPage();
    await page.goto('/admin?section=operations');
    await expect(page.getByRole('link', { name: text(language, 'operations.section') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('ops-node').first()).toHaveAttribute('data-phase', 'serving');
    const room = page.getByTestId('ops-room').filter({ hasText: live.slug });
    await expect(room).toHaveAttribute('data-status', 'PLAY');
    await expect(room).toContainText(ann.username);
    await expect(page.getByTestId('ops-updated')).not.toHaveText(text(language, 'app.loading'));
    await checkNoSidewaysScroll(page, 'the operator’s console');
    await shootBothThemes(page, viewport, `operations-${language}`);
    await page.context().close();
  }
  for (const client of live.clients) client.close();
});
