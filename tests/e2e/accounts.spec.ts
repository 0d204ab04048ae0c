import { expect, type Page, test } from './support/test';
import { e2eSmtpPort } from '../support/e2e-ports';
import { newPlayer } from '../support/players';
import { ratedGame } from '../support/rated-game';
import { startSmtpSink } from '../support/smtp-sink';
import {
  apiPlayer,
  checkNoSidewaysScroll,
  checkTouchTargets,
  type LanguageName,
  newContext,
  shootBothThemes,
  text,
  type ViewportName,
} from './support/look';

/*
 * Profiles and your account as players see them (docs/game.md, "Profiles", "Your account"): real
 * browsers, a desktop and a phone, both languages. The rules behind them are the integration
 * tests' (tests/integration/accounts.test.ts, password-reset.test.ts); here, what a player does.
 */

const PASSWORD = 'correct horse battery';

/** A page's look in both themes, after the checks a picture cannot make. */
async function look(page: Page, viewport: ViewportName, name: string): Promise<void> {
  await shootBothThemes(page, viewport, name, async () => {
    await checkNoSidewaysScroll(page, name);
    if (viewport === 'phone') await checkTouchTargets(page, name);
  });
}

test('a player finds another by name, opens their profile and the replay of their game, and blocks them', async ({
  browser,
  baseURL,
}) => {
  const [alice, bob] = await Promise.all([apiPlayer(baseURL, 'ali'), apiPlayer(baseURL, 'bob')]);
  await ratedGame(baseURL ?? '', alice, bob);
  const page = await (await newContext(browser, 'desktop', alice)).newPage();

  await page.goto('/leaderboard');
  await page.getByTestId('find-player').click();
  await page.getByRole('searchbox', { name: 'Username' }).fill(bob.username.toUpperCase());
  await expect(page.getByTestId('search-count')).toHaveText(
    `One player’s name starts with “${bob.username.toUpperCase()}”.`,
  );
  await look(page, 'desktop', 'players-search');
  await page
    .getByTestId('search-results')
    .getByRole('link', { name: new RegExp(bob.username) })
    .click();

  await expect(page.getByRole('heading', { name: bob.username })).toBeVisible();
  await expect(page.getByTestId('player-since')).toHaveText(/^Playing since \w+ \d{4}$/);
  await expect(page.getByTestId('rules-stats')).toContainText('0 of 1');
  const game = page.getByTestId('history').getByRole('link');
  await expect(game).toContainText(text('en', 'history.against', { opponent: alice.username }));
  await expect(page.locator('body')).not.toContainText('@');
  // The whole name shows: no rule of another page's names (a game's players bar) cuts it short.
  const heading = page.getByTestId('player-name');
  expect(await heading.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await look(page, 'desktop', 'player-profile');

  await game.click();
  await expect(page).toHaveURL(/\/replay\/\d+(\?shot=\d+)?$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(/No message, friend request, challenge or game will pass between you/)).toBeVisible();
  await page.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `You blocked ${bob.username}` })).toBeVisible();
  // Still blocked after a reload: the server says so in GET /users/:id.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
});

test('on a phone, in French: rename, a new password that logs the other device out, then deleting the account', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const fr = (key: string, values: Record<string, string> = {}) => text('fr' satisfies LanguageName, key, values);
  const [alice, bob] = await Promise.all([apiPlayer(baseURL, 'ali'), apiPlayer(baseURL, 'bob')]);
  await ratedGame(baseURL ?? '', alice, bob);
  // Bob on his phone, and logged in on a computer too.
  const phone = await (await newContext(browser, 'phone', bob, 'fr')).newPage();
  const { access_token: elsewhere } = await bob.api.login({ email: bob.email, password: PASSWORD });
  const computer = await (await newContext(browser, 'desktop', { ...bob, token: elsewhere }, 'fr')).newPage();

  await phone.goto('/profile');
  await phone.getByTestId('account-link').click();
  await expect(phone.getByRole('heading', { name: fr('account.title'), exact: true })).toBeVisible();
  await look(phone, 'phone', 'account');

  const renamed = `b${bob.id.slice(0, 8)}`;
  const name = phone.getByRole('textbox', { name: fr('account.username') });
  await name.fill(renamed);
  await phone.getByRole('button', { name: fr('account.usernameSave') }).click();
  await expect(phone.getByText(fr('account.usernameDone', { username: renamed }))).toBeVisible();

  const card = phone.getByTestId('account-password');
  await card.getByLabel(fr('account.currentPassword')).fill(PASSWORD);
  await card.getByLabel(fr('account.newPassword'), { exact: true }).fill('a brand new password');
  await card.getByLabel(fr('account.newPasswordAgain')).fill('a brand new password');
  await card.getByRole('button', { name: fr('account.passwordSave') }).click();
  await expect(card.getByText(fr('account.passwordDone'))).toBeVisible();
  // The other device is out; this one goes on with the token the change gave it, new name included.
  await computer.goto('/profile');
  await expect(computer.getByText(fr('errors.sessionEnded'))).toBeVisible();
  await expect(computer).toHaveURL(/\/login$/);
  await phone.goto('/profile');
  await expect(phone.getByText(`${bob.email}`)).toBeVisible();
  await expect(phone.locator('.identity .username')).toHaveText(renamed);

  await phone.getByTestId('account-link').click();
  await phone.getByRole('button', { name: fr('account.deleteOpen') }).click();
  await phone.getByLabel(fr('account.deletePassword')).fill('a brand new password');
  await phone.getByRole('button', { name: fr('account.deleteConfirm') }).click();
  await expect(phone.getByRole('heading', { name: fr('account.deletedTitle') })).toBeVisible();
  await look(phone, 'phone', 'account-deleted');

  // Alice, on her computer in English: the game stays, against a deleted player; his profile is gone.
  const desk = await (await newContext(browser, 'desktop', alice)).newPage();
  await desk.goto('/profile');
  await expect(desk.getByTestId('history')).toContainText(
    text('en', 'history.against', { opponent: 'Deleted player' }),
  );
  await desk.goto(`/player/${bob.id}`);
  await expect(desk.getByRole('heading', { name: 'No such player' })).toBeVisible();
  // His e-mail logs nobody in any more.
  const login = await (await newContext(browser, 'phone', null, 'fr')).newPage();
  await login.goto('/login');
  await login.getByLabel(text('fr', 'login.email')).fill(bob.email);
  await login.getByLabel(text('fr', 'login.password')).fill('a brand new password');
  await login.getByRole('button', { name: text('fr', 'login.submit') }).click();
  await expect(login.getByText(text('fr', 'errors.server.invalidLogin'))).toBeVisible();
});

test('a forgotten password, reset from the link of a real e-mail, in French', async ({ browser, baseURL }) => {
  const sink = await startSmtpSink(e2eSmtpPort());
  try {
    const carol = await newPlayer(baseURL ?? '', 'carol');
    const context = await newContext(browser, 'desktop', null, 'fr');
    let page = await context.newPage();
    const fr = (key: string, values: Record<string, string> = {}) => text('fr', key, values);
    await page.goto('/login');
    await page.getByRole('link', { name: fr('login.forgot') }).click();
    await expect(page.getByRole('heading', { name: fr('reset.title') })).toBeVisible();
    await look(page, 'desktop', 'reset-request');
    await page.getByLabel(fr('login.email')).fill(carol.email);
    const arriving = sink.next(carol.email);
    await page.getByRole('button', { name: fr('reset.send') }).click();
    await expect(page.getByTestId('reset-sent')).toHaveText(fr('reset.sent', { email: carol.email }));

    const mail = await arriving;
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe Broadside');
    const link = /https?:\/\/\S+\/reset-password#token=\S+/.exec(mail.text)?.[0];
    expect(link?.startsWith(`${baseURL}/reset-password#token=`)).toBe(true);
    // The link opens from the mail reader: a new tab.
    await page.close();
    page = await context.newPage();
    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { name: fr('reset.chooseTitle') })).toBeVisible();
    // The token leaves the address bar as soon as the page has read it.
    await expect(page).toHaveURL(`${baseURL}/reset-password`);
    await look(page, 'desktop', 'reset-choose');
    await page.getByLabel(fr('account.newPassword'), { exact: true }).fill('my new secret phrase');
    await page.getByLabel(fr('account.newPasswordAgain')).fill('my new secret phrase');
    await page.getByRole('button', { name: fr('reset.save') }).click();
    await expect(page.getByTestId('reset-done')).toBeVisible();
    await page.getByRole('link', { name: fr('reset.logIn') }).click();
    await page.getByLabel(fr('login.email')).fill(carol.email);
    await page.getByLabel(fr('login.password')).fill('my new secret phrase');
    await page.getByRole('button', { name: fr('login.submit') }).click();
    await expect(page.getByText(fr('home.greeting', { username: carol.username }))).toBeVisible();
  } finally {
    await sink.close();
  }
});
