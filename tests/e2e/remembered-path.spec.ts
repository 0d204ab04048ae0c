import { expect, test } from './support/test';
import { newAccount, signUpByApi, tokenByApi } from './helpers';

test('an anonymous visit to a lobby lands on /login and returns there after login', async ({ browser, request }) => {
  const account = newAccount('cat');
  await signUpByApi(request, account);
  const token = await tokenByApi(request, account);
  const created = await request.post('/room', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: null, username: null, socketId: null },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };

  const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await page.goto(`/game/lobby/${slug}`);
  await expect(page).toHaveURL('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(`/game/lobby/${slug}`);
  await expect(page.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveText([account.username]);
});

test('a wrong password shows the server message in the banner', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL('/login');
});
