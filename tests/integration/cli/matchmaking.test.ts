import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsSchema, METRICS_JSON } from '../../../src/protocol';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli, startCli } from './cli';

// The test server's computer players answer at once (BOT_DELAY_MS_MIN/MAX 0, tests/support/server.ts).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

interface PlayReport {
  slug: string;
  username: string;
  mode: string;
  level: string | null;
  opponent: string | null;
  games: number;
  wins: number;
  losses: number;
  results: { won: boolean; winner: string; shots: number; opponentShots: number; endReason: string | null }[];
}

const lastLine = (stdout: string): PlayReport => JSON.parse(stdout.trim().split('\n').pop() ?? '') as PlayReport;

describe('broadside play --vs-computer', () => {
  for (const level of ['easy', 'medium', 'hard'] as const) {
    it(`plays a whole game against the ${level} computer, to a winner`, async () => {
      const run = await runCli(
        argv`play --server ${server.url} --register --vs-computer ${level} --strategy hunt --json`,
        {
          timeoutMs: 90_000,
        },
      );
      expect(run.stderr).toContain(`against Computer (${level.charAt(0).toUpperCase()}${level.slice(1)})`);
      expect(run.code).toBe(0);
      const report = run.json<PlayReport>();
      expect(report).toMatchObject({ mode: 'computer', level, games: 1 });
      expect(report.opponent).toBe(`Computer (${level.charAt(0).toUpperCase()}${level.slice(1)})`);
      const [game] = report.results;
      expect(game?.endReason).toBe('SUNK');
      expect([report.username, report.opponent]).toContain(game?.winner);
      // Whoever won sank all 17 ship cells, so fired at least 17 shots.
      expect(game?.won ? game.shots : game?.opponentShots).toBeGreaterThanOrEqual(17);
      expect(report.wins + report.losses).toBe(1);
    }, 90_000);
  }

  it('/metrics reports the decision time per shot of each level that played', async () => {
    const metrics = MetricsSchema.parse(await (await fetch(`${server.url}/metrics`, { headers: METRICS_JSON })).json());
    for (const level of ['easy', 'medium', 'hard'] as const) {
      const times = metrics.computers?.decisions[level];
      expect(times?.compute?.count).toBeGreaterThanOrEqual(17);
      expect(times?.roundTrip?.p99).toBeGreaterThanOrEqual(times?.compute?.p50 ?? Number.POSITIVE_INFINITY);
    }
  });

  it('refuses an unknown level before touching the server, with a non-zero exit code', async () => {
    const run = await runCli(argv`play --server ${server.url} --register --vs-computer impossible`);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/--vs-computer.*impossible.*computer level \(easy, medium, hard\)/);
  });

  it('says so when every computer seat of the server is taken (503)', async () => {
    const full = await startTestServer({ config: { maxBotGames: 0 } });
    try {
      const run = await runCli(argv`play --server ${full.url} --register --vs-computer easy`);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/no computer opponent free on the server \(503\)/);
    } finally {
      await full.dispose();
    }
  });
});

describe('broadside play --quick', () => {
  it('pairs two bots from the queue into one room and both play the game to its end', async () => {
    const first = startCli(argv`play --server ${server.url} --register --quick --json`, /searching/);
    await first.matched;
    const second = await runCli(argv`play --server ${server.url} --register --quick --strategy hunt --json`, {
      timeoutMs: 90_000,
    });
    const firstDone = await first.done;
    expect(second.code).toBe(0);
    expect(firstDone.code).toBe(0);
    const a = lastLine(firstDone.stdout);
    const b = second.json<PlayReport>();
    expect(a.mode).toBe('quick');
    expect(a.slug).toBe(b.slug);
    expect(a.opponent).toBe(b.username);
    expect(b.opponent).toBe(a.username);
    // One game, one winner, the same one in both reports.
    expect(a.results[0]?.winner).toBe(b.results[0]?.winner);
    expect(a.wins + b.wins).toBe(1);
    expect(await server.matchQueue.waiting()).toEqual([]);
  }, 90_000);

  it('leaves the queue when the wait times out', async () => {
    const run = await runCli(argv`play --server ${server.url} --register --quick --timeout 1`);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no opponent found within 1 s; left the queue/);
    expect(await server.matchQueue.waiting()).toEqual([]);
  });

  it('leaves the queue on Ctrl-C and exits 130', async () => {
    const waiting = startCli(argv`play --server ${server.url} --register --quick`, /searching/);
    await waiting.matched;
    expect((await server.matchQueue.waiting()).length).toBe(1);
    waiting.child.kill('SIGINT');
    const done = await waiting.done;
    expect(done.code).toBe(130);
    expect(done.stderr).toMatch(/quick match cancelled \(SIGINT\); left the queue/);
    expect(await server.matchQueue.waiting()).toEqual([]);
  });

  it('refuses --quick with --vs-computer or a room name, and a turn clock for rooms the server makes', async () => {
    const withLevel = await runCli(argv`play --server ${server.url} --register --quick --vs-computer easy`);
    expect(withLevel.code).not.toBe(0);
    expect(withLevel.stderr).toMatch(/'--quick' cannot be used with option '--vs-computer/);
    const withSlug = await runCli(argv`play --server ${server.url} --register --quick --join brave-otter-42`);
    expect(withSlug.code).not.toBe(0);
    expect(withSlug.stderr).toMatch(/'--quick' cannot be used with option '--join/);
    const withClock = await runCli(argv`play --server ${server.url} --register --vs-computer easy --turn-seconds 30`);
    expect(withClock.code).not.toBe(0);
    expect(withClock.stderr).toMatch(/'--turn-seconds <seconds>' cannot be used with option '--vs-computer/);
  });
});
