import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { argv, runCli, startCli } from '../cli/cli';

// What a tester meets before, during and after a run (docs/engines.md): a broken setup stops the
// run at once and says why, options reach the engine, a run is extended on resume but never
// changed, and Ctrl-C prints the standings and leaves a run that resumes.
const BROKEN = 'node tests/fixtures/engines/broken.mjs';
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-harness-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const lines = (file: string): string[] => readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);

interface Report {
  games: number;
  planned: number;
  stopped: boolean;
  ratings: { name: string; rating: number | null; error: number | null }[];
  shots: { name: string; toWin: { mean: number; se: number; n: number } | null }[];
  eloDiff: { value: number; nElo: number | null } | null;
  pentanomial: number[] | null;
  sprt: { result: string; alpha: number; beta: number; path: { pairs: number; llr: number }[] } | null;
}

describe('before the first game', () => {
  it('stops a run whose engine does not start, with its stderr, before any game', async () => {
    const dir = join(tempDir(), 'run');
    const run = await runCli(argv`tournament --strategy hunt --engine ${'./no-such-bot --fast'} --out ${dir}`);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('engine no-such-bot did not start: handshake: exited with code 127');
    expect(run.stderr).toMatch(/its stderr \(last lines\):\n\s+.*no-such-bot.*not found/);
    expect(lines(join(dir, 'results.jsonl'))).toEqual([]);
  });

  it('shows the traceback of an engine that dies at the handshake', async () => {
    const crash = 'python3 -c \'import sys; sys.stderr.write("Traceback: boom\\n"); sys.exit(2)\'';
    const run = await runCli(['tournament', '--strategy', 'hunt', '--engine', `py=${crash}`, '--games', '1']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('engine py did not start: handshake: exited with code 2');
    expect(run.stderr).toContain('Traceback: boom');
  });

  it('refuses an option the engine does not advertise, and sends the ones it does', async () => {
    const unknown = await runCli(
      argv`tournament --strategy hunt --engine ${'node examples/engines/hunt.mjs'} option.Hash=64 --games 1`,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('hunt.mjs advertises no option Hash (it has: Parity check default true)');
    const dir = join(tempDir(), 'run');
    const ok = await runCli(
      argv`tournament --strategy hunt --engine ${'node examples/engines/hunt.mjs'} option.Parity=false --games 1 --out ${dir} --trace`,
    );
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('engine hunt.mjs: hunt-node by Broadside examples');
    const log = readFileSync(join(dir, 'logs', 'hunt.mjs.log'), 'utf8');
    // Sent once after each handshake, before the first newgame of that process.
    expect(log).toMatch(/> setoption name Parity value false\n(.*\n)*.* > newgame 1\.1\.1 /);
    expect(log).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \d+ [#<>!] /m);
  });

  it('fails a bench of an engine that cannot play, and one of a command that does not start', async () => {
    const hang = await runCli(argv`bench --engine ${`${BROKEN} garbage`} --games 3 --time 200`);
    expect(hang.code).toBe(1);
    expect(hang.stdout).toContain('no game finished: 3 lost to faults');
    expect(hang.stderr).toMatch(/broken.mjs could not play a game/);
    const missing = await runCli(argv`bench --engine ${'./no-such-bot'} --games 3`);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('engine no-such-bot did not start');
  });
});

describe('statistics in the report', () => {
  it('gives two participants the pairs, Elo and nElo, and the SPRT its path, with alpha and beta by default', async () => {
    const run = await runCli(argv`tournament --strategy density --strategy hunt --sprt elo0=0,elo1=60 --json`);
    expect(run.code).toBe(0);
    const r = run.json<Report>();
    expect(r.sprt).toMatchObject({ result: 'H1', alpha: 0.05, beta: 0.05 });
    expect(r.sprt?.path.length).toBeGreaterThan(0);
    expect(r.sprt?.path.at(-1)?.llr).toBeGreaterThan(2.94);
    expect(r.pentanomial).toHaveLength(5);
    expect(r.eloDiff?.nElo).not.toBeNull();
    const density = r.shots.find((s) => s.name === 'density');
    expect(density?.toWin?.mean).toBeGreaterThan(35);
    expect(density?.toWin?.se).toBeGreaterThan(0);
    expect(r.ratings.map((x) => x.name)).toEqual(['density', 'hunt']);
  });

  it('prints the standings and the LLR as the run goes', async () => {
    const run = await runCli(
      argv`tournament --strategy density --strategy hunt --sprt elo0=0,elo1=30 --games 60 --rating-interval 20`,
    );
    expect(run.stdout).toMatch(/^games 20: density \d+-\d+ hunt .*Ptnml\(0-2\) \[\d+, 0, \d+, 0, \d+\], LLR -?\d/m);
    expect(run.stdout).toMatch(/^games 40: /m);
  });
});

describe('resuming', () => {
  it('extends a finished run with --games and an SPRT, and refuses other rules or fleets', async () => {
    const dir = join(tempDir(), 'run');
    const first = await runCli(argv`tournament --strategy density --strategy hunt --games 2 --out ${dir} --json`);
    expect(first.json<Report>().games).toBe(4);
    const rules = await runCli(argv`tournament --resume ${dir} --rules fleet=russian`);
    expect(rules.code).toBe(1);
    expect(rules.stderr).toContain(
      "--rules fleet=russian,touch=no,shots=one,again=never is not the run's (fleet=classic,touch=yes,shots=one,again=never)",
    );
    const fleets = await runCli(argv`tournament --resume ${dir} --fleets own`);
    expect(fleets.code).toBe(1);
    expect(fleets.stderr).toContain("--fleets own is not the run's (seeded)");
    const more = await runCli(argv`tournament --resume ${dir} --games 5 --json`);
    expect(more.code).toBe(0);
    expect(more.stderr).toContain('resuming');
    expect(more.stderr).toContain('now 5 pairs per pairing (was 2)');
    expect(more.json<Report>()).toMatchObject({ games: 10, planned: 10 });
    expect(lines(join(dir, 'results.jsonl'))).toHaveLength(10);
    const tested = await runCli(argv`tournament --resume ${dir} --sprt elo0=0,elo1=200 --json`);
    expect(tested.code).toBe(0);
    const r = tested.json<Report>();
    expect(r.sprt?.result).not.toBe('none');
    expect(r.games).toBeGreaterThan(10);
  }, 120_000);

  it('prints the standings on Ctrl-C and leaves a run that resumes', async () => {
    const dir = join(tempDir(), 'run');
    // The sampler thinks for milliseconds a shot: the run is still going when Ctrl-C comes.
    const cli = startCli(
      argv`tournament --strategy sampler --strategy density --games 40 --threads 0 --concurrency 1 --rating-interval 10 --out ${dir}`,
      /^games 10: /m,
    );
    await cli.matched;
    cli.child.kill('SIGINT');
    const stopped = await cli.done;
    expect(stopped.code).toBe(130);
    const played = Number(/tournament: 2 participants, (\d+) of 80 games.*stopped early/.exec(stopped.stdout)?.[1]);
    expect(played).toBeGreaterThanOrEqual(10);
    expect(played).toBeLessThan(80);
    expect(stopped.stdout).toMatch(/^\s+1 (sampler|density) /m);
    expect(stopped.stderr).toContain(`continue with: broadside tournament --resume ${dir}`);
    // Only finished games were kept: the report and the saved results agree.
    expect(lines(join(dir, 'results.jsonl'))).toHaveLength(played);
    const resumed = await runCli(argv`tournament --resume ${dir} --json`, { timeoutMs: 120_000 });
    expect(resumed.code).toBe(0);
    expect(resumed.json<Report>()).toMatchObject({ games: 80, planned: 80, stopped: false });
  }, 150_000);
});

describe('check-engine', () => {
  it('lists the options an engine advertises, and shows the stderr of one that does not start', async () => {
    const run = await runCli(argv`check-engine ${'python3 examples/engines/hunt.py'} option.Parity=false --json`);
    const report = run.json<{ compliant: boolean; engine: { options: { name: string; type: string }[] } }>();
    expect(report.compliant).toBe(true);
    expect(report.engine.options).toEqual([{ name: 'Parity', type: 'check', default: 'true' }]);
    const missing = await runCli(argv`check-engine ${'./no-such-bot'}`);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/its stderr \(last lines\):\n\s+.*no-such-bot.*not found/);
  });
});
