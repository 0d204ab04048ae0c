import { gzipSync } from 'node:zlib';
import { expect, test } from './support/test';

/** Issue #3 size goal: the first load of / is at most 120 KB of gzipped JS, PixiJS and the stage excluded. */
const BUDGET_BYTES = 120 * 1024;

test('the first load of / stays within 120 KB of gzipped JavaScript and loads no stage code', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js')) return;
    const body = await response.body();
    scripts.set(url, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Create a game' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  const names = [...scripts.keys()].map((url) => new URL(url).pathname);
  console.log(`first load of /: ${(total / 1024).toFixed(1)} KB gzipped JS in ${names.length} files`);
  expect(names.length).toBeGreaterThan(0);
  expect(names.filter((name) => /GameStage|pixi|socket/i.test(name))).toEqual([]);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});
