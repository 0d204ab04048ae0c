import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { runCli } from './cli';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

interface LoadReport {
  games: number;
  completed: number;
  errors: number;
  errorsByCode: Record<string, number>;
  gamesPerSecond: number;
  latencyMs: Record<string, { count: number; p50: number; p95: number; p99: number; max: number }>;
}

describe('broadside load', () => {
  it('plays 20 games, 10 at once over two workers, with zero errors and every latency measured', async () => {
    const run = await runCli(
      ['load', '--server', server.url, '--games', '20', '--concurrency', '10', '--workers', '2', '--json', '--quiet'],
      { timeoutMs: 110_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<LoadReport>();
    expect(report).toMatchObject({ games: 20, completed: 20, errors: 0, errorsByCode: {} });
    expect(report.gamesPerSecond).toBeGreaterThan(0);
    for (const event of ['signUp+login', 'createRoom', 'connect+join', 'startGame', 'placeShips', 'shoot']) {
      const p = report.latencyMs[event];
      expect(p, event).toBeDefined();
      expect(p?.p50).toBeLessThanOrEqual(p?.p99 ?? 0);
      expect(p?.p99).toBeLessThanOrEqual(p?.max ?? 0);
    }
    // 20 games of at least 17 shots for each of two players… at least one side's 17.
    expect(report.latencyMs.shoot?.count).toBeGreaterThanOrEqual(20 * 17);
    expect(report.latencyMs.placeShips?.count).toBe(40);
  }, 120_000);

  it('exits non-zero and counts the failures when games cannot be played', async () => {
    const run = await runCli([
      'load',
      '--server',
      'http://127.0.0.1:1',
      '--games',
      '2',
      '--concurrency',
      '2',
      '--json',
      '--quiet',
    ]);
    expect(run.code).toBe(1);
    expect(run.json<LoadReport>()).toMatchObject({ completed: 0, errors: 2, errorsByCode: { UNREACHABLE: 2 } });
    expect(run.stderr).toBe('broadside: 2 of 2 games failed\n');
  });
});
