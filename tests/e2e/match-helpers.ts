import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { type Account, newAccount, setTheme, signUpByApi, tokenByApi } from './helpers';

export interface Player {
  readonly account: Account;
  readonly context: BrowserContext;
  page: Page;
}

/**
 * A signed-up, logged-in player in its own browser context (own local storage), in English. The
 * login goes through the API and the stored user, as a returning player's browser has it: these
 * tests are about the game, the login form has its own.
 */
export async function loggedInPlayer(browser: Browser, request: APIRequestContext, prefix: string): Promise<Player> {
  const account = newAccount(prefix);
  await signUpByApi(request, account);
  const token = await tokenByApi(request, account);
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: string };
  const user = JSON.stringify({ id: claims.id, username: account.username, access_token: token });
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('broadside.user')) localStorage.setItem('broadside.user', stored);
  }, user);
  const page = await context.newPage();
  return { account, context, page };
}

export function gameSection(page: Page) {
  return page.locator('section.game');
}

/**
 * `host` creates a game (with a turn clock when asked), `guest` joins it by its link, both place
 * their random fleets, and the game is in PLAY on both screens. Returns the slug.
 */
export async function startGame(host: Player, guest: Player, clock: 'Off' | '30 s' | '60 s' = 'Off'): Promise<string> {
  await host.page.goto('/');
  await host.page.getByRole('radio', { name: clock }).check();
  await host.page.getByRole('button', { name: 'Create a game' }).click();
  await expect(host.page.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  const slug = decodeURIComponent(new URL(host.page.url()).pathname.split('/').pop() ?? '');
  expect(slug).not.toBe('');
  await guest.page.goto(`/game/lobby/${encodeURIComponent(slug)}`);
  await expect(host.page.getByRole('button', { name: 'Start the game' })).toBeEnabled();
  await guest.page.getByRole('button', { name: 'Start the game' }).click();
  for (const player of [host, guest]) {
    await expect(player.page).toHaveURL(`/game/${slug}`);
    await player.page.getByRole('button', { name: 'Validate my ships' }).click();
  }
  for (const player of [host, guest]) await expect(gameSection(player.page)).toHaveAttribute('data-status', 'PLAY');
  return slug;
}

/** Two fresh players, ann hosting, in PLAY. */
export async function twoPlayersInPlay(
  browser: Browser,
  request: APIRequestContext,
  clock: 'Off' | '30 s' | '60 s' = 'Off',
): Promise<{ ann: Player; ben: Player; slug: string }> {
  const ann = await loggedInPlayer(browser, request, 'ann');
  const ben = await loggedInPlayer(browser, request, 'ben');
  const slug = await startGame(ann, ben, clock);
  return { ann, ben, slug };
}

/** `loser` resigns (through the confirmation); both screens reach the end. */
export async function resign(loser: Player, other: Player): Promise<void> {
  await loser.page.getByRole('button', { name: 'Resign' }).click();
  await loser.page.getByRole('button', { name: 'Yes, resign' }).click();
  for (const player of [loser, other]) await expect(gameSection(player.page)).toHaveAttribute('data-status', 'ENDED');
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * With SCREENSHOTS_DIR set, saves the page as it is now in both themes at 1280x720 and 390x844
 * (for people to look at; nothing is compared), then puts the page back as it was.
 */
export async function captureStates(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      // The stage measures its box on resize; give it its frame before the picture.
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(dir, `${name}-${theme}-${viewport.name}.png`) });
    }
  }
  await setTheme(page, 'dark');
  if (original) await page.setViewportSize(original);
}
