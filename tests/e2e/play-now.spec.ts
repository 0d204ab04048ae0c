import { expect, type Page, test } from './support/test';
import { SHOOTERS, type ShotStrategy } from '../../src/bots';
import { createRng } from '../../src/game';
import type { SpectatorFrame } from '../../src/protocol/spectators';
import { connectClient, newPlayer } from '../support/players';
import { clickCell } from './board';
import { gameSection, loggedInPlayer, type Player } from './match-helpers';

/*
 * Issue 12, "Play any time", in the browser: a whole game against the computer, a quick match
 * between two browsers, the computer offered while searching, and a public room seen and joined
 * from another browser's Open games list. The server runs with BOT_DELAY_MS_* = 0 and
 * QUICK_MATCH_OFFER_SECONDS = 3 (playwright.config.ts).
 */

const YOUR_TURN = "It's your turn !";

function slugOf(page: Page): string {
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
}

async function home(player: Player): Promise<void> {
  await player.page.goto('/');
  await expect(player.page.getByText(`Hello ${player.account.username}!`)).toBeVisible();
}

function players(page: Page) {
  return page.getByRole('list', { name: 'Players' });
}

test('a player plays a whole game against the computer (Easy) by clicking the canvas', async ({
  browser,
  request,
  baseURL,
}) => {
  // Up to about 60 shots through a software-rendered stage on a loaded 2-core machine.
  test.setTimeout(420_000);
  const solo = await loggedInPlayer(browser, request, 'solo');
  await home(solo);
  const { page } = solo;
  await expect(page.getByRole('radio', { name: /^Easy/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Medium/ }).check();
  await page.getByRole('radio', { name: /^Easy/ }).check();
  await page.getByRole('button', { name: 'Play the computer', exact: true }).click();

  // Straight to ship placement: the computer is the second member, shown as such.
  await expect(page).toHaveURL(/\/game\/[^/]+$/);
  const slug = slugOf(page);
  await expect(gameSection(page)).toHaveAttribute('data-status', 'PLACE_SHIPS');
  await expect(players(page).getByRole('listitem')).toHaveCount(2);
  const computerRow = players(page).getByRole('listitem').filter({ hasText: 'Computer (Easy)' });
  await expect(computerRow).toContainText('computer');
  await page.getByRole('button', { name: 'Validate my ships' }).click();
  await expect(gameSection(page)).toHaveAttribute('data-status', 'PLAY');

  // A spectator socket (another account) reads the computer's grid as the public knows it, so the
  // player can aim like a person would: around each hit until the ship sinks.
  const watcher = await newPlayer(baseURL ?? '', 'watch');
  const spectator = await connectClient(baseURL ?? '', watcher.token, slug);
  const first = await spectator.watchRoom(slug);
  if ('error' in first) throw new Error(`watchRoom: ${first.error}`);
  const frame = (): SpectatorFrame => {
    const current = spectator.frame;
    if (!current) throw new Error('no spectator frame');
    return current;
  };
  const me = (f: SpectatorFrame) => f.players.find((p) => p.userId !== 'bot-easy');
  const computer = (f: SpectatorFrame) => f.players.find((p) => p.userId === 'bot-easy');
  expect(computer(frame())).toBeDefined();

  const shooter = SHOOTERS.hunt as ShotStrategy;
  const rng = createRng(12);
  let shots = 0;
  try {
    while (frame().status === 'PLAY') {
      // The server and the page both say it is this player's turn (or the game is over).
      await expect
        .poll(() => frame().status !== 'PLAY' || frame().turn === me(frame())?.userId, { timeout: 20_000 })
        .toBe(true);
      if (frame().status !== 'PLAY') break;
      await expect(page.getByText(YOUR_TURN)).toBeVisible();
      const target = computer(frame());
      if (!target) throw new Error('the computer left the frame');
      const cell = shooter.nextShot({ grid: target.board, sunk: target.ships }, rng);
      await clickCell(page, 'opponent', cell);
      shots += 1;
      // The shot is recorded before the next one is aimed.
      await expect.poll(() => me(frame())?.shots, { timeout: 20_000 }).toBe(shots);
      expect(shots).toBeLessThanOrEqual(100);
    }
  } finally {
    spectator.close();
  }

  // The end screen, the same on the page and in the record.
  await expect(gameSection(page)).toHaveAttribute('data-status', 'ENDED');
  const winner = frame().winner;
  expect(winner).not.toBeNull();
  const winnerName = winner?.userId === 'bot-easy' ? 'Computer (Easy)' : solo.account.username;
  await expect(page.locator('.winner')).toHaveText(`${winnerName} won !`);
  console.log(`a whole game against the computer: ${shots} shots by the player, won by ${winnerName}`);

  // The profile counts it against the computer, not against people.
  await page.goto('/profile');
  const record = page.getByTestId('computer-record');
  await expect(record.locator('dt:has-text("Games") + dd')).toHaveText('1');
  await expect(record.locator('dt:has-text("Wins") + dd')).toHaveText(winner?.userId === 'bot-easy' ? '0' : '1');
  await expect(page.locator('dt:has-text("Games played") + dd')).toHaveText('0');
});

test('searching shows the time waited, can be cancelled, and offers the computer after the delay', async ({
  browser,
  request,
}) => {
  const cara = await loggedInPlayer(browser, request, 'cara');
  await home(cara);
  const { page } = cara;
  // By keyboard: the focus goes from Find to Cancel and back as one replaces the other.
  await page.getByRole('button', { name: 'Find an opponent' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Searching for an opponent…' })).toBeVisible();
  await expect(page.getByTestId('search-time')).toHaveText(/^0:0\d$/);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Find an opponent' })).toBeFocused();
  await expect(page.getByTestId('search-time')).toHaveCount(0);

  // Searching again: after QUICK_MATCH_OFFER_SECONDS (3 s here) the computer is offered, at the
  // level chosen in its card, and the time goes on.
  await page.getByRole('radio', { name: /^Medium/ }).check();
  await page.getByRole('button', { name: 'Find an opponent' }).click();
  await expect(page.getByTestId('search-time')).toHaveText('0:01');
  const offer = page.getByRole('button', { name: 'Play the computer instead' });
  await expect(offer).toBeVisible();
  await expect(page.getByText('Nobody yet. Play the computer (Medium) instead?')).toBeVisible();
  await expect(page.getByTestId('search-time')).toHaveText(/^0:0[3-9]$/);
  await offer.click();
  await expect(page).toHaveURL(/\/game\/[^/]+$/);
  await expect(players(page).getByRole('listitem').filter({ hasText: 'Computer (Medium)' })).toBeVisible();
  await expect(gameSection(page)).toHaveAttribute('data-status', 'PLACE_SHIPS');
});

test('two browsers click "Find an opponent" and land in the same room', async ({ browser, request }) => {
  const ann = await loggedInPlayer(browser, request, 'qann');
  const ben = await loggedInPlayer(browser, request, 'qben');
  await home(ann);
  await home(ben);
  await ann.page.getByRole('button', { name: 'Find an opponent' }).click();
  await expect(ann.page.getByRole('status').filter({ hasText: 'Searching for an opponent…' })).toBeVisible();
  await ben.page.getByRole('button', { name: 'Find an opponent' }).click();
  for (const player of [ann, ben]) {
    await expect(player.page).toHaveURL(/\/game\/[^/]+$/);
    await expect(gameSection(player.page)).toHaveAttribute('data-status', 'PLACE_SHIPS');
  }
  expect(slugOf(ann.page)).toBe(slugOf(ben.page));
  for (const player of [ann, ben]) {
    for (const name of [ann.account.username, ben.account.username]) {
      await expect(players(player.page).getByRole('listitem').filter({ hasText: name })).toBeVisible();
    }
  }
});

test('quick match pairs only players who chose the same rules', async ({ browser, request }) => {
  const ann = await loggedInPlayer(browser, request, 'qrann');
  const ben = await loggedInPlayer(browser, request, 'qrben');
  const cal = await loggedInPlayer(browser, request, 'qrcal');
  for (const player of [ann, ben, cal]) await home(player);
  const salvo = 'One shot per ship you still have afloat';
  await ann.page.getByTestId('rules-choice').getByText(salvo).click();
  await ann.page.getByRole('button', { name: 'Find an opponent' }).click();
  await expect(ann.page.getByRole('status').filter({ hasText: 'Searching for an opponent…' })).toBeVisible();
  // Ben asks for classic rules: he is not paired with Ann, both keep searching.
  await ben.page.getByRole('button', { name: 'Find an opponent' }).click();
  await expect(ben.page.getByRole('status').filter({ hasText: 'Searching for an opponent…' })).toBeVisible();
  await ben.page.waitForTimeout(1_000);
  for (const player of [ann, ben]) await expect(player.page).toHaveURL(/\/$/);
  // Cal asks for a salvo too: Ann and Cal land in one room of those rules.
  await cal.page.getByTestId('rules-choice').getByText(salvo).click();
  await cal.page.getByRole('button', { name: 'Find an opponent' }).click();
  for (const player of [ann, cal]) {
    await expect(player.page).toHaveURL(/\/game\/[^/]+$/);
    await expect(player.page.getByTestId('rules-badge').first()).toContainText('Salvo');
  }
  expect(slugOf(ann.page)).toBe(slugOf(cal.page));
  await expect(ben.page).toHaveURL(/\/$/);
  await ben.page.getByRole('button', { name: 'Cancel' }).click();
});

test('a public room appears in the Open games of another browser, live, and joining it works', async ({
  browser,
  request,
}) => {
  const ann = await loggedInPlayer(browser, request, 'pann');
  const ben = await loggedInPlayer(browser, request, 'pben');
  await home(ben);
  const list = ben.page.getByRole('list', { name: 'Open games' });
  // Nothing of Ann's yet (other tests' rooms may be listed).
  await expect(list.getByRole('listitem').filter({ hasText: ann.account.username })).toHaveCount(0);

  await home(ann);
  // Ann's room is a salvo one: the list says so, so that nobody joins rules they did not expect.
  await ann.page.getByTestId('rules-choice').getByText('One shot per ship you still have afloat').click();
  await ann.page.getByRole('checkbox', { name: 'Public — list it in Open games' }).check();
  await ann.page.getByRole('button', { name: 'Create a game' }).click();
  await expect(ann.page.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  const slug = slugOf(ann.page);

  // Ben's list shows it without a reload, with how long it has waited.
  const row = list.getByRole('listitem').filter({ hasText: ann.account.username });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/waiting for \d+:\d\d/);
  await expect(row.getByTestId('rules-badge')).toHaveAttribute('data-rules', 'salvo');
  await expect(row.getByTestId('rules-badge')).toContainText('Salvo');

  // Ann sees her own room marked in another tab, not offered to join.
  const annTab = await ann.context.newPage();
  await annTab.goto('/');
  const own = annTab
    .getByRole('list', { name: 'Open games' })
    .getByRole('listitem')
    .filter({ hasText: ann.account.username });
  await expect(own).toContainText('Your game');
  await expect(own.getByRole('link', { name: /^Join/ })).toHaveCount(0);

  await row.getByRole('link', { name: `Join ${ann.account.username}'s game` }).click();
  await expect(ben.page).toHaveURL(`/game/lobby/${slug}`);
  for (const page of [ann.page, ben.page]) {
    await expect(page.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveText([
      ann.account.username,
      ben.account.username,
    ]);
  }
  // Full now: it leaves the list.
  await expect(own).toHaveCount(0);
  await ben.page.getByRole('button', { name: 'Start the game' }).click();
  for (const page of [ann.page, ben.page]) {
    await expect(page).toHaveURL(`/game/${slug}`);
  }
});
