import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

export interface Account {
  readonly username: string;
  readonly email: string;
  readonly password: string;
}

let counter = 0;

/** A fresh account per test run: the server keeps its data between tests of one run. */
export function newAccount(prefix: string): Account {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 20);
  return { username, email: `${username}@example.com`, password: 'correct-horse-42' };
}

/** Registers through the API (for tests about something else than the form). */
export async function signUpByApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/users/auth/sign-up', { data: account });
  expect(response.status()).toBe(201);
}

export async function tokenByApi(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/users/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(201);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('access_token' in body) || typeof body.access_token !== 'string') {
    throw new Error('no access_token in the login answer');
  }
  return body.access_token;
}

/** A page in English in its own browser context (its own local storage: its own user). */
export async function englishPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  return context.newPage();
}

/** Registers through the form, which logs in automatically. */
export async function registerThroughForm(page: Page, account: Account): Promise<void> {
  await page.goto('/register');
  await fillRegisterForm(page, account);
}

/** Fills the Register page's form that is open in `page` and sends it; resolves once logged in. */
export async function fillRegisterForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(`Hello ${account.username}!`)).toBeVisible();
}

/** The turn pill's text for the player who has the turn (English). */
export const YOUR_TURN = "It's your turn !";
/** What the turn says instead when a hit kept it, under rules where a hit earns another shot. */
export const SHOOT_AGAIN = 'Hit! Shoot again';

/** The page says it is this player's turn: a new one, or one a hit kept. */
const hasTheTurn = (page: Page) => page.getByText(YOUR_TURN).or(page.getByText(SHOOT_AGAIN)).first().isVisible();

/** Waits until one of the two players has the turn and returns its index. */
export async function whoseTurn(pages: readonly [Page, Page]): Promise<0 | 1> {
  let turn: 0 | 1 | null = null;
  await expect
    .poll(async () => {
      if (await hasTheTurn(pages[0])) turn = 0;
      else if (await hasTheTurn(pages[1])) turn = 1;
      return turn;
    })
    .not.toBeNull();
  return turn ?? 0;
}

/** Switches the theme through the profile panel, as a player does. */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  if ((await page.locator('html').getAttribute('data-theme')) === theme) return;
  await page.getByRole('button', { name: 'Profile and settings' }).click();
  await page.getByLabel('Dark mode').click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}
