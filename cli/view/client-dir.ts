import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from '../errors';

/** The checkout's root, where `npm run build` puts the web client (dist/). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the built web client is looked for: the checkout's dist/, as `npm run build` and the server use it. */
export const DEFAULT_CLIENT_DIR = join(ROOT, 'dist');

const hasViewer = (dir: string): boolean => existsSync(join(dir, 'view.html'));

/**
 * The folder of the built web client with its replay viewer (view.html). The checkout's dist/ is
 * built once with Vite when it lacks the viewer (`npm run build` builds the same, and the server
 * serves it too); a folder given with --client-dir (or BROADSIDE_CLIENT_DIR) must hold it already.
 */
export async function viewerClient(given: string | undefined, info: (line: string) => void): Promise<string> {
  if (given) {
    const dir = resolve(given);
    if (!hasViewer(dir))
      throw new CliError(
        `${dir} holds no built replay viewer (view.html): build the web client there (npx vite build --outDir ${dir})`,
      );
    return dir;
  }
  if (hasViewer(DEFAULT_CLIENT_DIR)) return DEFAULT_CLIENT_DIR;
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite))
    throw new CliError(
      `the web client is not built (${DEFAULT_CLIENT_DIR} has no view.html) and Vite is not installed: run npm ci and npm run build, or give --client-dir`,
    );
  info(`building the web client once into ${DEFAULT_CLIENT_DIR} (as npm run build does; about a minute)…`);
  const code = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', () => done(-1));
    child.on('exit', (c) => done(c));
  });
  if (code !== 0 || !hasViewer(DEFAULT_CLIENT_DIR))
    throw new CliError(`building the web client failed (vite build exited with ${code}): run npm run build to see why`);
  return DEFAULT_CLIENT_DIR;
}
