import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { spawnTs } from './child';

export const COMPILED_ENTRY = 'dist-server/main.js';

/** Builds the server as `npm run build:server` does (esbuild, a fraction of a second), into `outfile`. */
export function buildServer(outfile = COMPILED_ENTRY): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs', outfile], { stdio: 'inherit' });
}

/**
 * Compiles a bench-only server (the bare socket.io baseline) the same way, so both servers of a
 * comparison run plain JavaScript; returns the file to run.
 */
export function buildBenchServer(entry: string, name: string): string {
  const outfile = `dist-server/bench-${name}.js`;
  buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** Runs compiled JavaScript `file` with node, optionally pinned to `cpus` (taskset execs node in place). */
export function spawnJs(file: string, env: Record<string, string>, cpus?: string): ChildProcess {
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const node = [...extra, '--enable-source-maps', file];
  const [command, args] = cpus ? ['taskset', ['-c', cpus, process.execPath, ...node]] : [process.execPath, node];
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * The environment of a bench server: loopback on `port`, a fresh data directory, no client, quiet
 * logs; `extra` adds or overrides settings.
 */
export function benchServerEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: join(dataDir, 'none'),
    ...extra,
  };
}

/**
 * Starts our server in its own process, optionally pinned to `cpus`: compiled JavaScript as
 * `npm start` runs it (call buildServer() first), or through the tsx loader as `npm run dev` does.
 */
export function serverEntry(
  env: Record<string, string>,
  cpus?: string,
  how: 'compiled' | 'tsx' = 'compiled',
): ChildProcess {
  return how === 'tsx' ? spawnTs('server/main.ts', env, cpus) : spawnJs(COMPILED_ENTRY, env, cpus);
}
