import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../cli/session';
import { createRng, fleetCells, coordOf, makeRules, randomFleet } from '../../../src/game';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli } from './cli';

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'broadside-script-'));
const example = JSON.parse(readFileSync(new URL('../../../examples/script.json', import.meta.url), 'utf8'));

function scriptFile(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('broadside script', () => {
  it('plays the example scenario to the expected win', async () => {
    const run = await runCli(argv`script examples/script.json --server ${server.url} --json --quiet`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<{ ok: boolean; steps: { result: string }[]; winner: string; username: string }>();
    expect(report.ok).toBe(true);
    expect(report.steps.map((s) => s.result).join('')).toBe('MHHHHDMHHHDHHDHHDHD');
    expect(report.winner).toBe(report.username);
  });

  it('stops at the first unexpected result with one line naming the shot', async () => {
    const wrong = structuredClone(example);
    wrong.shots[3].expect = 'M';
    const run = await runCli(argv`script ${scriptFile('wrong.json', wrong)} --server ${server.url} --quiet`);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('broadside: shot #4 at (2,0): expected M, got H\n');
  });

  it('fails when the game is not won as expected', async () => {
    const short = { ...structuredClone(example), shots: example.shots.slice(0, 3) };
    const run = await runCli(
      argv`script ${scriptFile('short.json', short)} --server ${server.url} --quiet --timeout 2`,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('broadside: expected a win, but the game is not over\n');
  });

  it('refuses a malformed file before touching the server', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['broken.json', '{"account": ', /broken\.json: not valid JSON/],
      ['range.json', { ...example, shots: [{ x: 10, y: 0 }] }, /range\.json: shots\.0\.x: /],
      [
        'fleet.json',
        {
          ...example,
          fleet: {
            ...example.fleet,
            '4': [
              { x: 0, y: 0 },
              { x: 1, y: 0 },
            ],
          },
        },
        /fleet is not a legal layout: OVERLAP/,
      ],
    ];
    for (const [name, content, message] of cases) {
      const run = await runCli(argv`script ${scriptFile(name, content)} --server http://127.0.0.1:1`);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
    const missing = await runCli(argv`script ${join(dir, 'nope.json')}`);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope\.json: no such file/);
  });
});

describe('broadside script under salvo rules, and export', () => {
  it('plays a russian salvo script (moves as large as the turn allows), and its export plays the same game again', async () => {
    const rules = makeRules({ fleet: 'russian', touch: false, shots: 'salvo' });
    const opponentFleet = randomFleet(createRng(7), rules);
    const me = await register(server.url, 'it_salvo');
    // Every cell of the opponent's fleet: each salvo takes as many as the turn allows.
    const shots = [...fleetCells(opponentFleet)].map((i) => coordOf(i));
    const file = scriptFile('salvo.json', {
      account: me.credentials,
      room: { create: true },
      rules: { fleet: 'russian', shots: 'salvo' },
      opponent: { strategy: 'random', fleet: opponentFleet },
      fleet: 'random',
      shots,
      expectWinner: 'me',
    });
    const run = await runCli(argv`script ${file} --server ${server.url} --json --quiet`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<{ rules: string; steps: { x: number; y: number; result: string; filler?: true }[] }>();
    expect(report.rules).toBe('fleet=russian,touch=no,shots=salvo,again=never');
    const scripted = report.steps.filter((s) => !s.filler);
    expect(scripted.map((s) => `${s.x}${s.y}`)).toEqual(shots.map((c) => `${c.x}${c.y}`));
    expect(scripted.every((s) => s.result !== 'M')).toBe(true);
    expect(scripted.filter((s) => s.result === 'D')).toHaveLength(10);

    const [game] = (await me.api.history('me')).games;
    if (!game) throw new Error('no game in the history');
    const exported = await runCli(
      argv`export ${game.gameId} --email ${me.credentials.email} --password ${me.credentials.password} --server ${server.url}`,
    );
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const script = JSON.parse(exported.stdout) as { rules: unknown; shots: unknown[] };
    expect(script.rules).toEqual(rules);
    const again = await runCli(
      argv`script ${scriptFile('exported.json', exported.stdout)} --server ${server.url} --json --quiet`,
    );
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const replayed = again.json<{ rules: string; winner: string; username: string; steps: { filler?: true }[] }>();
    expect(replayed.rules).toBe(report.rules);
    expect(replayed.winner).toBe(replayed.username);
    expect(replayed.steps.filter((s) => !s.filler)).toHaveLength(script.shots.length);
  }, 60_000);

  it('--rules on the command sets the room a script creates', async () => {
    const run = await runCli(argv`script examples/script.json --rules again=hit --server ${server.url} --json --quiet`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.json<{ rules: string }>().rules).toBe('fleet=classic,touch=yes,shots=one,again=hit');
  });
});
