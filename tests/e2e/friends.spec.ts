import { expect, type Page, test } from './support/test';
import { apiPlayer, checkNoSidewaysScroll, newContext, shootBothThemes, text, type ViewportName } from './support/look';

/*
 * Friends, challenges and direct messages as two players see them (docs/game.md, "Friends"): a
 * desktop and a phone. The rules behind them are the integration tests'
 * (tests/integration/friends.test.ts, challenges.test.ts, direct-messages.test.ts, presence.test.ts).
 */

async function look(page: Page, viewport: ViewportName, name: string): Promise<void> {
  await shootBothThemes(page, viewport, name, () => checkNoSidewaysScroll(page, name));
}

test('two players befriend, see each other online, play from a challenge and write to each other', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(110_000);
  const [alice, bob] = await Promise.all([apiPlayer(baseURL, 'ali'), apiPlayer(baseURL, 'bob')]);
  const a = await (await newContext(browser, 'desktop', alice)).newPage();
  const b = await (await newContext(browser, 'phone', bob)).newPage();
  await Promise.all([a.goto('/friends'), b.goto('/friends')]);
  const bobNav = b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Friends/ });

  // Alice finds Bob and asks; Bob is told live, the navigation counting it, and accepts.
  await a.getByTestId('add-friend-search').fill(bob.username);
  const result = a.getByTestId('add-friend-result').filter({ hasText: bob.username });
  await result.getByRole('button', { name: text('en', 'friends.add') }).click();
  await expect(a.getByTestId('outgoing-request')).toContainText(bob.username);
  await expect(result).toContainText(text('en', 'friends.requestSent'));
  await expect(b.getByTestId('incoming-request')).toContainText(alice.username);
  await expect(bobNav.locator('.nav-badge')).toContainText('1');
  await look(b, 'phone', 'friends-request');
  await b
    .getByTestId('incoming-request')
    .getByRole('button', { name: text('en', 'friends.accept') })
    .click();

  // Each sees the other in the list, online.
  const bobRow = a.getByTestId('friend-row').filter({ hasText: bob.username });
  await expect(bobRow.getByTestId('friend-presence')).toHaveText(text('en', 'friends.presence.online'));
  await expect(b.getByTestId('friend-row').filter({ hasText: alice.username })).toHaveAttribute(
    'data-status',
    'online',
  );
  await expect(a.getByTestId('outgoing-request')).toHaveCount(0);
  await expect(bobNav.locator('.nav-badge')).toHaveCount(0);
  await look(a, 'desktop', 'friends');

  // Alice challenges Bob to a salvo game; Bob, on another page, gets it with its countdown and accepts.
  // Within the app, as a player moves: a whole page load would drop Bob's socket for a moment, and
  // a challenge sent in that moment is refused (not online), however the list looked.
  await b
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: text('en', 'nav.leaderboard') })
    .tap();
  await expect(b).toHaveURL('/leaderboard');
  await bobRow.getByRole('button', { name: text('en', 'friends.challenge.button') }).click();
  const dialog = a.getByRole('dialog');
  await expect(dialog).toContainText(text('en', 'friends.challenge.lead', { name: bob.username }));
  await dialog.getByTestId('rules-choice').locator('input[name$="-preset"][value="salvo"]').check();
  await dialog.getByTestId('send-challenge').click();
  await expect(a.getByTestId('outgoing-challenge')).toContainText(bob.username);
  const incoming = b.getByTestId('incoming-challenge');
  await expect(incoming).toContainText(alice.username);
  await expect(incoming.getByTestId('rules-badge')).toHaveAttribute('data-rules', 'salvo');
  await expect(incoming.getByTestId('challenge-countdown')).toHaveText(/^\d\d? s left$/);
  await look(b, 'phone', 'challenge-incoming');
  await incoming.getByRole('button', { name: text('en', 'friends.challenge.accept') }).click();
  await expect(b).toHaveURL(/\/game\/lobby\/[\w-]+$/);
  const room = new URL(b.url()).pathname;
  await expect(a).toHaveURL(new RegExp(`${room}$`));

  // While they sit in the room, Alice writes to Bob: the message waits for him, counted in his navigation.
  await a.goto('/friends');
  await expect(bobRow.getByTestId('friend-presence')).toHaveText(
    new RegExp(`${text('en', 'friends.presence.online')}|${text('en', 'friends.presence.playing')}`),
  );
  await bobRow.getByRole('link', { name: text('en', 'friends.message') }).click();
  await a.getByTestId('message-draft').fill('good game, again tomorrow?');
  await a.getByTestId('message-draft').press('Enter');
  await expect(a.getByTestId('message')).toHaveText(/good game, again tomorrow\?/);
  await expect(bobNav.locator('.nav-badge')).toContainText('1');
  await bobNav.click();
  await b.getByTestId('messages-link').click();
  const conversation = b.getByTestId('conversation-row').filter({ hasText: alice.username });
  await expect(conversation).toContainText('good game, again tomorrow?');
  await conversation.click();
  await expect(b.getByTestId('message')).toHaveText(/good game, again tomorrow\?/);
  await expect(bobNav.locator('.nav-badge')).toHaveCount(0);
  await b.getByTestId('message-draft').fill('sure!');
  await b.getByTestId('send-message').click();
  await expect(a.getByTestId('message').last()).toHaveText(/sure!/);
  await look(b, 'phone', 'conversation');
  await look(a, 'desktop', 'conversation');
});
