import { type Browser, expect, type Page } from './support/test';
import { type Account, fillRegisterForm, newAccount } from './helpers';
import { captureStates } from './match-helpers';

/** One of our web clients on the original server, in its own browser context. */
export interface OriginalPlayer {
  readonly page: Page;
  readonly account: Account;
  /** Console errors and page errors, the capabilities probe's expected 404 left out. */
  readonly errors: string[];
}

export async function originalPlayer(browser: Browser, prefix: string): Promise<OriginalPlayer> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The original answers 404 on /capabilities: that is how the client learns it speaks SPEC only.
    if (message.location().url.endsWith('/capabilities')) return;
    errors.push(message.text());
  });
  return { page, account: newAccount(prefix), errors };
}

/** Points the page at the original server `url` (Register page, "Advanced"), then signs up, which logs in. */
export async function signUpOnOriginal(
  { page, account }: OriginalPlayer,
  url: string,
  screenshots?: string,
): Promise<void> {
  await page.goto('/register');
  await page.getByText('Advanced').click();
  await page.getByLabel('Server').fill(url);
  await page.getByRole('button', { name: 'Use this server' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'original protocol only' })).toBeVisible();
  if (screenshots) await captureStates(page, screenshots);
  await fillRegisterForm(page, account);
}
