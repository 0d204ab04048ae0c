import { expect, test } from './support/test';
import { captureStates, gameSection, loggedInPlayer, type Player, resign, twoPlayersInPlay } from './match-helpers';

/*
 * Issue 11 in the browser, two real players in two browser contexts against the real server:
 * presence and the forfeit countdown, resign, the rematch prompt, games in progress, leaving a lobby.
 * The server runs with RECONNECT_GRACE_SECONDS=20 (playwright.config.ts) so a forfeit fits a test.
 */

test('closing a page shows the countdown to the other; a return continues; staying away forfeits', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { ann, ben, slug } = await twoPlayersInPlay(browser, request);
  const benName = ben.account.username;
  const players = ann.page.getByRole('list', { name: 'Players' });
  await expect(players.getByRole('listitem').filter({ hasText: benName })).toContainText('connected');

  // Ben closes his tab: Ann sees him disconnected and the countdown to his forfeit.
  await ben.page.close();
  const countdown = ann.page.getByRole('timer').filter({ hasText: `${benName} left` });
  await expect(countdown).toHaveText(new RegExp(`^${benName} left — they have \\d+ s to come back$`));
  await expect(players.getByRole('listitem').filter({ hasText: benName })).toContainText('disconnected');
  const first = Number(/have (\d+) s/.exec((await countdown.textContent()) ?? '')?.[1]);
  // The server's 20 s, not a number of the client's: read on the server clock, whose estimate may
  // lag by one message's transit time, hence up to one second more at the very first frame.
  expect(first).toBeGreaterThan(10);
  expect(first).toBeLessThanOrEqual(21);
  await expect(countdown).not.toHaveText(new RegExp(`have ${first} s`), { timeout: 5_000 });
  await captureStates(ann.page, 'away-countdown');

  // He comes back in time: same game, still in play, the notice goes.
  ben.page = await ben.context.newPage();
  await ben.page.goto(`/game/${slug}`);
  await expect(gameSection(ben.page)).toHaveAttribute('data-status', 'PLAY');
  await expect(countdown).toBeHidden();
  await expect(players.getByRole('listitem').filter({ hasText: benName })).not.toContainText('disconnected');
  await expect(gameSection(ann.page)).toHaveAttribute('data-status', 'PLAY');

  // He leaves for good: once the grace period is over, Ann wins by forfeit.
  await ben.page.close();
  await expect(countdown).toBeVisible();
  await expect(gameSection(ann.page)).toHaveAttribute('data-status', 'ENDED', { timeout: 40_000 });
  await expect(ann.page.getByText('You won', { exact: true })).toBeVisible();
  await expect(ann.page.getByText(`By forfeit: ${benName} left and did not come back in time.`)).toBeVisible();
  await captureStates(ann.page, 'end-forfeit');
});

test('resign from the UI, with a confirmation; the end screen says how on both sides', async ({ browser, request }) => {
  const { ann, ben } = await twoPlayersInPlay(browser, request);
  await captureStates(ann.page, 'play');

  await ann.page.getByRole('button', { name: 'Resign' }).click();
  await expect(ann.page.getByText(`Resign this game? ${ben.account.username} wins.`)).toBeVisible();
  await captureStates(ann.page, 'resign-confirm');
  // Second thoughts first: nothing happens.
  await ann.page.getByRole('button', { name: 'Keep playing' }).click();
  await expect(gameSection(ann.page)).toHaveAttribute('data-status', 'PLAY');
  await ann.page.getByRole('button', { name: 'Resign' }).click();
  await ann.page.getByRole('button', { name: 'Yes, resign' }).click();

  for (const player of [ann, ben]) await expect(gameSection(player.page)).toHaveAttribute('data-status', 'ENDED');
  await expect(ann.page.getByText('You lost', { exact: true })).toBeVisible();
  await expect(ann.page.getByText('You resigned.')).toBeVisible();
  await expect(ben.page.getByText('You won', { exact: true })).toBeVisible();
  await expect(ben.page.getByText(`${ann.account.username} resigned.`)).toBeVisible();
  await expect(ben.page.getByText(`${ben.account.username} won !`)).toBeVisible();
  // No shot was fired: both rows say so.
  const rows = ben.page.getByRole('table', { name: 'Shooting' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`${ben.account.username} (you)`);
  await expect(rows.nth(2).getByRole('cell')).toHaveText(['0', '0', '—']);
  await captureStates(ben.page, 'end-resign');
});

test("the opponent's rematch leaves the final boards on screen until 'Place my ships'", async ({
  browser,
  request,
}) => {
  const { ann, ben } = await twoPlayersInPlay(browser, request);
  await resign(ann, ben);

  // Ben replays: he goes to placement at once; Ann keeps her end screen with his request.
  await ben.page.getByRole('button', { name: 'Replay' }).click();
  await expect(ben.page.getByRole('button', { name: 'Validate my ships' })).toBeVisible();
  await expect(ann.page.getByText(`${ben.account.username} wants a rematch`)).toBeVisible();
  await expect(gameSection(ann.page)).toHaveAttribute('data-status', 'ENDED');
  await expect(ann.page.getByText('You resigned.')).toBeVisible();
  await expect(ann.page.getByTestId('stage')).toHaveAttribute('data-status', 'ENDED');
  await expect(ann.page.getByRole('button', { name: 'Replay' })).toBeHidden();
  await captureStates(ann.page, 'rematch-prompt');

  await ann.page.getByRole('button', { name: 'Place my ships' }).click();
  await expect(gameSection(ann.page)).toHaveAttribute('data-status', 'PLACE_SHIPS');
  for (const player of [ann, ben]) await player.page.getByRole('button', { name: 'Validate my ships' }).click();
  for (const player of [ann, ben]) await expect(gameSection(player.page)).toHaveAttribute('data-status', 'PLAY');
});

test("'Your games in progress' brings a player back into a running game with a turn clock", async ({
  browser,
  request,
}) => {
  const { ann, ben, slug } = await twoPlayersInPlay(browser, request, '30 s');

  // Both screens count the current turn down.
  for (const player of [ann, ben]) {
    await expect(player.page.getByRole('timer')).toHaveText(/^(\d+ s left to shoot|.+ has \d+ s left)$/);
  }
  await captureStates(ann.page, 'turn-clock');

  // Ben loses the URL: from the home page, his game in progress takes him back.
  await ben.page.goto('/');
  const list = ben.page.getByRole('region', { name: 'Your games in progress' });
  await expect(list.getByRole('listitem').filter({ hasText: slug })).toContainText(
    `against ${ann.account.username} in play`,
  );
  await captureStates(ben.page, 'games-in-progress');
  await list.getByRole('link', { name: slug }).click();
  await expect(ben.page).toHaveURL(`/game/${slug}`);
  await expect(gameSection(ben.page)).toHaveAttribute('data-status', 'PLAY');
  await expect(ben.page.getByTestId('stage')).toHaveAttribute('data-fleet', /\{/);
  await expect(ben.page.getByRole('timer')).toBeVisible();
});

test('a member leaves the lobby and the other one is told', async ({ browser, request }) => {
  const ann = await loggedInPlayer(browser, request, 'ann');
  const ben = await loggedInPlayer(browser, request, 'ben');
  await ann.page.goto('/');
  await captureStates(ann.page, 'home-create');
  await ann.page.getByRole('button', { name: 'Create a game' }).click();
  await expect(ann.page.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  await ben.page.goto(ann.page.url().replace(/^https?:\/\/[^/]+/, ''));
  const members = ann.page.getByRole('list', { name: 'Players' }).getByRole('listitem');
  await expect(members).toHaveText([ann.account.username, ben.account.username]);

  await ben.page.getByRole('button', { name: 'Leave' }).click();
  await expect(ben.page).toHaveURL('/');
  await expect(ann.page.getByText(`${ben.account.username} left the game.`)).toBeVisible();
  await expect(members).toHaveText([ann.account.username]);
  await expect(ann.page.getByRole('button', { name: 'Start the game' })).toBeDisabled();
  await captureStates(ann.page, 'lobby-left');
});

test('both players see how many people watch their game, live, on a wide screen and on a phone', async ({
  browser,
  request,
}) => {
  const { ann, ben, slug } = await twoPlayersInPlay(browser, request);
  const audience = (player: Player) => player.page.getByTestId('game-audience');
  // Nobody watches yet: nothing to say.
  for (const player of [ann, ben]) await expect(audience(player)).toBeHidden();

  const cat = await loggedInPlayer(browser, request, 'cat');
  await cat.page.goto(`/game/${encodeURIComponent(slug)}/watch`);
  await expect(cat.page.getByTestId('watch-audience')).toHaveText('1 watching');
  for (const player of [ann, ben]) {
    await expect(audience(player)).toBeVisible();
    await expect(audience(player)).toContainText('1 watching');
  }
  // A phone has room for the figure; the sentence stays for screen readers.
  await ann.page.setViewportSize({ width: 390, height: 844 });
  await expect(audience(ann)).toBeVisible();
  await expect(audience(ann)).toContainText('1');
  await ann.page.setViewportSize({ width: 1280, height: 720 });
  await captureStates(ann.page, 'audience');

  // The spectator leaves: the count goes with them.
  await cat.page.close();
  for (const player of [ann, ben]) await expect(audience(player)).toBeHidden();
});
