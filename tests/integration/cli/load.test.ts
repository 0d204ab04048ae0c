import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadReport } from '../../../cli/load/run';
import { makeRules } from '../../../src/game';
import { register } from '../../../cli/session';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli } from './cli';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'broadside-load-'));
});
afterAll(async () => {
  await server.dispose();
  rmSync(dir, { recursive: true, force: true });
});

function expectOrderedPercentiles(report: LoadReport, events: readonly string[]): void {
  for (const event of events) {
    const p = report.latencyMs[event];
    expect(p, event).toBeDefined();
    expect(p?.p50).toBeLessThanOrEqual(p?.p99 ?? 0);
    expect(p?.p99).toBeLessThanOrEqual(p?.max ?? 0);
  }
}

describe('broadside load', () => {
  it('closed model: 12 games, 4 at once over two workers, accounts signed up once, rematches, zero errors, HTML report', async () => {
    const html = join(dir, 'closed.html');
    const run = await runCli(
      argv`load --server ${server.url} --games 12 --concurrency 4 --workers 2 --rematch 0.5 --report ${html} --json --quiet`,
      { timeoutMs: 110_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<LoadReport>();
    expect(report).toMatchObject({ scenario: 'game', games: 12, completed: 12, errors: 0, errorsByCode: {} });
    expect(report.gamesPerSecond).toBeGreaterThan(0);
    expectOrderedPercentiles(report, ['signUp', 'login', 'createRoom', 'connect+join', 'placeShips', 'shoot']);
    // Each of the 4 lanes signs up and logs in its two players once, whatever the number of games.
    expect(report.latencyMs.signUp?.count).toBe(8);
    expect(report.latencyMs.login?.count).toBe(8);
    // A game is either a rematch on open sockets or a new room with two new connections.
    const rooms = report.latencyMs.createRoom?.count ?? 0;
    const replays = report.latencyMs.replay?.count ?? 0;
    expect(rooms + replays).toBe(12);
    expect(rooms).toBeGreaterThanOrEqual(4);
    expect(report.latencyMs['connect+join']?.count).toBe(2 * rooms);
    expect(report.latencyMs.placeShips?.count).toBe(24);
    expect(report.latencyMs.shoot?.count).toBeGreaterThanOrEqual(12 * 17);
    // The server's event-loop delay came from GET /metrics.
    expect(report.server?.eventLoopDelayMs.max).toBeGreaterThanOrEqual(0);
    expect(report.server?.samples.length).toBeGreaterThan(0);
    expect(report.intervals.reduce((n, i) => n + i.done, 0)).toBe(12);

    const page = readFileSync(html, 'utf8');
    const { document } = new JSDOM(page).window;
    expect(document.title).toBe('Broadside load report — game scenario');
    for (const id of ['summary', 'throughput', 'latency-over-time', 'histograms', 'errors', 'server']) {
      expect(document.getElementById(id), id).not.toBeNull();
    }
    const captions = [...document.querySelectorAll('figcaption')].map((c) => c.textContent);
    expect(captions).toContain('shoot: latency per 10 s');
    expect(captions).toContain('shoot: latency histogram');
    expect(document.querySelectorAll('#histograms svg rect').length).toBeGreaterThan(3);
    // Self-contained: nothing is fetched from anywhere.
    expect(document.querySelectorAll('[src], link[href], script:not([type="application/json"])').length).toBe(0);
    const embedded = JSON.parse(document.getElementById('report-data')?.textContent ?? 'null') as LoadReport;
    expect(embedded.completed).toBe(12);
  }, 120_000);

  it("--rules: every room is created under them (the server's records say so), zero errors", async () => {
    const rules = makeRules({ fleet: 'russian', touch: false, shots: 'salvo', again: 'hit' });
    // A server of its own, so its games are exactly this run's.
    const own = await startTestServer();
    try {
      const run = await runCli(
        argv`load --server ${own.url} --games 2 --concurrency 2 --workers 1 --rematch 0 --rules fleet=russian,shots=salvo,again=hit --json --quiet`,
        { timeoutMs: 90_000 },
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const report = run.json<LoadReport>();
      expect(report).toMatchObject({
        games: 2,
        completed: 2,
        errors: 0,
        rules: 'fleet=russian,touch=no,shots=salvo,again=hit',
      });
      // The server's own records of the two games (a fresh server: games 1 and 2) carry the rules.
      for (const id of [1, 2]) {
        const record = await own.store.history.record(id);
        expect(typeof record === 'string' ? record : record.rules).toEqual(rules);
      }
    } finally {
      await own.dispose();
    }
  }, 90_000);

  it('open model: games arrive at a fixed rate, paced shots with jittered think times, zero errors', async () => {
    const run = await runCli(
      argv`load --server ${server.url} --arrival-rate 2 --duration 3 --pace 5 --jitter 0.5 --workers 2 --json --quiet`,
      { timeoutMs: 110_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<LoadReport>();
    expect(report).toMatchObject({ scenario: 'game', games: 6, completed: 6, errors: 0, paceMs: 5, paceJitter: 0.5 });
    expect(report.model).toEqual({ kind: 'open', ratePerSecond: 2, durationSeconds: 3, maxInFlight: 20_000 });
    expect(report.peakInFlight).toBeGreaterThan(0);
    expectOrderedPercentiles(report, ['signUp', 'login', 'shoot']);
  }, 120_000);

  it('--tokens: plays with existing accounts, no sign-up or login; --duration cuts a closed run off', async () => {
    const accounts = await Promise.all([0, 1, 2, 3].map(() => register(server.url, 'tok')));
    const tokens = join(dir, 'tokens');
    writeFileSync(tokens, `${accounts.map((a) => a.token).join('\n')}\n`);
    const base = argv`load --server ${server.url} --tokens ${tokens} --concurrency 2 --workers 2`;
    const run = await runCli([...base, '--games', '4', '--rematch', '1', '--json', '--quiet'], { timeoutMs: 110_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<LoadReport>();
    expect(report).toMatchObject({ completed: 4, errors: 0 });
    expect(report.latencyMs.signUp).toBeUndefined();
    expect(report.latencyMs.login).toBeUndefined();
    expect(report.latencyMs.createRoom?.count).toBe(2);
    expect(report.latencyMs.replay?.count).toBe(2);

    const cut = await runCli([...base, '--games', '1000', '--pace', '50', '--duration', '10', '--json', '--quiet'], {
      timeoutMs: 110_000,
    });
    expect(cut.stderr).toBe('');
    expect(cut.code).toBe(0);
    const soak = cut.json<LoadReport>();
    expect(soak.model).toMatchObject({ kind: 'closed', durationSeconds: 10 });
    expect(soak.errors).toBe(0);
    expect(soak.completed).toBeLessThan(1000);
    expect(soak.latencyMs.shoot?.count).toBeGreaterThan(0);
  }, 120_000);

  it('auth scenario: a sign-up storm then a login storm, measured apart, zero errors', async () => {
    const run = await runCli(
      argv`load --server ${server.url} --scenario auth --accounts 6 --concurrency 3 --json --quiet`,
      { timeoutMs: 110_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<LoadReport>();
    expect(report).toMatchObject({ scenario: 'auth', planned: 12, completed: 12, errors: 0 });
    expect(report.signUp?.count).toBe(6);
    expect(report.login?.count).toBe(6);
    expect(report.login?.perSecond).toBeGreaterThan(0);
    expectOrderedPercentiles(report, ['signUp', 'login']);
    expect(report.latencyMs.shoot).toBeUndefined();
  }, 120_000);

  it("--accounts-first: every lane's players sign up and log in before the first game, said on stderr", async () => {
    const run = await runCli(
      [
        'load',
        '--server',
        server.url,
        ...['--games', '6', '--concurrency', '3', '--workers', '2', '--accounts-first', '--json', '--quiet'],
      ],
      { timeoutMs: 110_000 },
    );
    expect(run.code).toBe(0);
    // The phase marker a bench reads the server's memory on, printed once for all workers.
    expect(run.stderr).toMatch(/^accounts ready: 6 players signed up and logged in in [\d.]+ s\n$/);
    const report = run.json<LoadReport>();
    expect(report).toMatchObject({ completed: 6, errors: 0 });
    expect(report.accounts?.count).toBe(6);
    expect(report.accounts?.seconds).toBeGreaterThan(0);
    expect(report.accounts?.seconds).toBeLessThan(report.seconds);
    // No lane signs anyone else up once the games run: three pairs in all.
    expect(report.latencyMs.signUp?.count).toBe(6);
    expect(report.latencyMs.login?.count).toBe(6);
    // Games/s counts from the end of the accounts phase.
    const overWholeRun = report.completed / report.seconds;
    expect(report.gamesPerSecond).toBeGreaterThan(overWholeRun);
  }, 120_000);

  it('refuses --accounts-first outside the closed game model', async () => {
    const run = await runCli([
      'load',
      '--server',
      server.url,
      ...['--arrival-rate', '1', '--duration', '1', '--accounts-first', '--quiet'],
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('broadside: --accounts-first goes with the game scenario and the closed model\n');
  });

  it('exits non-zero and counts the failures when games cannot be played', async () => {
    const run = await runCli(argv`load --server http://127.0.0.1:1 --games 2 --concurrency 2 --json --quiet`);
    expect(run.code).toBe(1);
    expect(run.json<LoadReport>()).toMatchObject({
      completed: 0,
      errors: 2,
      errorsByCode: { UNREACHABLE: 2 },
      server: null,
    });
    // What went wrong, said once however many games it failed.
    const examples = run.json<LoadReport>().errorExamples.UNREACHABLE ?? [];
    expect(examples).toHaveLength(1);
    expect(examples[0]).toMatch(/^Cannot reach the server at http:\/\/127\.0\.0\.1:1: /);
    expect(run.stderr).toBe('broadside: 2 of 2 games failed\n');
  });

  it('refuses a server on another machine unless asked', async () => {
    const run = await runCli(argv`load --server http://192.0.2.1:3000 --games 1 --quiet`);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'broadside: http://192.0.2.1:3000 is not on this machine: pass --allow-remote to load-test it\n',
    );
  });
});
