import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadReport } from '../../cli/load/run';
import { runCli, startCli } from '../integration/cli/cli';
import { interopSkipReason, type OriginalServer, prepareOriginal, startOriginalServer } from '../support/original';

/*
 * Our CLI against the original server (docs/protocol.md, "Interoperability"): the real `broadside`
 * launcher plays, duels and load-tests the original NestJS server on PostgreSQL + Redis.
 */

const skip = interopSkipReason();
if (skip) console.log(`SKIPPED ${skip}`);

describe.skipIf(skip !== null)('broadside on the original server', () => {
  let original: OriginalServer;
  beforeAll(async () => {
    original = await startOriginalServer(prepareOriginal());
  }, 600_000);
  afterAll(async () => {
    await original?.stop();
  });

  it('duel: two bots play every game to the end, a hit keeping the turn there', async () => {
    const run = await runCli(
      ['duel', '--server', original.url, '--a', 'hunt', '--b', 'random', '--games', '3', '--seed', '4', '--json'],
      { timeoutMs: 90_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = run.json<{ games: number; a: { wins: number }; b: { wins: number } }>();
    expect(report.games).toBe(3);
    expect(report.a.wins + report.b.wins).toBe(3);
    expect(original.exited()).toBe(false);
  });

  it('play: one bot creates a room, another joins it; both finish with a winner', async () => {
    const host = startCli(
      ['play', '--server', original.url, '--register', '--create', '--strategy', 'density', '--json'],
      /room (\S+) created/,
    );
    const slug = (await host.matched)[1] ?? '';
    expect(slug).toMatch(/^\w+-\w+-\w+$/);
    const guest = await runCli(['play', '--server', original.url, '--register', '--join', slug, '--json'], {
      timeoutMs: 60_000,
    });
    const hostRun = await host.done;
    expect(guest.code, guest.stderr).toBe(0);
    expect(hostRun.code, hostRun.stderr).toBe(0);
    const last = (stdout: string) =>
      JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { wins: number; games: number };
    const [g, h] = [last(guest.stdout), last(hostRun.stdout)];
    expect([g.games, h.games]).toEqual([1, 1]);
    expect(g.wins + h.wins).toBe(1);
  });

  it('load: a closed-model run of games with rematches, zero errors', async () => {
    const run = await runCli(
      ['load', '--server', original.url, '--games', '6', '--concurrency', '2', '--rematch', '0.5', '--json', '--quiet'],
      { timeoutMs: 120_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = run.json<LoadReport>();
    expect(report).toMatchObject({ games: 6, completed: 6, errors: 0 });
    expect(report.latencyMs.shoot?.count).toBeGreaterThanOrEqual(6 * 17);
    expect(original.exited()).toBe(false);
  });
});
