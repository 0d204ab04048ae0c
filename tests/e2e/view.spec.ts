import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/test';

/*
 * `broadside view` (docs/cli.md, "view"): a tournament's games in the web client's replay viewer,
 * served on this machine from the client the e2e run built, and the report linking every game.
 * The run has a hanging engine, so games end by timeout as well as by sinking.
 */
const BIN = join(process.cwd(), 'cli/bin.mjs');
const clientDir = join(process.env.BROADSIDE_E2E_DIR ?? '', 'dist');
const runDir = join(mkdtempSync(join(tmpdir(), 'bs-view-')), 'run');
const views: ChildProcess[] = [];

/** Starts `broadside view …` and resolves with the address it prints. */
function view(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'view', ...args, '--no-open', '--client-dir', clientDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  views.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /open (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`broadside view exited (${code}): ${out}`)));
  });
}

test.beforeAll(() => {
  const run = spawnSync(
    process.execPath,
    [
      BIN,
      'tournament',
      '--strategy',
      'density',
      '--strategy',
      'hunt',
      '--engine',
      'hang=node tests/fixtures/engines/broken.mjs hang',
      '--games',
      '1',
      '--out',
      runDir,
      '--quiet',
    ],
    { encoding: 'utf8', timeout: 90_000 },
  );
  // The hanging engine lost every game by a fault: the run says so (exit 1) and saves them all.
  expect(run.stderr).toContain('hang lost every game by a fault');
  expect(readFileSync(join(runDir, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(6);
});

test.afterAll(() => {
  for (const child of views) child.kill('SIGTERM');
  rmSync(join(runDir, '..'), { recursive: true, force: true });
});

let url = '';
test.beforeAll(async () => {
  url = await view([runDir]);
});

test('the report links every game to the replay viewer, which plays it to its end', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto(url);
  for (const section of ['Ratings', 'Shots', 'How the games ended', 'Games'])
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  const links = page.locator('#games a');
  await expect(links).toHaveCount(6);
  // A game the hanging engine lost on time: its replay says so at the end.
  const row = page.locator('#games tr', { hasText: 'timeout' }).first();
  const id = (await row.locator('a').textContent()) ?? '';
  await row.locator('a').click();
  await expect(page).toHaveURL(new RegExp(`view\\.html\\?game=${id.replaceAll('.', '\\.')}`));
  await expect(page.getByRole('heading', { name: /^Replay: .+ vs .+$/ })).toBeVisible();
  await expect(page.getByTestId('replay-status')).toHaveText(/^Before the first shot/);
  await expect(page.locator('canvas')).toHaveCount(1);
  // The game's own moves, in the order fired: the record the command serves, shot by shot.
  const game = (await (await page.request.get(`${url}api/games/${id}`)).json()) as {
    record: { shots: { shooterId: string; x: number; y: number }[] };
  };
  for (const [n, shot] of game.record.shots.slice(0, 2).entries()) {
    await page.keyboard.press('ArrowRight');
    const cell = `${String.fromCharCode(65 + shot.x)}${shot.y + 1}`;
    await expect(page.getByTestId('replay-status')).toHaveText(
      new RegExp(`^Shot ${n + 1} of ${game.record.shots.length}: ${shot.shooterId} fired at ${cell}: `),
    );
  }
  await page.keyboard.press('End');
  await expect(page.getByTestId('replay-status')).toHaveText(/— (density|hunt) won: hang ran out of time$/);
  await expect(page.getByText(/hang: timeout: no answer to "go time 1000"/)).toBeVisible();
  // The run's other games are a click away, and so is the report.
  await expect(page.getByRole('link', { name: 'The run (6 games)' })).toBeVisible();
});

test('replays a game in French within a phone’s width', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(`${url}view.html?game=1.1.1`);
  const title = page.getByRole('heading', { name: /^Revoir\s*:\s*(density contre hunt|hunt contre density)$/ });
  await expect(title).toBeVisible();
  await title.click();
  await page.keyboard.press('End');
  await expect(page.getByTestId('replay-status')).toHaveText(
    /gagne\s*:\s*toute la flotte de (hunt|density) est coulée$/,
  );
  // The stage takes the page's width once it has measured it: on a busy machine that may come a
  // moment after the text; what is judged is the page as it settles, nothing wider than the phone.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
