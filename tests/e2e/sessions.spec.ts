import { expect, test } from './support/test';
import { apiPlayer, newContext, setTheme, shoot, THEMES, VIEWPORTS, type ViewportName } from './support/look';

/** The status GET /users/me answers this token now. */
async function statusOf(baseURL: string | undefined, token: string): Promise<number> {
  const response = await fetch(`${baseURL}/users/me`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

test('/logout revokes the token on the server, not only in the browser', async ({ browser, baseURL }) => {
  const user = await apiPlayer(baseURL, 'bye');
  const page = await (await newContext(browser, 'desktop', user)).newPage();
  await page.goto('/profile');
  await expect(page.getByText(user.email)).toBeVisible();
  expect(await statusOf(baseURL, user.token)).toBe(200);
  await page.getByRole('button', { name: 'Profile and settings' }).click();
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Create a game' })).toBeVisible();
  await expect.poll(() => statusOf(baseURL, user.token)).toBe(401);
});

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`"Log out everywhere" on the profile ends every session, ${viewport}`, async ({ browser, baseURL }) => {
    const user = await apiPlayer(baseURL, 'all');
    // A second device of the same account: its own token.
    const other = await apiPlayer(baseURL, 'other');
    const page = await (await newContext(browser, viewport, user)).newPage();
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Sessions' });
    const button = section.getByRole('button', { name: 'Log out everywhere' });
    await expect(button).toBeVisible();
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await button.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, viewport, theme, 'profile-sessions');
    }
    await button.click();
    await expect(page.getByRole('button', { name: 'Create a game' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('broadside.user'))).toBeNull();
    expect(await statusOf(baseURL, user.token)).toBe(401);
    // Another account is not touched.
    expect(await statusOf(baseURL, other.token)).toBe(200);
  });
}

test('a session ended on another device sends this one to Log in, at once or at its next call', async ({
  browser,
  baseURL,
}) => {
  const user = await apiPlayer(baseURL, 'twice');
  const url = baseURL ?? '';
  // The same account on a second device: a token of its own.
  const { ApiClient } = await import('../../src/protocol/api-client');
  const second = new ApiClient({ baseUrl: url });
  const { access_token } = await second.login({ email: user.email, password: 'correct horse battery' });
  const device = { ...user, token: access_token };

  // Home holds a socket (the open games): the server closes it, and the page knows why.
  const home = await (await newContext(browser, 'desktop', device)).newPage();
  await home.goto('/');
  await expect(home.getByText(`Hello ${user.username}!`)).toBeVisible();
  await expect(home.getByRole('region', { name: 'Open games' }).getByRole('list')).toBeVisible();
  // The lobby holds the room's socket.
  const lobbyPage = await (await newContext(browser, 'desktop', device)).newPage();
  const { slug } = await user.api.createRoom({ userId: user.id, username: user.username, socketId: null });
  await lobbyPage.goto(`/game/lobby/${slug}`);
  await expect(lobbyPage.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();

  // The profile holds no socket: it finds out at its next call (it spun on "Loading…" for good).
  const profile = await (await newContext(browser, 'phone', device)).newPage();
  await profile.goto('/profile');
  await expect(profile.getByText(user.email)).toBeVisible();

  await user.api.logoutEverywhere();
  await profile.reload();

  for (const page of [home, lobbyPage, profile]) {
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('alert')).toContainText('You were logged out');
    expect(await page.evaluate(() => window.localStorage.getItem('broadside.user'))).toBeNull();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  }
  // Logging in again goes back to the page the player was on.
  await lobbyPage.getByLabel('E-mail').fill(user.email);
  await lobbyPage.getByLabel('Password').fill('correct horse battery');
  await lobbyPage.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(lobbyPage).toHaveURL(`/game/lobby/${slug}`);
});
