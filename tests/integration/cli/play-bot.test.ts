import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli, startCli } from './cli';

/* `broadside play --bot` (docs/engines.md, "Bot accounts"): an engine waits for a person in a public room as a bot account. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('broadside play --bot', () => {
  it('upgrades the account, waits in a public room with an engine, and a person plays it', async () => {
    const host = startCli(
      argv`play --server ${server.url} --register --bot --create --public --engine ${`${process.execPath} examples/engines/hunt.mjs`} --json`,
      /room (\S+) created/,
    );
    const [, slug] = await host.matched;
    const room = await server.store.db
      .selectFrom('rooms')
      .select('is_public')
      .where('slug', '=', slug ?? '')
      .executeTakeFirst();
    expect(room?.is_public).toBe(1);
    const guest = await runCli(argv`play --server ${server.url} --register --join ${slug ?? ''} --json`);
    const hosted = await host.done;
    expect(guest.code).toBe(0);
    expect(hosted.code).toBe(0);
    expect(hosted.stderr + hosted.stdout).toMatch(/is now a bot account/);
    const report = JSON.parse(hosted.stdout.trim().split('\n').pop() ?? '') as {
      username: string;
      bot: boolean;
      games: number;
    };
    expect(report).toMatchObject({ bot: true, games: 1 });
    const row = await server.store.db
      .selectFrom('users')
      .select('bot_since')
      .where('username', '=', report.username)
      .executeTakeFirstOrThrow();
    expect(row.bot_since).not.toBeNull();
  }, 60_000);

  it('refuses --bot with --quick, and --public without --create', async () => {
    const quick = await runCli(argv`play --server ${server.url} --register --bot --quick`);
    expect(quick.code).not.toBe(0);
    expect(quick.stderr).toMatch(/--bot.*cannot be used with option '--quick'|--quick.*--bot/);
    const lone = await runCli(argv`play --server ${server.url} --register --public --join calm-bay`);
    expect(lone.code).not.toBe(0);
    expect(lone.stderr).toContain('--public goes with --create');
  });
});
