import { expect, test } from './support/test';
import { gameSection } from './match-helpers';
import { apiPlayer, checkNoSidewaysScroll, newContext, shootBothThemes, text } from './support/look';

/*
 * Issue 31, item 3: two players talk at the table in their own languages. The English player sits
 * at a desktop with the chat beside the boards; the French one holds a phone, the chat folded under
 * the boards with its unread count. A quick message is sent as its code and read in each language.
 */
test('a quick message crosses the table in each player’s language; the phone shows it as unread', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const url = baseURL ?? '';
  const [host, guest] = await Promise.all([apiPlayer(url, 'talk'), apiPlayer(url, 'parle')]);
  const { slug } = await host.api.createRoom({ userId: host.id, username: host.username, socketId: null });
  const desk = await (await newContext(browser, 'desktop', host, 'en')).newPage();
  const phone = await (await newContext(browser, 'phone', guest, 'fr')).newPage();
  await desk.goto(`/game/lobby/${slug}`);
  await phone.goto(`/game/lobby/${slug}`);
  await desk.getByRole('button', { name: text('en', 'lobby.start') }).click({ timeout: 30_000 });
  for (const page of [desk, phone]) {
    await expect(page).toHaveURL(`/game/${slug}`);
    await expect(gameSection(page)).toHaveAttribute('data-status', 'PLACE_SHIPS', { timeout: 30_000 });
  }

  // The desktop opens the chat beside the boards; the stage keeps its own room.
  const deskLines = desk.getByTestId('chat-lines');
  await expect(deskLines).toBeVisible();
  await expect(deskLines).toContainText(text('en', 'chat.empty'));
  const stage = await desk.locator('.game-stage').boundingBox();
  const panel = await desk.getByTestId('chat-panel').boundingBox();
  if (!stage || !panel) throw new Error('no stage or chat panel');
  expect(stage.x + stage.width, 'the chat covers the boards').toBeLessThanOrEqual(panel.x);

  // The phone's chat is folded; a line from the desktop shows as one unread.
  await expect(phone.getByTestId('chat-lines')).toBeHidden();
  await desk.getByRole('button', { name: text('en', 'chat.quick.good-luck') }).click();
  await expect(deskLines.getByTestId('chat-line')).toContainText(text('en', 'chat.quick.good-luck'));
  await expect(phone.getByTestId('chat-unread')).toContainText('1');
  const focused = await phone.evaluate(() => document.activeElement?.tagName);
  expect(focused, 'a line took the focus').not.toBe('INPUT');

  const toggle = phone.getByTestId('chat-toggle');
  await toggle.click();
  const phoneLines = phone.getByTestId('chat-lines');
  await expect(phoneLines.getByTestId('chat-line')).toContainText(text('fr', 'chat.quick.good-luck'));
  await expect(phone.getByTestId('chat-unread')).toHaveCount(0);
  await phone.getByRole('button', { name: text('fr', 'chat.quick.thanks') }).click();
  await expect(deskLines.getByTestId('chat-line').nth(1)).toContainText(text('en', 'chat.quick.thanks'));
  await phone.getByRole('textbox', { name: text('fr', 'chat.say') }).fill('à toi de jouer');
  await phone.getByRole('button', { name: text('fr', 'chat.send') }).click();
  await expect(deskLines.getByTestId('chat-line').nth(2)).toContainText('à toi de jouer');

  await checkNoSidewaysScroll(phone, 'the game page with its chat open');
  await shootBothThemes(desk, 'desktop', 'game-chat');
  await shootBothThemes(phone, 'phone', 'game-chat-fr');
  await toggle.click();
  await shootBothThemes(phone, 'phone', 'game-chat-folded-fr');
  await desk.getByRole('button', { name: text('en', 'game.validate') }).click();
  await phone.getByRole('button', { name: text('fr', 'game.validate') }).click();
  await expect(gameSection(phone)).toHaveAttribute('data-status', 'PLAY');
  await shootBothThemes(phone, 'phone', 'game-chat-play-fr');
});
