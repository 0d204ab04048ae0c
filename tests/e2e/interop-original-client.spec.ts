import { type Browser, expect, type Page, test } from './support/test';
import { interopArchiveMissing, prepareOriginal, serveOriginalClient, type StaticSite } from '../support/original';
import { newAccount } from './helpers';

/*
 * The original client (Battleship-React, built from ../shared/interop/) on our server, in real
 * Chromium: two pages sign up, create and join a room, place, shoot until "{username} won !", then
 * Replay (docs/protocol.md, "Interoperability"). The client is served from another origin than our
 * API, as it is deployed, so CORS is part of the test.
 */

const missing = interopArchiveMissing();
test.skip(missing !== null, missing ?? '');
test.describe.configure({ mode: 'serial' });

let site: StaticSite | null = null;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(900_000);
  site = await serveOriginalClient(prepareOriginal(), baseURL ?? '');
});
test.afterAll(async () => {
  await site?.stop();
});

async function originalPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

async function register(page: Page, prefix: string): Promise<string> {
  const account = newAccount(prefix);
  await page.goto(`${site?.url}/register`);
  await page.locator('input[type=text]').nth(0).fill(account.username);
  await page.locator('input[type=text]').nth(1).fill(account.email);
  await page.locator('input[type=password]').nth(0).fill(account.password);
  await page.locator('input[type=password]').nth(1).fill(account.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Create a game' })).toBeVisible();
  return account.username;
}

/** The grid this player shoots at during PLAY (the original's BattlePlace). */
const shotGrid = (page: Page) => page.locator('#grid.playing:not(.in-game)');

/**
 * The cells (row × 10 + column) of this player's own fleet, read off the original's ship overlay,
 * where each ship is placed by its CSS grid-row and grid-column (`2 / 5`: rows 1 to 3).
 */
async function ownFleetCells(page: Page): Promise<number[]> {
  const spans = await page
    .locator('.user-grid .ship')
    .evaluateAll((ships) => ships.map((s) => [(s as HTMLElement).style.gridRow, (s as HTMLElement).style.gridColumn]));
  const range = (span: string | undefined) => {
    const [from = 1, to = 1] = (span ?? '').split('/').map((n) => Number(n.trim()));
    return Array.from({ length: Math.max(0, to - from) }, (_, k) => from - 1 + k);
  };
  return spans.flatMap(([rows, columns]) => range(rows).flatMap((r) => range(columns).map((c) => r * 10 + c)));
}

test('the original client plays a whole game on our server, to "{username} won !" and Replay', async ({ browser }) => {
  test.setTimeout(300_000);
  const a = await originalPage(browser);
  const b = await originalPage(browser);
  const names = [await register(a.page, 'oa'), await register(b.page, 'ob')];

  await a.page.getByRole('button', { name: 'Create a game' }).click();
  await a.page.waitForURL(/\/game\/lobby\/[^/]+$/);
  const slug = decodeURIComponent(new URL(a.page.url()).pathname.split('/').pop() ?? '');
  await b.page.getByPlaceholder('Name of the game').fill(slug);
  await b.page.getByRole('button', { name: 'Join a game' }).click();
  await expect(a.page.getByText('Waiting for players')).toBeVisible();
  for (const name of names) await expect(a.page.getByText(name, { exact: true })).toBeVisible();

  const start = a.page.getByRole('button', { name: 'Start the game' });
  await expect(start).toBeEnabled();
  await start.click();
  for (const { page } of [a, b]) {
    await page.waitForURL(new RegExp(`/game/${slug}$`));
    await page.getByRole('button', { name: 'Validate my ships' }).click();
  }
  const pages = [a.page, b.page];
  await expect
    .poll(async () =>
      (await Promise.all(pages.map((p) => p.getByText("It's your turn !").count()))).reduce((x, y) => x + y),
    )
    .toBe(1);

  // Each page aims at the other's fleet, read from the other's own grid, then at every cell in order
  // (so a game takes some 40 shots, not 170); our server passes the turn after every shot.
  const fleets = [await ownFleetCells(b.page), await ownFleetCells(a.page)];
  for (const fleet of fleets) expect(fleet).toHaveLength(17);
  const order = fleets.map((fleet) => [
    ...fleet,
    ...Array.from({ length: 100 }, (_, c) => c).filter((c) => !fleet.includes(c)),
  ]);
  const next = [0, 0];
  let winner = -1;
  for (let move = 0; move < 220 && winner < 0; move++) {
    const turn = await Promise.race(
      pages.map((page, i) =>
        page
          .getByText("It's your turn !")
          .waitFor({ timeout: 20_000 })
          .then(() => i),
      ),
    );
    const page = pages[turn] as Page;
    const grid = shotGrid(page);
    let k = next[turn] ?? 0;
    let cell = order[turn]?.[k] ?? 0;
    for (;;) {
      const target = grid.locator(`[data-row="${Math.floor(cell / 10)}"][data-col="${cell % 10}"]`);
      if ((await target.getAttribute('class'))?.trim() === 'cell E') break;
      k++;
      cell = order[turn]?.[k] ?? 0;
    }
    next[turn] = k + 1;
    const target = grid.locator(`[data-row="${Math.floor(cell / 10)}"][data-col="${cell % 10}"]`);
    await target.click();
    // The shot shows on the grid, or the game is over (the page then shows both fleets instead).
    const won = page.getByText(/ won !$/);
    await expect(target.or(won)).not.toHaveClass(/cell E$/);
    if ((await won.count()) > 0) winner = turn;
    else await expect(page.getByText("It's your turn !")).toHaveCount(0);
  }
  expect(winner).toBeGreaterThanOrEqual(0);
  const shown = await pages[0]?.getByText(/ won !$/).textContent();
  expect(names.map((n) => `${n} won !`)).toContain(shown?.trim());
  for (const page of pages) await expect(page.getByText(shown?.trim() ?? '')).toBeVisible();

  await a.page.getByRole('button', { name: 'Replay' }).click();
  await expect(a.page.getByRole('button', { name: 'Validate my ships' })).toBeVisible();
  expect([...a.errors, ...b.errors]).toEqual([]);
});
