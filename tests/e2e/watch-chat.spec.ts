import { expect, test } from './support/test';
import { apiPlayer, checkNoSidewaysScroll, newContext, shootBothThemes, text } from './support/look';
import { roomInPlay } from './support/room-in-play';

/*
 * Issue 31: the spectators talk among themselves on the watch page (an English desktop, a French
 * phone with the chat folded), the players never read them during the game, and afterwards the
 * game's lines show beside its replay, each at its move. The server here keeps the players' chat
 * from spectators (the default); which lines reach whom is tests/integration/chat-spectators.test.ts's.
 */
test('spectators talk beside the boards; the replay shows the game’s lines at their moves', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const url = baseURL ?? '';
  const [ann, ben, fan, fane] = await Promise.all([
    apiPlayer(url, 'chatann'),
    apiPlayer(url, 'chatben'),
    apiPlayer(url, 'watcher'),
    apiPlayer(url, 'regarde'),
  ]);
  const live = await roomInPlay(url, ann, ben);
  const [annClient] = live.clients;
  await annClient.say('gl hf');
  for (let shot = 0; shot < 6; shot++) await live.fire();

  const desk = await (await newContext(browser, 'desktop', fan, 'en')).newPage();
  const phone = await (await newContext(browser, 'phone', fane, 'fr')).newPage();
  for (const page of [desk, phone]) {
    await page.goto(`/game/${live.slug}/watch`);
    await expect(page.getByTestId('boards-stage')).toHaveAttribute('data-status', 'PLAY');
  }

  // The desktop's chat is open beside the boards and says who reads it; the players' line is not there.
  const deskLines = desk.getByTestId('chat-lines');
  await expect(deskLines).toContainText(text('en', 'chat.empty'));
  await expect(desk.getByTestId('chat-who-reads')).toHaveText(text('en', 'chat.readsWatching'));
  const boards = await desk.getByTestId('boards-stage').boundingBox();
  const panel = await desk.getByTestId('chat-panel').boundingBox();
  if (!boards || !panel) throw new Error('no boards or chat panel');
  expect(boards.x + boards.width, 'the chat covers the boards').toBeLessThanOrEqual(panel.x);

  // A quick message from the desktop: one unread on the phone, read in French once opened.
  await expect(phone.getByTestId('chat-lines')).toBeHidden();
  await desk.getByRole('button', { name: text('en', 'chat.quick.nice-shot') }).click();
  await expect(phone.getByTestId('chat-unread')).toContainText('1');
  await phone.getByTestId('chat-toggle').click();
  await expect(phone.getByTestId('chat-line')).toContainText(text('fr', 'chat.quick.nice-shot'));
  await phone.getByRole('textbox', { name: text('fr', 'chat.say') }).fill('allez Ben !');
  await phone.getByRole('button', { name: text('fr', 'chat.send') }).click();
  await expect(deskLines.getByTestId('chat-line').nth(1)).toContainText('allez Ben !');
  // The players read neither line while they play.
  expect(annClient.chat.map((line) => line.text)).toEqual(['gl hf']);

  await checkNoSidewaysScroll(phone, 'the watch page with its chat open');
  await shootBothThemes(desk, 'desktop', 'watch-chat');
  await shootBothThemes(phone, 'phone', 'watch-chat-fr');

  // To the end; the players say good game.
  while (!(await live.fire()));
  await annClient.say('gg');
  const gameId = (await ann.api.history('me')).games[0]?.gameId ?? 0;
  const shots = (await ann.api.gameRecord(gameId)).shots.length;

  // A player's replay: the lobby's line at the start, the spectators' at shot 6, "gg" at the last shot.
  const replay = await (await newContext(browser, 'desktop', ann, 'en')).newPage();
  await replay.goto(`/replay/${gameId}?shot=6`);
  const lines = replay.getByTestId('replay-chat-line');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(0)).toContainText(text('en', 'replay.chatBefore'));
  await expect(lines.nth(1)).toHaveAttribute('data-state', 'now');
  await expect(lines.nth(1)).toContainText(text('en', 'chat.quick.nice-shot'));
  await expect(lines.nth(3)).toHaveAttribute('data-state', 'later');
  await expect(lines.nth(3)).toContainText(text('en', 'replay.chatMove', { n: shots }));
  await shootBothThemes(replay, 'desktop', 'replay-chat');
  await lines.nth(3).getByRole('button').click();
  await expect(replay.getByTestId('replay-counter')).toContainText(`${shots} / ${shots}`);
  await expect(lines.nth(3)).toHaveAttribute('data-state', 'now');

  // A spectator's replay, on the phone: the spectators' lines only (this server keeps the players' to them).
  await phone.goto(`/replay/${gameId}?shot=6`);
  await expect(phone.getByTestId('replay-chat-line')).toHaveCount(2);
  await checkNoSidewaysScroll(phone, 'the replay with its chat');
  await shootBothThemes(phone, 'phone', 'replay-chat-fr', async () => {
    await phone.getByTestId('replay-chat').scrollIntoViewIfNeeded();
  });
  for (const client of live.clients) client.close();
});
