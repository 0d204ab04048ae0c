import { expect, type Page, test } from './support/test';
import { apiPlayer, checkNoSidewaysScroll, newContext, shootBothThemes, text } from './support/look';

/*
 * Who may challenge you, on /account (docs/game.md, "Friends"): a choice saved as it is made and
 * kept across visits. What the server does with it is the integration tests'
 * (tests/integration/challenges.test.ts, "refusals").
 */

const card = (page: Page) => page.getByTestId('challenge-settings');

test('a player says who may challenge them, on a desktop in English and a phone in French', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [ann, bea] = await Promise.all([apiPlayer(baseURL, 'ann'), apiPlayer(baseURL, 'bea')]);

  const desk = await (await newContext(browser, 'desktop', ann)).newPage();
  await desk.goto('/account');
  const everyone = card(desk).getByRole('radio', {
    name: new RegExp(text('en', 'friends.challengeSettings.everyone')),
  });
  await expect(everyone).toBeChecked();
  const friendsOnly = card(desk).getByRole('radio', {
    name: new RegExp(text('en', 'friends.challengeSettings.friends')),
  });
  await friendsOnly.check();
  await expect(card(desk).getByRole('status')).toHaveText(text('en', 'friends.challengeSettings.saved'));
  await desk.reload();
  await expect(friendsOnly).toBeChecked();
  await shootBothThemes(desk, 'desktop', 'account-challenges', async () => {
    await card(desk).scrollIntoViewIfNeeded();
    await checkNoSidewaysScroll(desk, 'account with challenge settings');
  });

  const phone = await (await newContext(browser, 'phone', bea, 'fr')).newPage();
  await phone.goto('/account');
  await expect(card(phone).getByRole('heading')).toHaveText(text('fr', 'friends.challengeSettings.title'));
  const nobody = card(phone).getByRole('radio', { name: new RegExp(text('fr', 'friends.challengeSettings.nobody')) });
  await nobody.check();
  await expect(card(phone).getByRole('status')).toHaveText(text('fr', 'friends.challengeSettings.saved'));
  await shootBothThemes(phone, 'phone', 'account-challenges-fr', async () => {
    await card(phone).scrollIntoViewIfNeeded();
    await checkNoSidewaysScroll(phone, 'account with challenge settings (fr)');
  });
  await phone.reload();
  await expect(nobody).toBeChecked();
});
