import { expect, test } from '@playwright/test';
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
