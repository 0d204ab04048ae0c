import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Our server as it was at `commit`, compiled as `npm start` runs it, for bench:capacity to measure
 * side by side with today's: the commit's tree (git archive, no worktree to clean up) in a cache
 * folder under the system's temp directory, sharing this checkout's node_modules (the commit must
 * need the same packages), built with its own scripts/build-server.mjs. Built once per commit.
 * Returns the commit's short name and the file to run.
 */
export function baselineServer(commit: string): { name: string; entry: string } {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { encoding: 'utf8' }).trim();
  const name = sha.slice(0, 7);
  const dir = join(tmpdir(), `broadside-baseline-${sha}`);
  const entry = join(dir, 'dist-server', 'main.js');
  if (existsSync(entry)) return { name, entry };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`, { stdio: 'inherit' });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, ['scripts/build-server.mjs', entry], { cwd: dir, stdio: 'inherit' });
  return { name, entry };
}
