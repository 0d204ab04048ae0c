import { expect, test } from './support/test';
import { captureStates } from './match-helpers';
import { originalPlayer, signUpOnOriginal, originalServerForFile } from './on-original';

/*
 * Friends and direct messages of our web client on the original server (docs/protocol.md,
 * "Interoperability"), in real Chromium, one browser context each: Ann finds Ben by his whole
 * username (the original has no search), Ben accepts, they write to each other through the
 * original's /friends and /messages routes; presence, challenges, search, decline, withdraw and
 * remove, which it lacks, are nowhere. Nothing comes live there: what the other did shows on the
 * next reading (every 5 s). Skips with the reason where ../shared/interop/, PostgreSQL or
 * redis-server is absent. With SCREENSHOTS_DIR set, the Friends and conversation pages are saved.
 */

const originalUrl = originalServerForFile();

/** A reading of the original's lists, every 5 s, may take a little longer on a loaded machine. */
const NEXT_READING = { timeout: 20_000 };

test('two of our clients befriend each other and exchange messages through the original', async ({ browser }) => {
  test.setTimeout(180_000);
  const url = originalUrl();
  const ann = await originalPlayer(browser, 'fa');
  const ben = await originalPlayer(browser, 'fb');
  await signUpOnOriginal(ann, url);
  await signUpOnOriginal(ben, url);
  const annName = ann.account.username;
  const benName = ben.account.username;

  // Friends is in the menu there; its page says what this server lacks and offers no search.
  await ann.page.getByRole('link', { name: 'Friends' }).first().click();
  await expect(ann.page.getByTestId('friends-page')).toBeVisible();
  await expect(ann.page.getByText('no presence, challenges or search')).toBeVisible();
  await expect(ann.page.getByTestId('add-friend-search')).toHaveCount(0);
  await expect(ann.page.getByText('No friends yet. Add a player below by their username.')).toBeVisible();

  // A name nobody has, then Ben's whole name in another case.
  const field = ann.page.getByLabel('Username (or player id)');
  await field.fill(`${benName}zz`);
  await ann.page.getByRole('button', { name: 'Add friend' }).click();
  await expect(ann.page.getByText('No player has this username on this server.')).toBeVisible();
  await field.fill(benName.toUpperCase());
  await ann.page.getByRole('button', { name: 'Add friend' }).click();
  await expect(ann.page.getByText(`Request sent to ${benName}.`)).toBeVisible();
  const sent = ann.page.getByTestId('outgoing-request');
  await expect(sent).toContainText(benName);
  await expect(sent.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await captureStates(ann.page, 'original-server-friends-sent');

  // Ben opens Friends: Ann's request is there, with Accept and no Decline.
  await ben.page.goto('/friends');
  const request = ben.page.getByTestId('incoming-request');
  await expect(request).toContainText(annName, NEXT_READING);
  await expect(request.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(request).toHaveCount(0);
  const annRow = ben.page.locator(`[data-testid="friend-row"][data-username="${annName}"]`);
  await expect(annRow).toBeVisible();
  // No presence, Challenge or Remove on the original.
  await expect(annRow.getByTestId('friend-presence')).toHaveCount(0);
  await expect(annRow.getByRole('button', { name: 'Challenge' })).toHaveCount(0);
  await expect(annRow.getByRole('button', { name: /Remove/ })).toHaveCount(0);

  // Ann's page reads the lists again: Ben is her friend, her request gone.
  const benRow = ann.page.locator(`[data-testid="friend-row"][data-username="${benName}"]`);
  await expect(benRow).toBeVisible(NEXT_READING);
  await expect(sent).toHaveCount(0);
  await captureStates(ann.page, 'original-server-friends');

  // Ann writes to Ben.
  await benRow.getByRole('link', { name: 'Message' }).click();
  await expect(ann.page.getByRole('heading', { name: benName })).toBeVisible();
  await ann.page.getByTestId('message-draft').fill('Ahoy Ben, a game tonight?');
  await ann.page.getByTestId('send-message').click();
  await expect(ann.page.getByTestId('message')).toHaveText([/Ahoy Ben, a game tonight\?/]);

  // Ben finds the conversation under Messages (the original's GET /messages), opens it and answers.
  await ben.page.getByTestId('messages-link').click();
  const row = ben.page.getByTestId('conversation-row');
  await expect(row).toContainText(annName, NEXT_READING);
  await expect(row).toContainText('Ahoy Ben, a game tonight?');
  await row.click();
  await expect(ben.page.getByTestId('message')).toHaveText([/Ahoy Ben, a game tonight\?/]);
  await ben.page.getByTestId('message-draft').fill('Aye, at nine!');
  await ben.page.keyboard.press('Enter');
  await expect(ben.page.getByTestId('message')).toHaveText([/Ahoy Ben/, /Aye, at nine!/]);

  // Ann's open conversation reads it on the next reading.
  await expect(ann.page.getByTestId('message')).toHaveText([/Ahoy Ben/, /Aye, at nine!/], NEXT_READING);
  await captureStates(ann.page, 'original-server-conversation');

  expect([...ann.errors, ...ben.errors]).toEqual([]);
});
