import { expect, type Page, test } from './support/test';
import { type Coord, coordOf, createRng, randomFleet } from '../../src/game';
import { ApiClient, GameClient, isErrorAck } from '../../src/protocol';
import { newAccount } from './helpers';

test.describe.configure({ timeout: 240_000 });

interface Player {
  readonly api: ApiClient;
  readonly id: string;
  readonly token: string;
  readonly account: ReturnType<typeof newAccount>;
}

async function player(baseURL: string, prefix: string): Promise<Player> {
  const account = newAccount(prefix);
  const api = new ApiClient({ baseUrl: baseURL });
  await api.signUp(account);
  const { access_token } = await api.login({ email: account.email, password: account.password });
  return { api, token: access_token, id: JSON.parse(atob(access_token.split('.')[1] ?? '')).id, account };
}

function socket(baseURL: string, p: Player, slug: string): GameClient {
  return new GameClient({ url: baseURL, token: p.token, slug, socket: { transports: ['websocket'] } });
}

/** Two players in a fresh room, in PLAY, each with its socket (real sockets, driven from here). */
async function gameInPlay(baseURL: string) {
  const [a, b] = [await player(baseURL, 'wa'), await player(baseURL, 'wb')];
  const { slug } = await a.api.createRoom({ userId: a.id, username: a.account.username, socketId: null });
  const ca = socket(baseURL, a, slug);
  const cb = socket(baseURL, b, slug);
  await Promise.all([ca.connect(), cb.connect()]);
  await ca.joinRoom(slug);
  await cb.joinRoom(slug);
  await ca.startGame(slug);
  await expect.poll(() => cb.state.gameStatus).toBe('PLACE_SHIPS');
  await ca.placeShips(randomFleet(createRng(1)));
  await cb.placeShips(randomFleet(createRng(2)));
  await expect.poll(() => ca.state.members.some((m) => m.hasToPlay)).toBe(true);
  const aims = new Map<GameClient, number>([
    [ca, 0],
    [cb, 0],
  ]);
  /** The player whose turn it is fires at the next cell in reading order. */
  const fire = async (): Promise<{ at: Coord; result: string; ended: boolean }> => {
    const shooterId = ca.state.members.find((m) => m.hasToPlay)?.userId;
    const client = shooterId === a.id ? ca : cb;
    const at = coordOf(aims.get(client) ?? 0);
    aims.set(client, (aims.get(client) ?? 0) + 1);
    const reply = await client.shoot(at);
    if (isErrorAck(reply)) throw new Error(`shot refused: ${reply.error}`);
    const other = client === ca ? cb : ca;
    await expect
      .poll(
        () =>
          other.state.gameStatus === 'ENDED' || other.state.members.some((m) => m.userId !== shooterId && m.hasToPlay),
      )
      .toBe(true);
    return { at, result: reply, ended: other.state.gameStatus === 'ENDED' };
  };
  return { slug, a, b, ca, cb, fire };
}

async function logIn(page: Page, p: Player): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(p.account.email);
  await page.getByLabel('Password').fill(p.account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');
}

test('a third browser watches a game live', async ({ browser, baseURL }) => {
  const base = baseURL ?? '';
  const game = await gameInPlay(base);
  const carol = await player(base, 'wc');
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await logIn(page, carol);
  await page.goto(`/game/${game.slug}/watch`);
  const status = page.getByTestId('watch-status');
  await expect(status).toContainText('to shoot');
  await expect(page.getByTestId('boards-stage')).toHaveAttribute('data-status', 'PLAY');
  await expect(page.getByTestId('watch-audience')).toHaveText('1 watching');
  // The players see their audience.
  await expect.poll(() => game.ca.state.match.spectators).toBe(1);
  for (let i = 0; i < 4; i++) {
    const shot = await game.fire();
    const cell = `${String.fromCharCode(65 + shot.at.x)}${shot.at.y + 1}`;
    await expect(status).toContainText(`fired at ${cell}`);
  }
  await expect(page.getByTestId('header-player')).toBeVisible();
  await expect(page.getByTestId('header-opponent')).toBeVisible();
  await page.close();
  await expect.poll(() => game.ca.state.match.spectators).toBe(0);
  game.ca.close();
  game.cb.close();
});

test('the replay viewer steps and scrubs a finished game', async ({ browser, baseURL }) => {
  const base = baseURL ?? '';
  const game = await gameInPlay(base);
  let total = 0;
  for (;;) {
    total++;
    if ((await game.fire()).ended) break;
  }
  const { games } = await game.a.api.history('me');
  const gameId = games[0]?.gameId;
  expect(gameId).toBeDefined();
  const carol = await player(base, 'wr');
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await logIn(page, carol);
  await page.goto(`/replay/${gameId}`);
  const counter = page.getByTestId('replay-counter');
  await expect(counter).toHaveText(`0 / ${total}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2 / ${total}`);
  await expect(page.getByTestId('replay-status')).toContainText(`Shot 2 of ${total}`);
  await page.getByRole('button', { name: 'Previous shot' }).click();
  await expect(counter).toHaveText(`1 / ${total}`);
  await page.getByTestId('replay-slider').fill('10');
  await expect(counter).toHaveText(`10 / ${total}`);
  await expect(page).toHaveURL(new RegExp(`/replay/${gameId}\\?shot=10$`));
  await page.keyboard.press('End');
  await expect(counter).toHaveText(`${total} / ${total}`);
  await expect(page.getByTestId('replay-status')).toContainText('won (all ships sunk)');
  await expect(page.getByTestId('boards-stage')).toHaveAttribute('data-status', 'ENDED');
  await page.keyboard.press('Home');
  await expect(counter).toHaveText(`0 / ${total}`);
  await page.getByTestId('replay-play').click();
  await expect(page.getByTestId('replay-play')).toHaveText('Pause');
  await expect.poll(async () => Number((await counter.textContent())?.split(' / ')[0])).toBeGreaterThanOrEqual(2);
  // A shared link opens at its shot.
  const shared = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await logIn(shared, game.b);
  await shared.goto(`/replay/${gameId}?shot=7`);
  await expect(shared.getByTestId('replay-counter')).toHaveText(`7 / ${total}`);
  game.ca.close();
  game.cb.close();
});
