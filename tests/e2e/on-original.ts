import { interopSkipReason, type OriginalServer, prepareOriginal, startOriginalServer } from '../support/original';
import { type Browser, expect, type Page, test } from './support/test';
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

/**
 * The original server for the tests of a spec file, started once before them (its first build may
 * take minutes) and stopped after; the file's tests run one after the other, and skip with the
 * reason where ../shared/interop/, PostgreSQL or redis-server is absent. Returns its address.
 */
export function originalServerForFile(): () => string {
  const skip = interopSkipReason();
  test.skip(skip !== null, skip ?? '');
  test.describe.configure({ mode: 'serial' });
  let original: OriginalServer | null = null;
  test.beforeAll(async () => {
    test.setTimeout(900_000);
    original = await startOriginalServer(prepareOriginal());
  });
  test.afterAll(async () => {
    await original?.stop();
  });
  return () => original?.url ?? '';
}
