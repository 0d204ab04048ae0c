import { expect, test } from './support/test';
import { allCells, type Cell, clickCell, ownFleetCells } from './board';
import { whoseTurn, YOUR_TURN } from './helpers';
import { captureStates, gameSection } from './match-helpers';
import { originalPlayer, signUpOnOriginal, originalServerForFile } from './on-original';

/*
 * Our built web client on the original server (docs/protocol.md, "Interoperability"), in real
 * Chromium: two pages choose the original server under "Advanced", sign up, create and join a
 * room, the host starts, both place, they shoot to the end (a hit keeps the turn there), the
 * winner is shown and Replay offered. The client is served by our server, as deployed, and talks
 * to the original on another origin. Skips with the reason where ../shared/interop/, PostgreSQL
 * or redis-server is absent. With SCREENSHOTS_DIR set, the game page is saved in both themes at
 * 1280×720 and 390×844.
 */

const originalUrl = originalServerForFile();

const label = (c: Cell) => `${String.fromCharCode(65 + c.x)}${c.y + 1}`;

test('our web client plays a whole game on the original server, to the winner and Replay', async ({ browser }) => {
  test.setTimeout(300_000);
  const ann = await originalPlayer(browser, 'wa');
  const ben = await originalPlayer(browser, 'wb');
  await signUpOnOriginal(ann, originalUrl(), 'original-server-register');
  await signUpOnOriginal(ben, originalUrl());

  // Home offers only what the original has: no quick match, computer, clock, listing or rules.
  for (const gone of ['Find an opponent', 'Play the computer']) {
    await expect(ann.page.getByRole('button', { name: gone })).toHaveCount(0);
  }
  await expect(ann.page.getByRole('group', { name: 'Turn clock' })).toHaveCount(0);
  await expect(ann.page.getByText('Open games')).toHaveCount(0);
  await expect(ann.page.getByText(`Playing on ${originalUrl()}.`)).toBeVisible();
  await captureStates(ann.page, 'original-server-home');

  await ann.page.getByRole('button', { name: 'Create a game' }).click();
  await expect(ann.page.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  const slug = decodeURIComponent(new URL(ann.page.url()).pathname.split('/').pop() ?? '');
  expect(slug).toMatch(/^\w+-\w+-\w+$/);
  // The invitation link opens our page; the friend has to choose the same server first.
  await expect(ann.page.getByText(`This game is on ${originalUrl()}:`)).toBeVisible();
  await ben.page.getByLabel('Name of the game').fill(slug);
  await ben.page.getByRole('button', { name: 'Join a game' }).click();
  for (const { page } of [ann, ben]) {
    await expect(page.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveText([
      ann.account.username,
      ben.account.username,
    ]);
  }

  // The original lets only its host start: Ben is told Ann starts, and has no button.
  await expect(ben.page.getByText(`${ann.account.username}, the host, starts the game.`)).toBeVisible();
  await expect(ben.page.getByRole('button', { name: 'Start the game' })).toHaveCount(0);
  await ann.page.getByRole('button', { name: 'Start the game' }).click();
  // One fleet after the other: the original loses one of two fleets sent at the same moment.
  for (const { page } of [ann, ben]) {
    await expect(page).toHaveURL(`/game/${slug}`);
    await expect(page.getByTestId('stage')).toBeVisible();
    await page.getByRole('button', { name: 'Validate my ships' }).click();
    await expect(page.getByRole('button', { name: 'Validate my ships' })).toHaveCount(0);
  }
  const pages = [ann.page, ben.page] as const;
  for (const page of pages) await expect(gameSection(page)).toHaveAttribute('data-status', 'PLAY');
  // The original keeps the turn after a hit: the rules chip says so (it said "Classic").
  await expect(ann.page.locator('.match-rules')).toHaveAttribute('data-rules', 'original');
  await expect(ann.page.locator('.match-rules')).toContainText('Shoot again');
  // Nothing the original lacks is shown in play: no presence, clock or Resign.
  await expect(ann.page.getByRole('button', { name: 'Resign' })).toHaveCount(0);
  await expect(ann.page.locator('.player-state')).toHaveCount(0);

  // Ann misses three times, then aims at Ben's fleet (read from his browser); Ben sweeps the grid.
  // A hit keeps the turn on the original, a miss passes it: both players shoot.
  const key = (c: Cell) => `${c.x},${c.y}`;
  const aimed = await ownFleetCells(ben.page);
  expect(aimed).toHaveLength(17);
  const water = allCells().filter((c) => !aimed.some((a) => key(a) === key(c)));
  const targets = [[...water.slice(-3), ...aimed, ...water.slice(0, -3)], allCells()] as const;
  const next = [0, 0];
  const fired = [0, 0];
  let shots = 0;
  let captured = false;
  while ((await gameSection(ann.page).getAttribute('data-status')) === 'PLAY') {
    const turn = await whoseTurn(pages).catch(() => null);
    if (turn === null) break;
    const shooter = pages[turn];
    const target = targets[turn][next[turn] ?? 0];
    if (!target) throw new Error('no cell left to shoot');
    next[turn] = (next[turn] ?? 0) + 1;
    await clickCell(shooter, 'opponent', target);
    // The shot is answered (announced on the stage), the turn passes, or the game is over.
    const announced = shooter
      .getByTestId('stage-announcer')
      .filter({ hasText: new RegExp(`(^|\\. )${label(target)}: `) });
    await expect
      .poll(
        async () =>
          (await announced.count()) > 0 ||
          !(await shooter.getByText(YOUR_TURN).isVisible()) ||
          (await gameSection(shooter).getAttribute('data-status')) === 'ENDED',
      )
      .toBe(true);
    shots += 1;
    fired[turn] = (fired[turn] ?? 0) + 1;
    expect(shots).toBeLessThan(200);
    if (!captured && shots >= 12 && turn === 0) {
      captured = true;
      await captureStates(ann.page, 'original-server-play');
    }
  }

  for (const page of pages) await expect(gameSection(page)).toHaveAttribute('data-status', 'ENDED');
  // Ann needs 20 shots over four turns at most; Ben's sweep, ended by a miss each turn, cannot sink
  // her fleet in that time.
  expect(fired[1]).toBeGreaterThan(0);
  const winner = `${ann.account.username} won !`;
  for (const page of pages) {
    await expect(page.locator('.winner')).toHaveText(winner);
    await expect(page.getByRole('button', { name: 'Replay' })).toBeVisible();
  }
  await captureStates(ann.page, 'original-server-ended');

  await ben.page.getByRole('button', { name: 'Replay' }).click();
  await expect(gameSection(ben.page)).toHaveAttribute('data-status', 'PLACE_SHIPS');
  await expect(ben.page.getByRole('button', { name: 'Validate my ships' })).toBeEnabled();
  expect([...ann.errors, ...ben.errors]).toEqual([]);
  console.log(`a whole game on the original server: ${fired[0]} + ${fired[1]} shots, ${winner}`);
});
