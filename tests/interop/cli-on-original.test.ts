import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadReport } from '../../cli/load/run';
import { argv, runCli, startCli } from '../integration/cli/cli';
import { interopSkipReason } from '../support/original';
import { originalServerForSuite } from '../support/original-suite';

/*
 * Our CLI against the original server (docs/protocol.md, "Interoperability"): the real `broadside`
 * launcher plays, duels, runs scripts and load-tests the original NestJS server on PostgreSQL + Redis.
 */

const example = JSON.parse(readFileSync(new URL('../../examples/script.json', import.meta.url), 'utf8'));

/** examples/script.json with a known fleet for the scripted player and opponent shots that hit it. */
function scriptWithOpponentShots(): Record<string, unknown> {
  const row = (y: number, xs: number[]) => xs.map((x) => ({ x, y }));
  const fleet = {
    '0': row(9, [0, 1, 2, 3, 4]),
    '1': [0, 1, 2, 3].map((y) => ({ x: 9, y })),
    '2': [0, 1, 2].map((y) => ({ x: 7, y })),
    '3': row(5, [4, 5, 6]),
    '4': [
      { x: 0, y: 4 },
      { x: 0, y: 5 },
    ],
  };
  // A hit keeps the turn on the original: the two hits on ship "0" come in one turn there.
  const shots = [
    { x: 0, y: 9, expect: 'H' },
    { x: 1, y: 9, expect: 'H' },
    { x: 5, y: 0, expect: 'M' },
    { x: 0, y: 4, expect: 'H' },
    { x: 0, y: 5, expect: 'D' },
    { x: 3, y: 3, expect: 'M' },
  ];
  return { ...example, fleet, opponent: { ...example.opponent, shots } };
}

const dir = mkdtempSync(join(tmpdir(), 'broadside-interop-script-'));
function scriptFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const skip = interopSkipReason();
if (skip) console.log(`SKIPPED ${skip}`);

describe.skipIf(skip !== null)('broadside on the original server', () => {
  const suite = originalServerForSuite();

  it('duel: two bots play every game to the end, a hit keeping the turn there', async () => {
    const run = await runCli(argv`duel --server ${suite.server.url} --a hunt --b random --games 3 --seed 4 --json`, {
      timeoutMs: 90_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const report = run.json<{ games: number; a: { wins: number }; b: { wins: number } }>();
    expect(report.games).toBe(3);
    expect(report.a.wins + report.b.wins).toBe(3);
    expect(suite.server.exited()).toBe(false);
  });

  it('play: one bot creates a room, another joins it; two games, each with a winner (both ask for the rematch)', async () => {
    const host = startCli(
      argv`play --server ${suite.server.url} --register --create --strategy density --games 2 --json`,
      /room (\S+) created/,
    );
    const slug = (await host.matched)[1] ?? '';
    expect(slug).toMatch(/^\w+-\w+-\w+$/);
    const guest = await runCli(argv`play --server ${suite.server.url} --register --join ${slug} --games 2 --json`, {
      timeoutMs: 90_000,
    });
    const hostRun = await host.done;
    expect(guest.code, guest.stderr).toBe(0);
    expect(hostRun.code, hostRun.stderr).toBe(0);
    const last = (stdout: string) =>
      JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { wins: number; games: number };
    const [g, h] = [last(guest.stdout), last(hostRun.stdout)];
    expect([g.games, h.games]).toEqual([2, 2]);
    expect(g.wins + h.wins).toBe(2);
  });

  it('script: every scripted answer on both sides as expected, the expected winner; a wrong expectation exits 1', async () => {
    const script = scriptWithOpponentShots();
    const run = await runCli(
      ['script', scriptFile('opponent.json', script), '--server', suite.server.url, '--json', '--quiet'],
      {
        timeoutMs: 90_000,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = run.json<{
      ok: boolean;
      username: string;
      winner: string;
      steps: { result: string }[];
      opponentSteps: { x: number; y: number; result: string }[];
    }>();
    expect(report.ok).toBe(true);
    expect(report.winner).toBe(report.username);
    expect(report.steps.map((s) => s.result)).toEqual(example.shots.map((s: { expect: string }) => s.expect));
    expect(report.opponentSteps.map(({ x, y, result }) => ({ x, y, expect: result }))).toEqual(
      (script.opponent as { shots: unknown[] }).shots,
    );

    const wrong = {
      ...example,
      shots: example.shots.map((s: object, i: number) => (i === 1 ? { ...s, expect: 'M' } : s)),
    };
    const refused = await runCli(argv`script ${scriptFile('wrong.json', wrong)} --server ${suite.server.url} --quiet`, {
      timeoutMs: 60_000,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('shot #2 at (0,0): expected M, got H');
    expect(suite.server.exited()).toBe(false);
  });

  it('load: a closed-model run of games with rematches, zero errors', async () => {
    const run = await runCli(
      argv`load --server ${suite.server.url} --games 6 --concurrency 2 --rematch 0.5 --json --quiet`,
      { timeoutMs: 120_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = run.json<LoadReport>();
    expect(report).toMatchObject({ games: 6, completed: 6, errors: 0 });
    expect(report.latencyMs.shoot?.count).toBeGreaterThanOrEqual(6 * 17);
    expect(suite.server.exited()).toBe(false);
  });
});
