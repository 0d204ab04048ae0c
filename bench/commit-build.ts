import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Builds the server as it was at `commit` (as `npm run build:server` did then) next to today's
 * build, for a bench to run both side by side: a code lever measured against the code before it.
 * The commit's files are extracted to a temporary folder; its bundle lands in dist-server/ and
 * loads its packages from this checkout's node_modules (so the commit must share today's
 * dependencies). Returns the file to run.
 */
export function buildServerAt(commit: string): string {
  const short = execFileSync('git', ['rev-parse', '--short', commit], { encoding: 'utf8' }).trim();
  const tree = mkdtempSync(join(tmpdir(), `broadside-at-${short}-`));
  try {
    execFileSync('sh', ['-c', `git archive ${short} | tar -x -C ${tree}`], { stdio: 'inherit' });
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));
    const outfile = resolve(`dist-server/at-${short}.js`);
    execFileSync(process.execPath, ['scripts/build-server.mjs', outfile], { cwd: tree, stdio: 'inherit' });
    return outfile;
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
