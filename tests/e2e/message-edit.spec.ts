import { expect, test } from './support/test';
import { befriend, friendsOf } from '../support/people';
import { apiPlayer, checkNoSidewaysScroll, newContext, shootBothThemes, text } from './support/look';

/*
 * Editing one's own direct message (docs/game.md, "Friends"): in place on the conversation page,
 * the friend seeing the new text live, marked edited. Who may edit what is the integration tests'
 * (tests/integration/direct-messages.test.ts).
 */

test('a player edits their own message in place and the friend sees it change, desktop English and phone French', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [ann, bob] = await Promise.all([apiPlayer(baseURL, 'ann'), apiPlayer(baseURL, 'bob')]);
  await befriend(ann, bob);
  await friendsOf(bob).send(ann.id, 'ready for a rematch?');
  await friendsOf(ann).send(bob.id, 'see you at 8');

  const a = await (await newContext(browser, 'desktop', ann)).newPage();
  const b = await (await newContext(browser, 'phone', bob, 'fr')).newPage();
  await Promise.all([a.goto(`/messages/${bob.id}`), b.goto(`/messages/${ann.id}`)]);
  const mine = a.getByTestId('message').filter({ hasText: 'see you at 8' });
  await expect(mine).toBeVisible();
  // Only one's own messages offer Edit.
  await expect(
    a.getByTestId('message').filter({ hasText: 'ready for a rematch?' }).getByTestId('edit-message'),
  ).toHaveCount(0);

  await mine.getByRole('button', { name: text('en', 'messages.editThisLabel') }).click();
  const field = a.getByTestId('message-edit-field');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('see you at 8');
  await field.fill('see you at 9, same room');
  await shootBothThemes(a, 'desktop', 'message-editing', () => checkNoSidewaysScroll(a, 'a message being edited'));
  // Escape leaves it as it was; Enter keeps the new text.
  await field.press('Escape');
  await expect(a.getByTestId('message-editor')).toHaveCount(0);
  await expect(mine).toContainText('see you at 8');
  await mine.getByTestId('edit-message').click();
  await a.getByTestId('message-edit-field').fill('see you at 9, same room');
  await a.getByTestId('message-edit-field').press('Enter');
  const edited = a.getByTestId('message').filter({ hasText: 'see you at 9, same room' });
  await expect(edited).toContainText(text('en', 'messages.edited'));

  // Bob, on his phone in French, sees the new text replace the old one, marked edited.
  const seen = b.getByTestId('message').filter({ hasText: 'see you at 9, same room' });
  await expect(seen).toContainText(text('fr', 'messages.edited'));
  await expect(b.getByTestId('message').filter({ hasText: 'see you at 8' })).toHaveCount(0);
  await expect(seen.getByTestId('edit-message')).toHaveCount(0);
  await shootBothThemes(b, 'phone', 'message-edited-fr', () => checkNoSidewaysScroll(b, 'an edited message'));

  // Bob edits his own on the phone: the editor fits the small screen.
  await b.getByTestId('message').filter({ hasText: 'ready for a rematch?' }).getByTestId('edit-message').click();
  await b.getByTestId('message-edit-field').fill('ready for a rematch? salvo this time');
  await shootBothThemes(b, 'phone', 'message-editing-fr', () =>
    checkNoSidewaysScroll(b, 'a message being edited (fr)'),
  );
  await b.getByTestId('message-edit-save').click();
  await expect(a.getByTestId('message').filter({ hasText: 'salvo this time' })).toContainText(
    text('en', 'messages.edited'),
  );
});
