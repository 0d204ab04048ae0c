import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScriptSchema } from '../../../cli/script/schema';
import { fleetCells, fleetKeys, parseRules, validateFleet } from '../../../src/game';
import { argv, runCli } from '../cli/cli';
import { finishedTournament } from './tournament-report';

// Real engine processes under every rule set (docs/engines.md, "Rules"): the examples pass the
// compliance check under each, engines that break a variant's rule lose by `illegal`, and a
// tournament's folder (script files, --resume) keeps the rules.
const BROKEN = 'node tests/fixtures/engines/broken.mjs';
const EXAMPLES = [
  ['python', 'python3 examples/engines/hunt.py'],
  ['node', 'node examples/engines/hunt.mjs'],
] as const;
const VARIANTS = [
  'fleet=russian',
  'touch=no',
  'shots=salvo',
  'again=hit',
  'fleet=russian,touch=no,shots=salvo,again=hit',
] as const;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-variants-'));
  dirs.push(dir);
  return dir;
};

interface Check {
  compliant: boolean;
  steps: { name: string; ok: boolean; detail: string }[];
}
interface Report {
  participants: { name: string; games: number; wins: number; lossReasons: Record<string, number> }[];
  games: number;
  planned: number;
  rules: string;
}

describe('check-engine --rules', () => {
  it.each(EXAMPLES.flatMap(([lang, command]) => VARIANTS.map((rules) => [lang, rules, command] as const)))(
    'passes the %s example under %s',
    async (_, rules, command) => {
      const run = await runCli(argv`check-engine ${command} --rules ${rules} --games 2 --json`);
      const report = run.json<Check>();
      expect(report.steps.filter((s) => !s.ok)).toEqual([]);
      expect(report.steps.find((s) => s.name === 'newgame')?.detail).toContain(rules.split(',')[0]);
      expect(report.compliant).toBe(true);
      expect(run.code).toBe(0);
    },
    30_000,
  );

  it('fails an engine that fires one cell short of a salvo, and one that places touching ships under touch=no', async () => {
    const short = await runCli(['check-engine', `${BROKEN} short-salvo`, '--rules', 'shots=salvo', '--json']);
    expect(short.code).toBe(1);
    const shortSteps = short.json<Check>().steps.filter((s) => !s.ok);
    expect(shortSteps.map((s) => s.name)).toEqual(['go', 'game 1']);
    expect(shortSteps[1]?.detail).toMatch(/illegal: expected 5 cells after "fire", got 4/);
    // The same engine is compliant when no salvo is asked of it.
    expect((await runCli(['check-engine', `${BROKEN} short-salvo`])).code).toBe(0);

    const touching = await runCli(['check-engine', `${BROKEN} touching`, '--rules', 'touch=no', '--json']);
    expect(touching.code).toBe(1);
    const failed = touching.json<Check>().steps.filter((s) => !s.ok);
    expect(failed[0]).toMatchObject({ name: 'place', detail: expect.stringMatching(/touches another ship/) });
    expect((await runCli(['check-engine', `${BROKEN} touching`])).code).toBe(0);
  }, 60_000);
});

describe('tournament --rules', () => {
  it('charges a short salvo and a touching fleet as illegal, each its own games', async () => {
    const run = await runCli(
      [
        'tournament',
        '--gauntlet',
        '--engine',
        `ok=${BROKEN} instant`,
        '--engine',
        `short=${BROKEN} short-salvo`,
        '--engine',
        `touching=${BROKEN} touching`,
        '--rules',
        'fleet=russian,shots=salvo',
        '--fleets',
        'own',
        '--games',
        '1',
        '--json',
      ],
      { timeoutMs: 60_000 },
    );
    // Both broken engines lost every game they played by a fault: the run says so and fails.
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/short, touching lost every game by a fault/);
    const { report, lost } = finishedTournament<Report>({ ...run, code: 0 });
    expect(report.rules).toBe('fleet=russian,touch=no,shots=salvo,again=never');
    expect(lost('short')?.illegal).toBe(2);
    expect(lost('touching')?.illegal).toBe(2);
    expect(lost('ok')?.illegal ?? 0).toBe(0);
    expect(run.stderr).toMatch(/touching lost by illegal: touching: illegal: fleet: ship 0 touches another ship/);
  }, 60_000);

  it('writes script files and a folder that carry the rules, and resumes under them', async () => {
    const rulesText = 'fleet=russian,touch=no,shots=salvo,again=hit';
    const rules = parseRules(rulesText);
    if (!rules.ok) throw new Error(rules.error);
    const dir = join(tempDir(), 'run');
    const engines = [
      '--engine',
      'py=python3 examples/engines/hunt.py',
      '--engine',
      'js=node examples/engines/hunt.mjs',
    ];
    const args = [...engines, '--strategy', 'density', '--rules', rulesText, '--fleets', 'own', '--games', '2'];
    const first = await runCli(['tournament', ...args, '--out', dir, '--json', '--quiet'], { timeoutMs: 90_000 });
    expect(first.code).toBe(0);
    const report = first.json<Report>();
    expect(report.rules).toBe(rulesText);
    // Every game was a real game under the rules: no engine faulted.
    for (const p of report.participants) expect(p.lossReasons.illegal ?? 0).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'tournament.json'), 'utf8')).config.rules).toEqual(rules.value);
    const results = readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n');
    expect(results).toHaveLength(report.games);
    for (const line of results) {
      const { file } = JSON.parse(line) as { file: string };
      const script = ScriptSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      expect(script.rules).toEqual(rules.value);
      // Both fleets are the engines' own, legal russian no-touch fleets.
      for (const fleet of [script.fleet, script.opponent?.fleet]) {
        if (!fleet || fleet === 'random') throw new Error('no fleet in the script');
        expect(Object.keys(fleet)).toEqual(fleetKeys(rules.value));
        expect(validateFleet(fleet, rules.value).ok).toBe(true);
      }
      // The winner's shots sink all 20 cells of a russian fleet.
      const hits = script.shots.filter((s) => s.expect !== 'M').length;
      const theirs = script.opponent?.fleet;
      if (script.expectWinner === 'me' && theirs) expect(hits).toBe(fleetCells(theirs).size);
    }
    // Stop after half the games (as Ctrl-C would), resume: the rules come from the folder.
    const kept = results.slice(0, 3);
    writeFileSync(join(dir, 'results.jsonl'), `${kept.join('\n')}\n`);
    const again = await runCli(argv`tournament --resume ${dir} --json`, { timeoutMs: 90_000 });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('3 game(s) already played');
    const resumed = again.json<Report>();
    expect(resumed.rules).toBe(rulesText);
    expect(resumed.games).toBe(report.planned);
  }, 120_000);
});

describe('bench --engine --rules', () => {
  it('benches an engine under salvo rules, counting shots as the built-in bench does', async () => {
    const run = await runCli(
      argv`bench --engine ${'node examples/engines/hunt.mjs'} --rules fleet=russian,shots=salvo --games 20 --workers 1 --json --quiet`,
    );
    expect(run.code).toBe(0);
    const result = run.json<{ rules: string; mean: number; faults: Record<string, number> }>();
    expect(result.rules).toBe('fleet=russian,touch=no,shots=salvo,again=never');
    expect(result.faults).toEqual({});
    // 20 cells to sink; never more than the board, and a hunter needs well under all 100.
    expect(result.mean).toBeGreaterThanOrEqual(20);
    expect(result.mean).toBeLessThan(90);
  }, 30_000);
});
