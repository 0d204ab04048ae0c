import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium';
import { e2ePort, e2eSmtpPort } from './tests/support/e2e-ports';

/*
 * Browser tests against the real server: the client is built into a private directory (so a
 * developer's dist/ is left alone) and served by the reference server on 127.0.0.1 with a fresh
 * data directory. Chromium is the system one (Debian); `npx playwright install` is not needed.
 */
const port = e2ePort();
const baseURL = `http://127.0.0.1:${port}`;
// The config is evaluated again in each worker; only the main process starts the server.
const runDir = process.env.BROADSIDE_E2E_DIR ?? mkdtempSync(join(tmpdir(), 'broadside-e2e-'));
process.env.BROADSIDE_E2E_DIR = runDir;
const clientDir = join(runDir, 'dist');
const dataDir = join(runDir, 'data');

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two cores: one browser at a time keeps the software-rendered WebGL stage responsive.
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 900 },
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `npx vite build --logLevel warn --outDir "${clientDir}" --emptyOutDir && npx tsx server/main.ts`,
    url: `${baseURL}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'warn',
      // Every browser test signs up from 127.0.0.1: per-address limits would trip across the run.
      SIGNUPS_PER_ADDRESS: '0',
      LOGIN_FAILURES_PER_ADDRESS: '0',
      // A forfeit after a dropped player (issue 11) fits in a test; the default is 60 s.
      RECONNECT_GRACE_SECONDS: '20',
      // The computer answers at once (issue 12): a whole game against it fits in a test.
      BOT_DELAY_MS_MIN: '0',
      BOT_DELAY_MS_MAX: '0',
      // The quick match offers the computer after 3 s instead of 30 (play-now.spec.ts checks it).
      QUICK_MATCH_OFFER_SECONDS: '3',
      // The moderators of the browser tests (admin.spec.ts): this e-mail's account is an admin.
      ADMIN_EMAILS: 'moderator@broadside.test',
      // Password resets by e-mail, to a sink tests/e2e/accounts.spec.ts starts (no other test sends e-mail).
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort()}`,
      PUBLIC_URL: baseURL,
    },
  },
});
