import { gzipSync } from 'node:zlib';
import { expect, test } from './support/test';
import { allCells, type Cell, clickCell, ownFleetCells } from './board';
import { englishPage, newAccount, registerThroughForm, whoseTurn, YOUR_TURN } from './helpers';
import { gameSection } from './match-helpers';

test('two players sign up, meet in a room, play a whole game by clicking the canvas and replay', async ({
  browser,
}) => {
  // About 35 shots clicked through two software-rendered stages: minutes on a loaded 2-core machine.
  test.setTimeout(300_000);
  const accounts = [newAccount('ann'), newAccount('ben')] as const;
  const pages = [await englishPage(browser), await englishPage(browser)] as const;
  const [ann, ben] = pages;

  // Every script Ann's browser fetches from here on: the lobby, the game page, the stage and PixiJS.
  const gameScripts = new Map<string, number>();
  ann.on('response', async (response) => {
    if (response.url().endsWith('.js')) gameScripts.set(response.url(), gzipSync(await response.body()).length);
  });

  await registerThroughForm(ann, accounts[0]);
  await registerThroughForm(ben, accounts[1]);

  // Ann creates the game; Ben joins it by typing its name.
  await ann.getByRole('button', { name: 'Create a game' }).click();
  await expect(ann.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  const slug = decodeURIComponent(new URL(ann.url()).pathname.split('/').pop() ?? '');
  expect(slug).not.toBe('');
  await expect(ann.getByRole('button', { name: 'Start the game' })).toBeDisabled();
  await ben.getByLabel('Name of the game').fill(slug);
  await ben.getByRole('button', { name: 'Join a game' }).click();
  for (const page of pages) {
    await expect(page.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveText([
      accounts[0].username,
      accounts[1].username,
    ]);
  }

  // Either member may start; both pages move to the game.
  await ben.getByRole('button', { name: 'Start the game' }).click();
  for (const page of pages) {
    await expect(page).toHaveURL(`/game/${slug}`);
    await expect(page.getByTestId('stage')).toBeVisible();
    await page.getByRole('button', { name: 'Validate my ships' }).click();
  }
  for (const page of pages) await expect(gameSection(page)).toHaveAttribute('data-status', 'PLAY');

  // Each player aims at the other's fleet (read from the other browser: the test plays both sides),
  // then at the rest of the grid, so the game ends in a bounded number of shots.
  const fleets = [await ownFleetCells(ann), await ownFleetCells(ben)] as const;
  expect(fleets[0]).toHaveLength(17);
  const key = (c: Cell) => `${c.x},${c.y}`;
  const plan = (fleet: readonly Cell[]): Cell[] => {
    const aimed = new Set(fleet.map(key));
    return [...fleet, ...allCells().filter((c) => !aimed.has(key(c)))];
  };
  // Ann aims perfectly; Ben sweeps the grid row by row, so misses are exercised too.
  const targets = [plan(fleets[1]), allCells()] as const;
  const next = [0, 0];

  let shots = 0;
  while ((await gameSection(ann).getAttribute('data-status')) === 'PLAY') {
    const turn = await whoseTurn(pages).catch(() => null);
    if (turn === null) break;
    const shooter = pages[turn];
    const target = targets[turn][next[turn] ?? 0];
    if (!target) throw new Error('no cell left to shoot');
    next[turn] = (next[turn] ?? 0) + 1;
    await clickCell(shooter, 'opponent', target);
    // The turn passes after every shot, or the game is over.
    await expect(shooter.getByText(YOUR_TURN)).toBeHidden();
    shots += 1;
    expect(shots).toBeLessThan(200);
  }

  for (const page of pages) await expect(gameSection(page)).toHaveAttribute('data-status', 'ENDED');
  const winner = (await ann.locator('.winner').textContent()) ?? '';
  expect([`${accounts[0].username} won !`, `${accounts[1].username} won !`]).toContain(winner);
  await expect(ben.getByText(winner)).toBeVisible();
  // Ann aims perfectly and needs 17 shots; Ben's sweep cannot sink her fleet before that.
  expect(winner).toBe(`${accounts[0].username} won !`);

  const gameKb = [...gameScripts.values()].reduce((a, b) => a + b, 0) / 1024;
  console.log(`a whole game took ${shots} shots; the game route loaded ${gameKb.toFixed(1)} KB gzipped JS in all`);

  // Ben replays and goes to placement at once; Ann keeps the final boards with his rematch request
  // (issue 11) until she chooses to place her ships too.
  await ben.getByRole('button', { name: 'Replay' }).click();
  await expect(gameSection(ben)).toHaveAttribute('data-status', 'PLACE_SHIPS');
  await expect(ann.getByText(`${accounts[1].username} wants a rematch`)).toBeVisible();
  await expect(gameSection(ann)).toHaveAttribute('data-status', 'ENDED');
  await expect(ann.getByText(`You sank all of ${accounts[1].username}'s ships.`)).toBeVisible();
  await ann.getByRole('button', { name: 'Place my ships' }).click();
  for (const page of pages) {
    await expect(gameSection(page)).toHaveAttribute('data-status', 'PLACE_SHIPS');
    await expect(page.getByRole('button', { name: 'Validate my ships' })).toBeEnabled();
  }

  // The profile page counts the finished game (GET /users/me).
  await ann.getByRole('button', { name: 'Profile and settings' }).click();
  await ann.getByRole('link', { name: 'My profile' }).click();
  await expect(ann.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(ann.getByText(accounts[0].email)).toBeVisible();
  await expect(ann.locator('dt:has-text("Games played") + dd')).toHaveText('1');
  await expect(ann.locator('dt:has-text("Games won") + dd')).toHaveText('1');
});
