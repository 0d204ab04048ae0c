import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort, stop } from '../../bench/child';

/** Debian's redis-server, or the first one on PATH; null when there is none. */
export function redisServerPath(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/sbin', '/usr/local/bin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** The redis-server process (a bench reads its memory and pins it). */
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * A real redis-server of its own for a test: loopback only, a free port, no persistence, its
 * config and working directory in a temporary directory that stop() removes.
 */
export async function startRedis(): Promise<TestRedis> {
  const binary = redisServerPath();
  if (!binary) throw new Error('redis-server is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'broadside-redis-'));
  const port = await freePort();
  const config = join(dir, 'redis.conf');
  writeFileSync(
    config,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      'protected-mode yes',
      `dir ${dir}`,
      'save ""',
      'appendonly no',
      'daemonize no',
      'loglevel warning',
      'logfile ""',
    ].join('\n'),
  );
  const child = spawn(binary, [config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await waitForPort(child, port, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(child: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on ${port} within 20 s: ${output()}`);
}
