import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRules, makeRules } from '../../../src/game';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli, startCli } from './cli';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

interface PlayReport {
  slug: string;
  games: number;
  wins: number;
  losses: number;
  results: { won: boolean; shots: number; endReason: string | null }[];
}

describe('broadside play', () => {
  it('seats one bot that creates a room and one that joins it, for two games with a replay', async () => {
    const host = startCli(
      argv`play --server ${server.url} --register --create --strategy density --games 2 --json`,
      /room (\S+) created/,
    );
    const [, slug] = await host.matched;
    const guest = await runCli(
      argv`play --server ${server.url} --register --join ${slug ?? ''} --strategy hunt --games 2 --json`,
    );
    const hosted = await host.done;
    expect(guest.code).toBe(0);
    expect(hosted.code).toBe(0);
    const g = guest.json<PlayReport>();
    const h = JSON.parse(hosted.stdout.trim().split('\n').pop() ?? '') as PlayReport;
    expect(g.slug).toBe(slug);
    expect(h.games).toBe(2);
    expect(g.games).toBe(2);
    // Each game has exactly one winner: the host's wins are the guest's losses.
    expect(h.wins).toBe(g.losses);
    expect(h.results.every((r) => r.shots >= 1)).toBe(true);
  }, 60_000);
});

describe('broadside play --rules', () => {
  it('plays the computer under russian salvo rules: the room the server made has them', async () => {
    const run = await runCli(
      argv`play --server ${server.url} --register --vs-computer easy --rules fleet=russian,shots=salvo --strategy density --json --quiet`,
      { timeoutMs: 90_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<PlayReport & { rules: string }>();
    // Read back from the room's own state, not echoed from the option.
    expect(report.rules).toBe(formatRules(makeRules({ fleet: 'russian', touch: false, shots: 'salvo' })));
    expect(report.games).toBe(1);
    // A russian fleet has 20 cells: whoever won fired at least that many shots.
    const [game] = report.results;
    expect(
      Math.max(game?.shots ?? 0, (game as { opponentShots?: number } | undefined)?.opponentShots ?? 0),
    ).toBeGreaterThanOrEqual(20);
  }, 90_000);

  it('refuses --rules with --join: a joined room keeps its own rules', async () => {
    const run = await runCli(argv`play --server ${server.url} --register --join brave-otter-42 --rules shots=salvo`);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/--rules goes with --create/);
  });
});

describe('broadside play and the match lifecycle', () => {
  it('--resign-after N resigns; both reports say the game ended by resignation', async () => {
    const host = startCli(
      argv`play --server ${server.url} --register --create --turn-seconds 60 --resign-after 2 --json`,
      /room (\S+) created/,
    );
    const [, slug] = await host.matched;
    const guest = await runCli(argv`play --server ${server.url} --register --join ${slug ?? ''} --json`);
    const hosted = await host.done;
    expect(hosted.code).toBe(0);
    expect(guest.code).toBe(0);
    const h = JSON.parse(hosted.stdout.trim().split('\n').pop() ?? '') as PlayReport;
    const g = guest.json<PlayReport>();
    expect(h.results).toEqual([expect.objectContaining({ won: false, endReason: 'RESIGN' })]);
    expect(h.results[0]?.shots).toBeLessThanOrEqual(2);
    expect(g.results).toEqual([expect.objectContaining({ won: true, endReason: 'RESIGN' })]);
    expect(`${hosted.stdout}${hosted.stderr}`).toMatch(/lost to \S+ by resignation/);
  }, 60_000);

  it('--turn-seconds takes 30 or 60 only', async () => {
    const run = await runCli(argv`play --server ${server.url} --register --create --turn-seconds 45`);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/--turn-seconds takes 30 or 60, got "45"/);
  });
});

describe('bad input', () => {
  it('an unknown strategy: one line, non-zero', async () => {
    const run = await runCli(argv`bench --strategy psychic`);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /'psychic' is invalid\. unknown shot strategy "psychic" \(known: random, hunt, density, sampler, best\)/,
    );
  });

  it('an unreachable server: one line, non-zero', async () => {
    const run = await runCli(argv`play --server http://127.0.0.1:1 --register --create`);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^broadside: Cannot reach the server at http:\/\/127\.0\.0\.1:1: .+\n$/);
  });

  it('bad credentials: one line, non-zero', async () => {
    const run = await runCli(
      argv`play --server ${server.url} --email nobody@example.test --password wrong-password --create`,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^broadside: rejected by the server \(401\): .+\n$/);
  });

  it('credentials from the environment, and a missing room choice', async () => {
    const run = await runCli(argv`play --server ${server.url}`, {
      env: { BROADSIDE_EMAIL: 'a@b.test', BROADSIDE_PASSWORD: 'x' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'broadside: give --create, --join SLUG, --vs-computer LEVEL, --quick, or --bot --accept-challenges\n',
    );
  });

  it('a room that does not exist: one line, non-zero', async () => {
    const run = await runCli(argv`play --server ${server.url} --register --join no-such-room-1`);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('broadside: cannot join room "no-such-room-1": ROOM_NOT_FOUND\n');
  });

  it('every command has --help with examples', async () => {
    for (const command of ['bench', 'play', 'duel', 'script', 'load']) {
      const run = await runCli(argv`${command} --help`);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Examples:\n {2}\$ broadside /);
    }
  }, 60_000);
});
