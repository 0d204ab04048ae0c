import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ScriptSchema } from '../../../cli/script/schema';
import { argv, runCli } from '../cli/cli';
import { finishedTournament } from './tournament-report';

const BIN = fileURLToPath(new URL('../../../cli/bin.mjs', import.meta.url));

// Real engine processes through the real launcher (docs/engines.md): the two examples, and engines
// broken on purpose (tests/fixtures/engines/broken.mjs), whose every fault must cost its own game
// only and leave no process behind.
const BROKEN = 'node tests/fixtures/engines/broken.mjs';
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-engines-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
const pidsIn = (file: string): number[] =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : [];

interface Report {
  participants: { name: string; games: number; wins: number; losses: number; lossReasons: Record<string, number> }[];
  eloDiff: { value: number; error: number; los: number } | null;
  sprt: { llr: number; lower: number; upper: number; result: string } | null;
  games: number;
  planned: number;
}

describe('check-engine', () => {
  it.each([
    ['python', 'python3 examples/engines/hunt.py'],
    ['node', 'node examples/engines/hunt.mjs'],
  ])('passes the %s example', async (_, command) => {
    const run = await runCli(argv`check-engine ${command} --json`);
    const report = run.json<{ compliant: boolean; steps: { name: string; ok: boolean }[] }>();
    expect(report.steps.filter((s) => !s.ok)).toEqual([]);
    expect(report.compliant).toBe(true);
    expect(run.code).toBe(0);
  });

  it('fails an engine that never shakes hands, in one line, and one that exits between games', async () => {
    const silent = await runCli(['check-engine', `${BROKEN} no-handshake`, '--handshake-time', '500']);
    expect(silent.code).toBe(1);
    expect(silent.stdout).toMatch(/^FAIL handshake: timeout: handshake: no bepok within 500 ms/m);
    const quitter = await runCli(['check-engine', `${BROKEN} exit-between`]);
    expect(quitter.code).toBe(1);
    expect(quitter.stdout).toMatch(/^FAIL game 2: .*crash/m);
  });
});

describe('tournament', () => {
  it('charges every broken engine its own games with the right reason and goes on', async () => {
    const modes = ['crash-on-go', 'hang', 'garbage', 'megaline', 'repeat', 'off-board', 'stderr-flood'];
    const run = await runCli(
      [
        'tournament',
        '--gauntlet',
        '--strategy',
        'ref=./tests/fixtures/engines/bot.mjs',
        ...modes.flatMap((m) => ['--engine', `${m}=${BROKEN} ${m}`]),
        '--games',
        '1',
        '--time',
        '1000',
        '--concurrency',
        '4',
        '--threads',
        '0',
        '--json',
      ],
      { timeoutMs: 60_000 },
    );
    // Every broken engine but the flooder lost all its games by a fault: the run says so and fails.
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/crash-on-go, hang, garbage, megaline, repeat, off-board lost every game by a fault/);
    const { lost } = finishedTournament<Report>({ ...run, code: 0 });
    expect(lost('crash-on-go')?.crash).toBe(2);
    expect(lost('hang')?.timeout).toBe(2);
    expect(lost('garbage')?.timeout).toBe(2);
    expect(lost('megaline')?.illegal).toBe(2);
    expect(lost('repeat')?.illegal).toBe(2);
    expect(lost('off-board')?.illegal).toBe(2);
    // Flooding stderr is no fault: it plays (and loses, firing row by row against the same bot, second).
    expect(lost('stderr-flood')?.sunk).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/hang lost by timeout: hang: timeout: no answer to "go time 1000" within 1100 ms/);
  }, 60_000);

  it('decides an SPRT, saves every game and resumes without replaying finished ones', async () => {
    const dir = join(tempDir(), 'run');
    const args = ['--strategy', 'density', '--strategy', 'random', '--sprt', 'elo0=0,elo1=50,alpha=0.05,beta=0.05'];
    const first = await runCli(['tournament', ...args, '--out', dir, '--json', '--report', join(dir, 'r.html')]);
    expect(first.code).toBe(0);
    const report = first.json<Report>();
    expect(report.sprt?.result).toBe('H1');
    expect(report.sprt?.llr).toBeGreaterThanOrEqual(report.sprt?.upper ?? Number.POSITIVE_INFINITY);
    expect(report.eloDiff?.value).toBeGreaterThan(100);
    expect(report.eloDiff?.los).toBeGreaterThan(0.99);
    const results = readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n');
    expect(results).toHaveLength(report.games);
    const saved = JSON.parse(results[0] ?? '{}') as { file: string };
    const script = JSON.parse(readFileSync(join(dir, saved.file), 'utf8')) as { shots: unknown[] };
    expect(script.shots.length).toBeGreaterThan(0);
    // A `broadside script` file as docs/cli.md describes it, playable on a server as it is.
    expect(ScriptSchema.safeParse(script).success).toBe(true);
    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    for (const section of ['ratings', 'shots', 'sprt', 'pairs', 'end-reasons', 'games'])
      expect(html).toContain(`id="${section}"`);
    // Lose the last two games (as if stopped), resume: only they are played again.
    writeFileSync(join(dir, 'results.jsonl'), `${results.slice(0, -2).join('\n')}\n{"torn`);
    const again = await runCli(argv`tournament --resume ${dir} --json`);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`${report.games - 2} game(s) already played`);
    expect(again.json<Report>().games).toBeGreaterThanOrEqual(report.games);
  }, 60_000);

  it.each([
    ['SIGTERM', 'SIGTERM'],
    ['SIGINT', 'SIGINT'],
    ['SIGKILL, through the reaper', 'SIGKILL'],
  ] as const)(
    'leaves no engine process behind on %s',
    async (_, signal) => {
      const pidFile = join(tempDir(), 'pids');
      // Each pid-hang engine starts a child of its own (a process group to kill) and hangs on its first go.
      const child = spawn(
        process.execPath,
        [
          BIN,
          'tournament',
          '--engine',
          `a=${BROKEN} pid-hang`,
          '--engine',
          `b=${BROKEN} pid-hang`,
          '--time',
          '60000',
          '--quiet',
        ],
        { env: { ...process.env, PID_FILE: pidFile }, stdio: 'ignore' },
      );
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        // Each engine is started once before the first game and quits: the game engines are the
        // four (and their four children) still alive once the games began.
        expect(await until(() => pidsIn(pidFile).filter(alive).length >= 8, 20_000)).toBe(true);
        const pids = pidsIn(pidFile).filter(alive);
        child.kill(signal);
        await exited;
        expect(await until(() => !pids.some(alive), 5_000)).toBe(true);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
    30_000,
  );
});
