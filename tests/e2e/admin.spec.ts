import { expect, type Page, test } from './support/test';
import { ApiClient, ChatApi, type ChatLine, isErrorAck } from '../../src/protocol';
import { connectClient } from '../support/players';
import { apiPlayer, checkNoSidewaysScroll, newContext, shootBothThemes, text } from './support/look';
import { moderator } from './support/moderator';

/*
 * The moderators' page (docs/game.md, "Moderation"): shown to admins only; a report with its
 * transcript, the reported line marked and every line shown as text; mute and ban from the report,
 * closing it, the audit log; and the banned player told at login, in their language, until when
 * and why. Screenshots in both themes, desktop in English and phone in French.
 */

const XSS = '<img src=x onerror="window.__pwned=1">';

async function said(client: Awaited<ReturnType<typeof connectClient>>, words: string): Promise<ChatLine> {
  const reply = await client.say(words);
  if (isErrorAck(reply)) throw new Error(reply.error);
  return reply;
}

test('a moderator reads a report with its transcript, mutes and bans from it, and the log keeps it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const url = baseURL ?? '';
  const [admin, victim, rogue] = await Promise.all([moderator(url), apiPlayer(url, 'victim'), apiPlayer(url, 'rogue')]);
  const { slug } = await victim.api.createRoom({ userId: victim.id, username: victim.username, socketId: null });
  const [v, r] = await Promise.all([connectClient(url, victim.token, slug), connectClient(url, rogue.token, slug)]);
  await v.joinRoom(slug);
  await r.joinRoom(slug);
  await said(v, 'good luck, have fun');
  const bad = await said(r, `you play like a sardine ${XSS}`);
  await said(v, 'that is not nice');
  await new ChatApi(new ApiClient({ baseUrl: url, token: victim.token })).report({
    userId: rogue.id,
    room: slug,
    lineId: bad.id,
    category: 'abuse',
    note: 'insults after I said hello',
  });

  // A player sees no entry, and the page says it is for moderators.
  const player = await (await newContext(browser, 'desktop', victim)).newPage();
  await player.goto('/admin');
  await expect(player.getByTestId('admin-refused')).toContainText(text('en', 'admin.onlyModerators'));
  await expect(player.getByTestId('admin-link')).toHaveCount(0);
  await player.context().close();

  for (const [viewport, language] of [
    ['desktop', 'en'],
    ['phone', 'fr'],
  ] as const) {
    const page: Page = await (await newContext(browser, viewport, admin, language)).newPage();
    page.on('dialog', (dialog) => void dialog.dismiss());
    await page.goto('/');
    await page.getByTestId('admin-link').click();
    await expect(page).toHaveURL('/admin');
    const report = page.getByTestId('report').filter({ hasText: rogue.username }).first();
    await expect(report).toBeVisible();
    // The reported line is marked, and its markup is shown as the player wrote it.
    const marked = report.locator('.transcript-line.marked');
    await expect(marked).toContainText(`you play like a sardine ${XSS}`);
    await expect(report.locator('.transcript-line')).toHaveCount(3);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(report.getByTestId('account-actions')).toContainText(
      text(language, 'admin.account.inGoodStanding', { name: rogue.username }),
    );
    await checkNoSidewaysScroll(page, `admin reports ${viewport}`);
    await shootBothThemes(page, viewport, `admin-reports-${language}`, async () => {
      await report.scrollIntoViewIfNeeded();
    });
    await page.context().close();
  }

  // Act from the report (desktop): mute for a day, then ban for a week, then close it.
  const page = await (await newContext(browser, 'desktop', admin)).newPage();
  await page.goto('/admin?section=reports');
  const report = page.getByTestId('report').filter({ hasText: rogue.username }).first();
  const actions = report.getByTestId('account-actions');
  await actions.getByLabel(text('en', 'admin.account.reason')).fill('insults in chat');
  await actions.getByRole('button', { name: text('en', 'admin.account.mute'), exact: true }).click();
  await expect(actions.getByRole('status')).toContainText(`${rogue.username} is muted until`);
  expect(await r.say('let me talk')).toMatchObject({ error: 'MUTED' });
  await actions.getByLabel(text('en', 'admin.account.reason')).fill('insults again after a warning');
  await actions.getByRole('button', { name: text('en', 'admin.account.ban'), exact: true }).click();
  await expect(actions.getByRole('status')).toContainText(`${rogue.username} is banned until`);
  await report.getByLabel(text('en', 'admin.reports.note')).fill('muted, then banned for a week');
  await report.getByRole('button', { name: text('en', 'admin.reports.actioned') }).click();
  await expect(report.getByTestId('report-closed')).toContainText('muted, then banned for a week');

  await page.getByRole('link', { name: text('en', 'admin.sections.audit') }).click();
  await expect(page).toHaveURL('/admin?section=audit');
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toContainText('muted, then banned for a week');
  await expect(entries.nth(1)).toContainText('insults again after a warning');
  await expect(entries.nth(2)).toContainText('insults in chat');
  await shootBothThemes(page, 'desktop', 'admin-audit-en');
  await page.context().close();

  // The banned player, logging in from a French browser, is told until when and why.
  const login = await (await newContext(browser, 'phone', null, 'fr')).newPage();
  await login.goto('/login');
  await login.getByLabel(text('fr', 'login.email')).fill(rogue.email);
  await login.getByLabel(text('fr', 'login.password')).fill('correct horse battery');
  await login.getByRole('button', { name: text('fr', 'login.submit') }).click();
  const banner = login.getByRole('alert');
  await expect(banner).toContainText('Ce compte est banni jusqu’au');
  await expect(banner).toContainText('insults again after a warning');
  await shootBothThemes(login, 'phone', 'login-banned-fr');
  v.close();
  r.close();
});
