import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptSchema } from '../../../cli/script/schema';
import { fleetKeys, makeRules, validateFleet } from '../../../src/game';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli } from '../cli/cli';

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
    const good = await runCli(
      argv`play --server ${server.url} --register --vs-computer easy --engine ${'node examples/engines/hunt.mjs'} --json`,
    );
    expect(good.code).toBe(0);
    const report = good.json<{ games: number; engineFaults: string[]; results: { endReason: string }[] }>();
    expect(report.engineFaults).toEqual([]);
    expect(report.results[0]?.endReason).toBe('SUNK');

    const hang = await runCli(
      argv`play --server ${server.url} --register --vs-computer easy --engine ${'node tests/fixtures/engines/broken.mjs hang'} --time 1000 --json`,
    );
    expect(hang.code).toBe(0);
    const lost = hang.json<{ wins: number; engineFaults: string[]; results: { endReason: string }[] }>();
    expect(lost.wins).toBe(0);
    expect(lost.results[0]?.endReason).toBe('RESIGN');
    expect(lost.engineFaults[0]).toMatch(/^timeout: no answer to "go time 1000"/);
  }, 60_000);

  it('runs a tournament through the server with an engine and a strategy', async () => {
    const run = await runCli(
      argv`tournament --server ${server.url} --engine ${'js=node examples/engines/hunt.mjs'} --strategy random --games 1 --json`,
    );
    expect(run.code).toBe(0);
    const report = run.json<{ games: number; participants: { name: string; wins: number }[] }>();
    expect(report.games).toBe(2);
    expect(report.participants.map((p) => p.name)).toEqual(['js', 'random']);
    expect(report.participants[0]?.wins).toBeGreaterThan(0);
  }, 60_000);

  it('plays a tournament under other rules on the server and writes what the server recorded', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bs-server-tourney-')), 'run');
    try {
      const run = await runCli(
        argv`tournament --server ${server.url} --engine ${'js=node examples/engines/hunt.mjs'} --strategy density --rules fleet=russian,again=hit --fleets own --games 1 --out ${dir} --json`,
      );
      expect(run.code).toBe(0);
      const report = run.json<{ games: number; rules: string; participants: { shotFirst: number; games: number }[] }>();
      expect(report.games).toBe(2);
      expect(report.rules).toBe('fleet=russian,touch=no,shots=one,again=hit');
      // The server drew who shot first in each game; the report counts it per participant.
      expect(report.participants.reduce((n, p) => n + p.shotFirst, 0)).toBe(2);
      const rules = makeRules({ fleet: 'russian', again: 'hit' });
      const lines = readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n');
      const ids = new Set<number>();
      for (const line of lines) {
        const game = JSON.parse(line) as { file: string; gameId: number; first: number; shots: [number, number] };
        expect(game.first === 0 || game.first === 1).toBe(true);
        ids.add(game.gameId);
        // Shots as the server recorded them: each side fired, at least the 20 cells of the fleet it sank.
        expect(Math.max(...game.shots)).toBeGreaterThanOrEqual(20);
        const script = ScriptSchema.parse(JSON.parse(readFileSync(join(dir, game.file), 'utf8')));
        expect(script.rules).toEqual(rules);
        expect(script.description).toContain(`game ${game.gameId}`);
        for (const fleet of [script.fleet, script.opponent?.fleet]) {
          if (!fleet || fleet === 'random') throw new Error('no fleet');
          expect(Object.keys(fleet)).toEqual(fleetKeys(rules));
          expect(validateFleet(fleet, rules).ok).toBe(true);
        }
      }
      expect(ids.size).toBe(2);
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  }, 90_000);

  it('duels under other rules, salvos included, an engine firing whole salvos through the socket', async () => {
    const duel = await runCli(
      argv`duel --server ${server.url} --a-engine ${'python3 examples/engines/hunt.py'} --b hunt --rules touch=no --games 2 --json`,
    );
    expect(duel.code).toBe(0);
    const report = duel.json<{ games: number; rules: string; a: { wins: number }; b: { wins: number } }>();
    expect(report.rules).toBe('fleet=classic,touch=no,shots=one,again=never');
    expect(report.a.wins + report.b.wins).toBe(2);
    const salvo = await runCli(
      argv`duel --server ${server.url} --a-engine ${'node examples/engines/hunt.mjs'} --b density --rules fleet=russian,shots=salvo --games 2 --json`,
    );
    expect(salvo.code).toBe(0);
    const played = salvo.json<{ rules: string; a: { wins: number; meanShots: number }; b: { wins: number } }>();
    expect(played.rules).toBe('fleet=russian,touch=no,shots=salvo,again=never');
    expect(played.a.wins + played.b.wins).toBe(2);
    // The engine fired whole salvos and never faulted (a fault would resign its games early).
    expect(played.a.meanShots).toBeGreaterThanOrEqual(20);
  }, 90_000);
});
