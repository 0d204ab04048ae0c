import { expect, type Page, test } from './support/test';
import { type Coord, createRng, GRID_SIZE, randomFleet, type ShipMap } from '../../src/game';
import { connectClient, waitForState } from '../support/players';
import { clickCell, highlightShare } from './board';
import { apiPlayer, newContext, text, type LanguageName } from './support/look';

/*
 * Issue 36, item 6: the sections of the app are found from every page, on a desktop in the header
 * and on a phone in a bar at the bottom of the screen; a visitor finds Log in and Register in the
 * header, and "Find an opponent" takes them to Register.
 */

async function navBox(page: Page, language: LanguageName = 'en') {
  const nav = page.getByRole('navigation', { name: text(language, 'nav.main') });
  await expect(nav).toBeVisible();
  const box = await nav.boundingBox();
  if (!box) throw new Error('the main navigation has no box');
  return box;
}

test('desktop: the header leads to every section, a visitor to Log in and Register', async ({ browser, baseURL }) => {
  const user = await apiPlayer(baseURL, 'nav');
  const page = await (await newContext(browser, 'desktop', user)).newPage();
  await page.goto('/');
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Main' });
  expect((await navBox(page)).y).toBeLessThan(60);
  await nav.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL('/leaderboard');
  await expect(nav.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(user.email)).toBeVisible();
  await nav.getByRole('link', { name: 'Play' }).click();
  await expect(page.getByText(`Hello ${user.username}!`)).toBeVisible();

  const visitor = await (await newContext(browser, 'desktop')).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await visitor.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await expect(visitor.getByRole('heading', { name: 'Register' })).toBeVisible();
});

for (const language of ['en', 'fr'] as const satisfies readonly LanguageName[]) {
  test(`phone (${language}): the sections are a bar at the bottom of every page but the game's`, async ({
    browser,
    baseURL,
  }) => {
    const user = await apiPlayer(baseURL, 'nav');
    const page = await (await newContext(browser, 'phone', user, language)).newPage();
    await page.goto('/');
    const box = await navBox(page, language);
    // Along the bottom edge of the window, across its whole width, and every entry fits in it.
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(Math.round(box.width)).toBe(390);
    const nav = page.getByRole('navigation', { name: text(language, 'nav.main') });
    for (const key of ['nav.play', 'nav.watch', 'nav.leaderboard', 'nav.friends', 'nav.profile']) {
      const label = nav.getByRole('link', { name: text(language, key) }).locator('.nav-label');
      await expect(label).toBeVisible();
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), `${key} is cut`).toBe(true);
    }
    await nav.getByRole('link', { name: text(language, 'nav.leaderboard') }).tap();
    await expect(page).toHaveURL('/leaderboard');
    await expect(page.getByTestId('leaderboard-rules')).toBeVisible();
    // The last thing on a long page is not hidden behind the bar: the page scrolls past it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const lastBottom = await page
      .locator('main > *')
      .last()
      .evaluate((el) => el.getBoundingClientRect().bottom);
    expect(lastBottom).toBeLessThanOrEqual(box.y);

    // The game page gives the stage the whole height: no bar there (its Back leads out).
    const { slug } = await user.api.computerGame({ level: 'easy' });
    await page.goto(`/game/${slug}`);
    await expect(page.getByRole('button', { name: text(language, 'game.validate') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: text(language, 'nav.main') })).toBeHidden();
  });
}

test('phone: a visitor finds Log in and Register beside the logo, and Find an opponent leads to Register', async ({
  browser,
}) => {
  const page = await (await newContext(browser, 'phone')).newPage();
  await page.goto('/');
  const header = page.getByRole('banner');
  for (const name of ['Log in', 'Register', 'Profile and settings']) {
    const box = await header.getByRole(name === 'Profile and settings' ? 'button' : 'link', { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), `${name} runs off the screen`).toBeLessThanOrEqual(390);
  }
  await page.getByRole('button', { name: 'Find an opponent' }).tap();
  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
});

/** The cells of the grid no ship of `fleet` covers, in reading order. */
function waterOf(fleet: ShipMap): Coord[] {
  const ships = new Set(Object.values(fleet).flatMap((cells) => cells.map((c) => `${c.x},${c.y}`)));
  const cells = Array.from({ length: GRID_SIZE * GRID_SIZE }, (_, i) => ({
    x: i % GRID_SIZE,
    y: Math.floor(i / GRID_SIZE),
  }));
  return cells.filter((c) => !ships.has(`${c.x},${c.y}`));
}

test('Watch lists the games being played; a row opens the game as a spectator, each player’s figures under their name, the last shot ringed, the replay at the end', async ({
  browser,
  baseURL,
}) => {
  const [host, guest, watcher] = await Promise.all([
    apiPlayer(baseURL, 'host'),
    apiPlayer(baseURL, 'guest'),
    apiPlayer(baseURL, 'watch'),
  ]);
  const { slug } = await host.api.createRoom({ userId: host.id, username: host.username, socketId: null });
  const seats = await Promise.all([host, guest].map((p) => connectClient(baseURL ?? '', p.token, slug)));
  for (const seat of seats) await seat.joinRoom(slug);
  await seats[0]?.startGame(slug);

  const page = await (await newContext(browser, 'desktop', watcher)).newPage();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watch' }).click();
  await expect(page.getByRole('heading', { name: 'Live games' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: host.username });
  await expect(row).toContainText(guest.username);
  await expect(row).toContainText('placing ships');
  await row.getByRole('link', { name: `Watch ${host.username} vs ${guest.username}` }).click();
  await expect(page).toHaveURL(`/game/${slug}/watch`);
  await expect(page.getByRole('heading', { name: `${host.username} vs ${guest.username}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watch' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The host goes on in a browser (its page takes the seat over from the host's socket), to see
  // the last-shot ring on their own stage (item 4) and the rating change on the end card (item 3).
  const [one, two] = seats as [NonNullable<(typeof seats)[0]>, NonNullable<(typeof seats)[1]>];
  const hostPage = await (await newContext(browser, 'desktop', host)).newPage();
  await hostPage.goto(`/game/${slug}`);
  await expect(hostPage.getByTestId('stage')).toHaveAttribute('data-status', 'PLACE_SHIPS');
  one.close();
  await hostPage.getByRole('button', { name: 'Validate my ships' }).click();
  const hostFleet = JSON.parse((await hostPage.getByTestId('stage').getAttribute('data-fleet')) ?? '{}') as ShipMap;

  // Issue 36, item 5: each player's count of misses stands under their own name.
  const fleets = [hostFleet, randomFleet(createRng(37))] as const;
  expect(await two.placeShips(fleets[1])).toBeNull();
  await expect(hostPage.getByTestId('stage')).toHaveAttribute('data-status', 'PLAY');
  const players = [host, guest] as const;
  const turnOf = async (): Promise<0 | 1> => {
    const state = await waitForState(two, (s) => s.gameStatus === 'PLAY' && s.members.some((m) => m.hasToPlay), 20_000);
    return state.members.find((m) => m.hasToPlay)?.userId === host.id ? 0 : 1;
  };
  const first = await turnOf();
  const second = first === 0 ? 1 : 0;
  const shotsBy: [number, number] = [0, 0];
  const targets: [Coord[], Coord[]] = [[], []];
  // The guest fires last: their shot at the host's grid is the latest, the host's own click the one before.
  for (const shooter of first === 0 ? ([0, 1, 0, 1] as const) : ([1, 0, 1] as const)) {
    const id = players[shooter].id;
    await waitForState(two, (s) => s.members.some((m) => m.userId === id && m.hasToPlay), 20_000);
    const target = waterOf(fleets[shooter === 0 ? 1 : 0])[shotsBy[shooter]++] as Coord;
    targets[shooter].push(target);
    if (shooter === 1) expect(await two.shoot(target)).toEqual('M');
    else {
      // The host clicks, as a player does; the pointer then leaves the grid.
      await clickCell(hostPage, 'opponent', target);
      await hostPage.mouse.move(1, 1);
      await waitForState(two, (s) => s.members.some((m) => m.userId === guest.id && m.hasToPlay), 20_000);
    }
  }
  const figures = (i: number) =>
    page.getByTestId(i === 0 ? 'header-player' : 'header-opponent').locator('.board-stats');
  await expect(page.getByTestId(first === 0 ? 'header-player' : 'header-opponent')).toContainText(
    players[first].username,
  );
  const count = (n: number) => new RegExp(`^${n} (shots?|·)`);
  await expect(figures(first)).toHaveText(count(shotsBy[first]));
  await expect(figures(second)).toHaveText(count(shotsBy[second]));

  // Issue 36, item 4: the ring sits on the guest's latest shot at the host's grid, on the host's own
  // stage and the spectator's (the host's board is the first, "player" one there), and nowhere else.
  const latest = targets[1].at(-1) as Coord;
  const ring = { timeout: 10_000, message: 'the last shot is ringed' };
  await expect.poll(() => highlightShare(hostPage, 'player', latest), ring).toBeGreaterThan(0.08);
  await expect.poll(() => highlightShare(page, 'player', latest, 'cell', 'boards-stage'), ring).toBeGreaterThan(0.08);
  for (const older of targets[1].slice(0, -1)) {
    expect(await highlightShare(hostPage, 'player', older), 'an older shot is not ringed').toBeLessThan(0.01);
    expect(await highlightShare(page, 'player', older, 'cell', 'boards-stage')).toBeLessThan(0.01);
  }
  // The cell the host clicked last keeps no square (the keyboard's cursor read as the last shot there).
  const clicked = targets[0].at(-1) as Coord;
  expect(await highlightShare(hostPage, 'opponent', clicked, 'corners'), 'no cursor square').toBeLessThan(0.01);

  expect(await two.resign(slug)).toBeNull();
  // Item 3: both have fired, so the game is rated; the host's end card says by how much, once it is.
  await expect(hostPage.getByTestId('end-rating')).toHaveText(/^Rating 1,500 → 1,\d{3} \(\+\d+\)$/, {
    timeout: 15_000,
  });
  await page.getByRole('link', { name: 'Watch the replay' }).click();
  await expect(page).toHaveURL(/\/replay\/\d+(\?shot=\d+)?$/);
  await expect(page.getByTestId('boards-stage')).toBeVisible();
  for (const seat of seats) seat.close();
  await hostPage.context().close();
});
