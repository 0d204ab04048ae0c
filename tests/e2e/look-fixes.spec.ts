import { expect, test } from './support/test';
import { englishPage, newAccount } from './helpers';
import { apiPlayer } from './support/look';

/* Issue #13's smaller defects, each checked the way a player meets it. */

test('registering from an invitation link lands in that lobby', async ({ browser, baseURL }) => {
  const host = await apiPlayer(baseURL, 'host');
  const { slug } = await host.api.createRoom({ userId: host.id, username: host.username, socketId: null });
  const page = await englishPage(browser);
  await page.goto(`/game/lobby/${slug}`);
  await expect(page).toHaveURL('/login');
  // The form's own link (the header has one for visitors too).
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  const account = newAccount('guest');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(`/game/lobby/${slug}`);
  await expect(page.getByRole('listitem').filter({ hasText: account.username })).toBeVisible();
});

test('the banner translates server messages, never stacks one twice and leaves with the error', async ({ browser }) => {
  const page = await englishPage(browser);
  await page.goto('/register');
  const account = newAccount('short');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  const submit = page.getByRole('button', { name: 'Register' });
  await submit.click();
  // The banner's accessible name is translated too, so it is found by its class across languages.
  const banner = page.locator('.banner');
  await expect(banner).toContainText('The password needs at least 8 characters.');
  await submit.click();
  await submit.click();
  await expect(banner.locator('.banner-message')).toHaveCount(1);

  // In French, the same server rule reads in French.
  await page.getByRole('button', { name: 'Profile and settings' }).click();
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(banner).toContainText('Le mot de passe doit contenir au moins 8 caractères.');
  await page.getByRole('button', { name: 'Profil et réglages' }).click();

  // Fixing the form and sending it again: the error is gone, so is its banner.
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByLabel('Confirmer le mot de passe').fill(account.password);
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page).toHaveURL('/');
  await expect(banner).toHaveCount(0);
});
