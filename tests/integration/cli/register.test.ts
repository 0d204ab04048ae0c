import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli } from './cli';

// `--register --email` (issue 35): signs that account up, which then logs in with its password.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('--register --email', () => {
  it('signs that address up, then it logs in; a second sign-up of it is refused in one line', async () => {
    const email = `tester.${Date.now()}@example.test`;
    // No game 999999 on a fresh server: the account is made and logged in, then the export says so.
    const first = await runCli(
      argv`export 999999 --server ${server.url} --register --email ${email} --password ${'s3cret-pass'}`,
    );
    expect(first.stderr.trim()).toBe('broadside: game 999999: No game 999999');
    const again = await runCli(argv`export 999999 --server ${server.url} --email ${email} --password ${'s3cret-pass'}`);
    expect(again.stderr.trim()).toBe(first.stderr.trim());
    const twice = await runCli(
      argv`export 999999 --server ${server.url} --register --email ${email} --password ${'other-pass'}`,
    );
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(new RegExp(`^broadside: cannot register ${email.replaceAll('.', '\\.')}: `));
    // Without --password, a password is made and told once.
    const other = `other.${Date.now()}@example.test`;
    const made = await runCli(argv`export 999999 --server ${server.url} --register --email ${other}`);
    const password = /registered .+ \(other\.\d+\) with password ([0-9a-f]{24})/.exec(made.stderr)?.[1] ?? '';
    expect(password).not.toBe('');
    const back = await runCli(argv`export 999999 --server ${server.url} --email ${other} --password ${password}`);
    expect(back.stderr.trim()).toBe('broadside: game 999999: No game 999999');
  }, 240_000);
});
