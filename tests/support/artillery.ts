import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/*
 * Real Artillery for the engine's tests (packages/artillery-engine-broadside). Artillery is not a
 * dependency of the repository: it brings ~970 packages and ~590 MB (AWS, Azure, Playwright), and
 * its releases from 2.0.22 on refuse Node 20. So the tests install the version locked in
 * tests/support/artillery/ into a cache folder outside the repository, once per lock (install
 * scripts off: none is needed to run `artillery run`), the way tests/support/original.ts installs
 * the original system.
 */

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const LOCK_DIR = join(REPO_ROOT, 'tests/support/artillery');
const ENGINE_DIR = join(REPO_ROOT, 'packages/artillery-engine-broadside');

function cacheDir(): string {
  const base =
    process.env.BROADSIDE_ARTILLERY_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'broadside-artillery');
  const hash = createHash('sha256')
    .update(readFileSync(join(LOCK_DIR, 'package-lock.json')))
    .digest('hex')
    .slice(0, 12);
  return join(base, hash);
}

/** Installs the locked Artillery (a few minutes the first time) and returns its launcher's path. */
export function prepareArtillery(): string {
  const dir = cacheDir();
  const stamp = join(dir, '.done-install');
  const bin = join(dir, 'node_modules/artillery/bin/run');
  if (existsSync(stamp) && existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(LOCK_DIR, file), join(dir, file));
  try {
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'pipe',
      timeout: 15 * 60_000,
      maxBuffer: 64 << 20,
    });
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    throw new Error(`installing Artillery into ${dir} failed: ${e.stderr?.toString() || e.message}`);
  }
  writeFileSync(stamp, new Date().toISOString());
  return bin;
}

/** Bundles the engine into packages/artillery-engine-broadside/dist, as `npm run build -w` does. */
export function buildEngine(): void {
  execFileSync(process.execPath, [join(ENGINE_DIR, 'build.mjs')], { stdio: 'pipe' });
}

/** The parts of Artillery's JSON report (`--output`) the tests read. */
export interface ArtilleryReport {
  readonly aggregate: {
    readonly counters: Record<string, number>;
    readonly summaries: Record<string, { count: number; p50: number; p99: number; max: number }>;
  };
}

export interface ArtilleryRun {
  readonly code: number | null;
  readonly output: string;
  readonly report: ArtilleryReport | null;
}

/**
 * `artillery run --target <target> [--overrides <json>] <script>` with the engine resolvable
 * (NODE_PATH names packages/, where the folder artillery-engine-broadside is) and telemetry off;
 * killed after `timeoutMs`.
 */
export async function runArtillery(
  bin: string,
  script: string,
  target: string,
  options: {
    overrides?: unknown;
    timeoutMs: number;
    env?: NodeJS.ProcessEnv;
    /** Sees the output as it comes (a bench waits for a line), besides collecting it. */
    onOutput?: (chunk: string) => void;
    /** Told the launcher's process id once it runs (a bench follows its CPU time). */
    onSpawn?: (pid: number) => void;
  },
): Promise<ArtilleryRun> {
  const dir = mkdtempSync(join(tmpdir(), 'broadside-artillery-run-'));
  const out = join(dir, 'report.json');
  const args = [bin, 'run', '--target', target, '--output', out];
  if (options.overrides !== undefined) args.push('--overrides', JSON.stringify(options.overrides));
  args.push(script);
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      ...options.env,
      NODE_PATH: join(REPO_ROOT, 'packages'),
      ARTILLERY_DISABLE_TELEMETRY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) options.onSpawn?.(child.pid);
  let output = '';
  const collect = (d: Buffer): void => {
    output += d.toString();
    options.onOutput?.(d.toString());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  clearTimeout(timer);
  const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as ArtilleryReport) : null;
  rmSync(dir, { recursive: true, force: true });
  return { code, output, report };
}
