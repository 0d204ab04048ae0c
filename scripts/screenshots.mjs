#!/usr/bin/env node
/**
 * npm run screenshots: plays the screenshot tests (tests/e2e/look-*.spec.ts: every page and game
 * state, both themes, 1280×720 and 390×844) against a fresh server, then copies the README's
 * pictures into docs/screenshots/. Every picture of the run stays in test-results/screenshots/.
 * E2E_PORT picks the port (default 43202).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SHOTS = join('test-results', 'screenshots');
const DOCS = join('docs', 'screenshots');
/** The pictures the README shows, from the run's full set. */
const CHOSEN = [
  'desktop-dark-home',
  'desktop-light-home',
  'desktop-dark-placement',
  'desktop-dark-play-your-turn',
  'desktop-light-ended',
  'phone-dark-play-your-turn',
  'phone-light-placement',
];

const run = spawnSync('npx', ['playwright', 'test', 'tests/e2e/look-pages.spec.ts', 'tests/e2e/look-game.spec.ts'], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: process.env.E2E_PORT ?? '43202', SCREENSHOT_DIR: SHOTS },
});
if (run.status !== 0) {
  console.error('the screenshot tests failed; docs/screenshots left as it was');
  process.exit(run.status ?? 1);
}
mkdirSync(DOCS, { recursive: true });
for (const name of CHOSEN) {
  const from = join(SHOTS, `${name}.png`);
  if (!existsSync(from)) {
    console.error(`missing ${from}`);
    process.exit(1);
  }
  copyFileSync(from, join(DOCS, `${name}.png`));
}
console.log(`${CHOSEN.length} pictures copied to ${DOCS}; all of them are in ${SHOTS}`);
