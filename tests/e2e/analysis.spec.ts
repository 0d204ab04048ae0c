import { expect, type Page, test } from './support/test';
import { type Coord, coordOf, createRng, randomFleet, type ShipMap, shipEntries } from '../../src/game';
import { isErrorAck } from '../../src/protocol';
import { connectClient, type TestPlayer, waitForState } from '../support/players';
import { clickCell } from './board';
import { YOUR_TURN } from './helpers';
import { apiPlayer, checkNoSidewaysScroll, newContext, shootBothThemes, text } from './support/look';

/*
 * Issue 33 as a player sees it (docs/game.md, "Reviewing a game", "Hints"): the Hint against the
 * computer, "Review the game" from the end card to the graded replay, the review on a phone in
 * French, and a player's insights on their profile. The figures themselves are tested in
 * tests/unit/bots (the engine) and tests/integration/analysis.test.ts (the server).
 */
// Each test takes about a minute on an idle machine; the margin is for a loaded one.
test.describe.configure({ timeout: 240_000 });

/** Waits until the review on the replay page has the analysis (the server computes it meanwhile). */
async function reviewed(page: Page): Promise<void> {
  await expect(page.getByTestId('review')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
}

test('against the computer: the Hint shows the odds, the end card leads to the graded replay', async ({
  browser,
  baseURL,
}) => {
  const alice = await apiPlayer(baseURL, 'hinted');
  const { slug } = await alice.api.computerGame({ level: 'easy' });
  const page = await (await newContext(browser, 'desktop', alice)).newPage();
  await page.goto(`/game/${slug}`);
  await page.getByRole('button', { name: 'Validate my ships' }).click();
  await expect(page.locator('section.game')).toHaveAttribute('data-status', 'PLAY');

  // A few shots down the first column, each on the player's turn, so the review has moves to grade.
  const column: Coord[] = [0, 1, 2, 3].map((y) => ({ x: 0, y }));
  for (const cell of column) {
    await expect(page.getByText(YOUR_TURN)).toBeVisible();
    await clickCell(page, 'opponent', cell);
    await expect(page.getByText(YOUR_TURN)).toBeVisible();
  }

  await page.getByTestId('hint-open').click();
  const hint = page.getByTestId('hint');
  // The hint is sampled on the server: a moment on a busy machine.
  await expect(hint.getByTestId('hint-best')).toContainText('Best now:', { timeout: 45_000 });
  const cells = hint.locator('td.heat-cell');
  await expect(cells).toHaveCount(100);
  // What the player knows is on the map: the cells fired read as fired, the best ones starred.
  await expect(hint.locator('td.heat-cell[data-level="fired"]')).toHaveCount(column.length);
  expect(await hint.locator('td.heat-cell[data-best]').count()).toBeGreaterThanOrEqual(1);
  await expect(cells.first()).toHaveAttribute('aria-label', /^A1, (miss|hit|sunk)/i);
  await shootBothThemes(page, 'desktop', 'hint');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(hint).toBeHidden();

  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  await page.getByTestId('review-game').click();
  await expect(page).toHaveURL(/\/replay\/\d+\?.*review=1/);
  await reviewed(page);
  const review = page.getByTestId('review');
  await expect(review.getByTestId('review-players').locator('tbody tr')).toHaveCount(2);
  await expect(review.getByText(text('en', 'analysis.before'))).toBeVisible();
  // The first move on the slider's step shows its grade and the map its shooter faced.
  await page.getByTestId('replay-slider').fill('1');
  await expect(review.getByTestId('review-move')).toBeVisible();
  await expect(review.getByTestId('review-grade')).toHaveText(/^Grade \d+%$/);
  await expect(review.getByTestId('review-heat').locator('td[data-chosen]')).toHaveCount(1);
  await expect(review.getByTestId('grade-chart').locator('.grade-mark')).not.toHaveCount(0);
});

/** A whole game between two people through their sockets: the first hunts the other's fleet after two misses. */
async function finishedGame(url: string, a: TestPlayer, b: TestPlayer): Promise<number> {
  const { slug } = await a.api.createRoom({ userId: a.id, username: a.username, socketId: null });
  const [ca, cb] = [await connectClient(url, a.token, slug), await connectClient(url, b.token, slug)];
  await ca.joinRoom(slug);
  await cb.joinRoom(slug);
  await ca.startGame(slug);
  await waitForState(cb, (s) => s.gameStatus === 'PLACE_SHIPS');
  const fleets: [ShipMap, ShipMap] = [randomFleet(createRng(11)), randomFleet(createRng(12))];
  await ca.placeShips(fleets[0]);
  await cb.placeShips(fleets[1]);
  await waitForState(ca, (s) => s.gameStatus === 'PLAY' && s.members.some((m) => m.hasToPlay));
  const ships = shipEntries(fleets[1]).flatMap(([, cells]) => cells);
  const misses = [
    { x: 9, y: 9 },
    { x: 0, y: 9 },
    { x: 9, y: 0 },
  ].filter((c) => !ships.some((s) => s.x === c.x && s.y === c.y));
  const aims = new Map([
    [a.id, [...misses.slice(0, 2), ...ships]],
    [b.id, Array.from({ length: 100 }, (_, i) => coordOf(i))],
  ]);
  // Classic rules: the turn passes after every shot.
  while (ca.state.gameStatus === 'PLAY') {
    const shooter = ca.state.members.find((m) => m.hasToPlay)?.userId ?? '';
    const at = aims.get(shooter)?.shift();
    if (!at) throw new Error('out of targets');
    const answer = await (shooter === a.id ? ca : cb).shoot(at);
    if (isErrorAck(answer)) throw new Error(`shot refused: ${answer.error}`);
    await waitForState(
      ca,
      (s) => s.gameStatus === 'ENDED' || s.members.some((m) => m.hasToPlay && m.userId !== shooter),
    );
  }
  ca.close();
  cb.close();
  return (await a.api.history('me')).games[0]?.gameId ?? 0;
}

test('between people: no Hint; the review on a phone in French and on a desktop', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const [alice, bob] = [await apiPlayer(url, 'rev'), await apiPlayer(url, 'rew')];
  const gameId = await finishedGame(url, alice, bob);

  const phone = await (await newContext(browser, 'phone', alice, 'fr')).newPage();
  await phone.goto(`/replay/${gameId}`);
  const review = phone.getByTestId('review');
  await expect(review).toHaveAttribute('data-state', 'none', { timeout: 30_000 });
  await review.getByRole('button', { name: text('fr', 'analysis.start') }).click();
  await reviewed(phone);
  // Alice's worst move: one of her two shots in a corner while the middle was likelier.
  const worst = review.getByTestId('review-worst').first();
  await worst.click();
  await expect(phone.getByTestId('replay-slider')).toHaveValue(/^[1-4]$/);
  await expect(review.getByTestId('review-move')).toHaveAttribute('data-class', /inaccuracy|mistake|blunder/);
  await expect(review.getByTestId('review-grade')).toHaveText(/^Note \d+\u202F%$/);
  await checkNoSidewaysScroll(phone, 'the review on a phone');
  await shootBothThemes(phone, 'phone', 'review-fr', async () => {
    await review.getByTestId('review-move').scrollIntoViewIfNeeded();
  });

  // The same review on a desktop in English, at her worst move.
  const wide = await (await newContext(browser, 'desktop', alice)).newPage();
  await wide.goto(`/replay/${gameId}`);
  await reviewed(wide);
  await wide.getByTestId('review-worst').first().click();
  await shootBothThemes(wide, 'desktop', 'review', async () => {
    await wide.getByTestId('review-move').scrollIntoViewIfNeeded();
  });

  // A game between people offers no Hint.
  const { slug } = await alice.api.createRoom({ userId: alice.id, username: alice.username, socketId: null });
  const bobSocket = await connectClient(url, bob.token, slug);
  await bobSocket.joinRoom(slug);
  const live = await (await newContext(browser, 'desktop', alice)).newPage();
  await live.goto(`/game/lobby/${slug}`);
  await live.getByRole('button', { name: 'Start the game' }).click();
  await bobSocket.placeShips(randomFleet(createRng(3)));
  await live.getByRole('button', { name: 'Validate my ships' }).click();
  await expect(live.locator('section.game')).toHaveAttribute('data-status', 'PLAY');
  await expect(live.getByTestId('hint-open')).toHaveCount(0);
  bobSocket.close();
});

test("a player's insights on their profile: where their ships stand, with its tip", async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const [alice, bob] = [await apiPlayer(url, 'ins'), await apiPlayer(url, 'inb')];
  await finishedGame(url, alice, bob);
  const desktop = await (await newContext(browser, 'desktop', bob)).newPage();
  await desktop.goto(`/player/${alice.id}`);
  const insights = desktop.getByTestId('insights');
  // The section comes with its own request, after the rest of the profile; the game is not analysed yet.
  await expect(insights.getByTestId('insights-placement').locator('td.heat-cell')).toHaveCount(100, {
    timeout: 30_000,
  });
  await expect(insights.getByTestId('insights-accuracy')).toHaveText('—');
  await expect(insights.getByTestId('insights-tip')).toContainText('Only one game so far');
  await shootBothThemes(desktop, 'desktop', 'insights', async () => {
    await insights.scrollIntoViewIfNeeded();
  });
  const phone = await (await newContext(browser, 'phone', alice, 'fr')).newPage();
  await phone.goto(`/player/${alice.id}`);
  await expect(phone.getByTestId('insights-placement')).toBeVisible({ timeout: 30_000 });
  await checkNoSidewaysScroll(phone, 'the insights on a phone');
  await shootBothThemes(phone, 'phone', 'insights-fr', async () => {
    await phone.getByTestId('insights').scrollIntoViewIfNeeded();
  });
});
