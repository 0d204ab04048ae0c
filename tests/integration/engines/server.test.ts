import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { runCli } from '../cli/cli';

// Engines through a real server (docs/engines.md, "On a server"): the bot player loop drives an
// engine process; a fault makes it resign that game only.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('engines on a server', () => {
  it('plays --engine against the computer, and a hanging engine resigns each game it cannot finish', async () => {
    const good = await runCli([
      'play',
      '--server',
      server.url,
      '--register',
      '--vs-computer',
      'easy',
      '--engine',
      'node examples/engines/hunt.mjs',
      '--json',
    ]);
    expect(good.code).toBe(0);
    const report = good.json<{ games: number; engineFaults: string[]; results: { endReason: string }[] }>();
    expect(report.engineFaults).toEqual([]);
    expect(report.results[0]?.endReason).toBe('SUNK');

    const hang = await runCli([
      'play',
      '--server',
      server.url,
      '--register',
      '--vs-computer',
      'easy',
      '--engine',
      'node tests/fixtures/engines/broken.mjs hang',
      '--time',
      '1000',
      '--json',
    ]);
    expect(hang.code).toBe(0);
    const lost = hang.json<{ wins: number; engineFaults: string[]; results: { endReason: string }[] }>();
    expect(lost.wins).toBe(0);
    expect(lost.results[0]?.endReason).toBe('RESIGN');
    expect(lost.engineFaults[0]).toMatch(/^timeout: no answer to "go time 1000"/);
  }, 60_000);

  it('runs a tournament through the server with an engine and a strategy', async () => {
    const run = await runCli([
      'tournament',
      '--server',
      server.url,
      '--engine',
      'js=node examples/engines/hunt.mjs',
      '--strategy',
      'random',
      '--games',
      '1',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const report = run.json<{ games: number; participants: { name: string; wins: number }[] }>();
    expect(report.games).toBe(2);
    expect(report.participants.map((p) => p.name)).toEqual(['js', 'random']);
    expect(report.participants[0]?.wins).toBeGreaterThan(0);
  }, 60_000);
});
