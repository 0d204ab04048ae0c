import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli } from './cli';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

interface Side {
  strategy: string;
  wins: number;
  ci95: [number, number];
  meanShots: number;
}

describe('broadside duel', () => {
  it('plays every game to the end through the server and reports wins with a confidence interval', async () => {
    const run = await runCli(argv`duel --server ${server.url} --a density --b random --games 4 --json --quiet`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<{ games: number; a: Side; b: Side; seconds: number }>();
    expect(report.games).toBe(4);
    expect(report.a.wins + report.b.wins).toBe(4);
    expect(report.a.strategy).toBe('density');
    for (const side of [report.a, report.b]) {
      expect(side.ci95[0]).toBeLessThanOrEqual(side.wins / 4);
      expect(side.ci95[1]).toBeGreaterThanOrEqual(side.wins / 4);
      expect(side.meanShots).toBeGreaterThanOrEqual(17);
    }
    // Density against random fire: random needs ~95 shots, density ~45.
    expect(report.a.wins).toBeGreaterThanOrEqual(3);
  });

  it('prints a human report without --json', async () => {
    const run = await runCli(argv`duel --server ${server.url} --a hunt --b hunt --games 1 --quiet`);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^duel in room \S+: 1 games/m);
    expect(run.stdout).toMatch(/^A hunt\/random: \d wins .*95% CI/m);
  });
});
