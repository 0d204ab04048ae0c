import { expect, type Page, test } from './support/test';
import { createRng, randomFleet } from '../../src/game';
import type { TestPlayer } from '../support/players';
import { connectClient, waitForState } from '../support/players';
import { ratedGame } from '../support/rated-game';
import { apiPlayer, newContext, shoot, checkNoSidewaysScroll, shootBothThemes, VIEWPORT_NAMES } from './support/look';

/*
 * Bot accounts as a player sees them (docs/engines.md, "Bot accounts"): the BOT badge in Open
 * games and beside a game's players, the leaderboard's People / Bots toggle and its rules selector.
 * The bots are real accounts upgraded through the API and playing over real sockets.
 */
async function newBot(url: string, prefix: string): Promise<TestPlayer> {
  const bot = await apiPlayer(url, prefix);
  await bot.api.upgradeToBot();
  return bot;
}

test.describe.configure({ mode: 'serial' });

let bots: TestPlayer[] = [];

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const url = baseURL ?? '';
  bots = await Promise.all(['hunter', 'sampler', 'parity', 'random'].map((name) => newBot(url, name)));
  // Each pair plays twice: every bot has six rated classic games, enough to be listed (five).
  for (const [i, a] of bots.entries()) {
    for (const b of bots.slice(i + 1)) {
      await ratedGame(url, a, b);
      await ratedGame(url, b, a);
    }
  }
});

for (const viewport of VIEWPORT_NAMES) {
  test(`the leaderboard splits people from bots and shows one set of rules at a time, ${viewport}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const person = await apiPlayer(baseURL, 'fan');
    const page = await (await newContext(browser, viewport, person)).newPage();
    await page.goto('/leaderboard');
    const people = page.getByRole('button', { name: 'People' });
    const botsButton = page.getByRole('button', { name: 'Bots' });
    await expect(people).toHaveAttribute('aria-pressed', 'true');
    // The people's board never lists a bot.
    await expect(page.getByTestId('leaderboard-page')).not.toContainText(bots[0]?.username ?? '?');

    await botsButton.click();
    await expect(botsButton).toHaveAttribute('aria-pressed', 'true');
    const table = page.getByTestId('leaderboard-table');
    await expect(table).toHaveAttribute('data-kind', 'bots');
    for (const bot of bots) {
      const row = table.getByRole('row').filter({ hasText: bot.username });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('bot-badge')).toHaveText('BOT');
    }
    await expect(page.getByTestId('leaderboard-me')).toContainText('Bot accounts are programs');
    await shootBothThemes(page, viewport, 'leaderboard-bots', async () => {
      await checkNoSidewaysScroll(page, 'the leaderboard');
    });

    // Another set of rules: these bots only played the classic game.
    await page.getByTestId('board-choice').getByRole('combobox').selectOption({ label: 'Shoot again' });
    await expect(page.getByTestId('leaderboard-empty')).toHaveText('No bot is rated under these rules yet.');
    await page.getByTestId('board-choice').getByRole('combobox').selectOption({ label: 'Classic' });
    await expect(page.getByTestId('leaderboard-table')).toContainText(bots[1]?.username ?? '?');

    await page.getByRole('button', { name: 'Profile and settings' }).click();
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Profil et réglages' }).click();
    await expect(page.getByRole('button', { name: 'Humains' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bots' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('leaderboard-me')).toContainText('programmes qui jouent');
    await shoot(page, viewport, 'light', 'leaderboard-bots-fr');
  });

  test(`a person picks a bot from Open games and plays it, its BOT badge beside its name, ${viewport}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const url = baseURL ?? '';
    const bot = await newBot(url, 'waiter');
    const person = await apiPlayer(url, 'guest');
    // The bot waits in a public room, seated, as `broadside play --bot --create --public` does.
    const { slug } = await bot.api.createRoom({ userId: bot.id, username: bot.username, socketId: null, public: true });
    const seat = await connectClient(url, bot.token, slug);
    expect(await seat.joinRoom(slug)).toBe('UNSTARTED');

    const page = await (await newContext(browser, viewport, person)).newPage();
    await page.goto('/');
    const row = page.locator('.open-game-list li').filter({ hasText: bot.username });
    await expect(row.getByTestId('bot-badge')).toHaveText('BOT');
    await shootBothThemes(page, viewport, 'open-games-bot', async () => {
      await row.scrollIntoViewIfNeeded();
    });
    await row.getByRole('link', { name: /Join/ }).click();
    await expect(page).toHaveURL(`/game/lobby/${slug}`);
    await waitForState(seat, (s) => s.members.length === 2);
    expect(await seat.startGame(slug)).toBeNull();
    await expect(page).toHaveURL(`/game/${slug}`);
    expect(await seat.placeShips(randomFleet(createRng(11)))).toBeNull();
    await page.getByRole('button', { name: 'Validate my ships' }).click();
    await expect(page.locator('section.game')).toHaveAttribute('data-status', 'PLAY');
    // Beside the bot's name in the players list on a desktop; a phone hides that list (the names are
    // the page's title there), so the badge follows the title instead.
    const titleBadge = page.locator('.game-heading').getByTestId('bot-badge');
    if (viewport === 'desktop') {
      await checkPlayersBadge(page, bot.username, person.username);
      await expect(titleBadge).toBeHidden();
    } else {
      await expect(page.getByRole('list', { name: 'Players' })).toBeHidden();
      await expect(titleBadge).toBeVisible();
      await expect(titleBadge).toHaveText('BOT');
      expect(await titleFits(page), 'the BOT badge leaves the game bar').toBe(true);
    }
    await shootBothThemes(page, viewport, 'game-with-bot');
    seat.close();
  });
}

async function checkPlayersBadge(page: Page, bot: string, person: string): Promise<void> {
  const players = page.getByRole('list', { name: 'Players' });
  await expect(players.getByRole('listitem').filter({ hasText: bot }).getByTestId('bot-badge')).toBeVisible();
  await expect(players.getByRole('listitem').filter({ hasText: person }).getByTestId('bot-badge')).toHaveCount(0);
}

/** The title's badge sits inside the game bar, beside the title, clear of the '?' button. */
async function titleFits(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const badge = document.querySelector('.game-heading .badge.bot')?.getBoundingClientRect();
    const bar = document.querySelector('.game-bar')?.getBoundingClientRect();
    const help = document.querySelector('.game-bar > .game-help')?.getBoundingClientRect();
    if (!badge || !bar || !help) return false;
    return badge.left >= bar.left && badge.right <= help.left && badge.top >= bar.top && badge.bottom <= bar.bottom;
  });
}
