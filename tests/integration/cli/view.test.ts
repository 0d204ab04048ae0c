import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineGameSchema } from '../../../src/protocol/offline-game';
import { argv, runCli } from './cli';

// `broadside view`'s local server (docs/cli.md, "view") without a browser: what it serves for a
// tournament's folder and for a single game file, and what it refuses. The page itself is checked
// in a browser by tests/e2e/view.spec.ts; here the client folder holds only the viewer's page.
const BIN = fileURLToPath(new URL('../../../cli/bin.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'bs-view-'));
const run = join(root, 'run');
const client = join(root, 'client');
const children: ChildProcess[] = [];

/** Starts `broadside view …` and resolves with the address it prints. */
function view(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'view', ...args, '--no-open', '--client-dir', client], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const read = (d: Buffer): void => {
      out += d.toString();
      const url = /open (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out)?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`broadside view exited (${code}): ${out}`)));
  });
}

interface Summary {
  id: string;
  file: string;
  shots: [number, number];
  winner: number;
}
let results: Summary[] = [];

beforeAll(async () => {
  mkdirSync(client);
  writeFileSync(join(client, 'view.html'), '<!doctype html><title>replay viewer</title>\n');
  const played = await runCli(argv`tournament --strategy density --strategy hunt --games 2 --out ${run} --quiet`);
  expect(played.code).toBe(0);
  results = readFileSync(join(run, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Summary);
}, 60_000);

afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

describe('a tournament folder', () => {
  it('serves the report with every game linked, each game in schedule order, and nothing else', {
    timeout: 60_000,
  }, async () => {
    const url = await view([run]);
    const report = await (await fetch(url)).text();
    expect(report).toContain('id="ratings"');
    for (const g of results) expect(report).toContain(`href="view.html?game=${g.id}"`);
    const { ids } = (await (await fetch(`${url}api/games`)).json()) as { ids: string[] };
    expect(ids).toEqual(['1.1.1', '1.1.2', '1.2.1', '1.2.2']);
    const game = OfflineGameSchema.parse(await (await fetch(`${url}api/games/1.1.2`)).json());
    const summary = results.find((g) => g.id === '1.1.2');
    expect(game.record.shots).toHaveLength((summary?.shots[0] ?? 0) + (summary?.shots[1] ?? 0));
    expect(game.end).toMatchObject({ reason: 'sunk', winner: summary?.winner === 0 ? 'density' : 'hunt' });
    expect(game.run).toMatchObject({ title: 'density, hunt', previous: '1.1.1', next: '1.2.1', games: 4 });
    // The pair's second game: hunt shoots first with the first fleet.
    expect(game.record.firstPlayer).toBe('hunt');
    expect(game.record.shots[0]?.shooterId).toBe('hunt');
    expect((await fetch(`${url}view.html`)).status).toBe(200);
    expect((await fetch(`${url}api/games/9.9.9`)).status).toBe(404);
    expect((await fetch(`${url}assets/..%2F..%2Frun%2Ftournament.json`)).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(405);
  });

  it('opens a game by id or by number, and names the ids it has when asked for another', {
    timeout: 120_000,
  }, async () => {
    expect(await view([run, '--game', '1.2.1'])).toMatch(/view\.html\?game=1\.2\.1$/);
    expect(await view([run, '--game', '2'])).toMatch(/view\.html\?game=1\.1\.2$/);
    const missing = await runCli(argv`view ${run} --game 7.7.7 --no-open --client-dir ${client}`);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('has no game 7.7.7: give a game');
  });
});

describe('a game file', () => {
  it('replays a tournament game, an old script file without its record, and a saved record alike', {
    timeout: 120_000,
  }, async () => {
    const file = join(run, 'games', '1.1.1.json');
    const script = JSON.parse(readFileSync(file, 'utf8')) as { record: Record<string, unknown> };
    const url = await view([file]);
    const redirect = await fetch(url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/view.html?game=1.1.1.json');
    const game = OfflineGameSchema.parse(await (await fetch(`${url}api/games/1.1.1.json`)).json());
    expect(game.run).toBeNull();
    expect(game.record.shots).toEqual(script.record.shots);

    // Written before games kept their record: played again turn by turn, each answer as recorded.
    const { record, ...old } = script;
    const oldFile = join(root, 'old.json');
    writeFileSync(oldFile, JSON.stringify(old));
    const oldUrl = await view([oldFile]);
    const replayed = OfflineGameSchema.parse(await (await fetch(`${oldUrl}api/games/old.json`)).json());
    const answers = (shots: readonly { x: number; y: number; result: string }[]) =>
      shots.map((s) => `${s.x}${s.y}${s.result}`).sort();
    expect(answers(replayed.record.shots)).toEqual(answers(game.record.shots));
    expect(replayed.end.reason).toBe('sunk');

    const savedFile = join(root, 'saved.json');
    writeFileSync(savedFile, JSON.stringify(record));
    const savedUrl = await view([savedFile]);
    const saved = OfflineGameSchema.parse(await (await fetch(`${savedUrl}api/games/saved.json`)).json());
    expect(saved.record.shots).toEqual(game.record.shots);
  });

  it('refuses a folder that is no tournament, --game with a file, and a client without the viewer', {
    timeout: 120_000,
  }, async () => {
    const notRun = await runCli(argv`view ${client} --no-open --client-dir ${client}`);
    expect(notRun.stderr).toContain("is not a tournament's folder (no tournament.json)");
    const oneGame = await runCli(argv`view ${join(run, 'games', '1.1.1.json')} --game 2 --no-open`);
    expect(oneGame.stderr).toContain('--game goes with a tournament folder');
    const bare = await runCli(argv`view ${run} --no-open --client-dir ${root}`);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('holds no built replay viewer (view.html)');
  });
});
