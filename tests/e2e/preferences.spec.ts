import { expect, test } from './support/test';

test('a French browser gets French; the English flag and the French flag switch every text', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Créer une partie' })).toBeVisible();

  await page.getByRole('button', { name: 'Profil et réglages' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Create a game' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join a game' })).toBeVisible();
  await expect(page.getByLabel('Dark mode')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('button', { name: 'Créer une partie' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rejoindre une partie' })).toBeVisible();
  await expect(page.getByLabel('Nom de la partie')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('dark by default; the toggle changes the colours of the page and of the stage', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto('/');
  const colours = () =>
    page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      return {
        body: getComputedStyle(document.body).backgroundColor,
        water: root.getPropertyValue('--stage-water').trim(),
        theme: document.documentElement.dataset.theme,
      };
    });
  const dark = await colours();
  expect(dark.theme).toBe('dark');

  await page.getByRole('button', { name: 'Profile and settings' }).click();
  const toggle = page.getByLabel('Dark mode');
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await colours();
  expect(light.body).not.toBe(dark.body);
  expect(light.water).not.toBe(dark.water);

  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect((await colours()).body).toBe(dark.body);
});
