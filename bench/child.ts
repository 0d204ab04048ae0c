import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A free loopback port, found by binding port 0 and releasing it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs a TypeScript entry point in its own Node process so it never shares the bench's event
 * loop; `cpus` (a taskset list such as "1-3") pins it.
 */
export function spawnTs(entry: string, env: Record<string, string>, cpus?: string): ChildProcess {
  // BENCH_NODE_ARGS lets a developer profile the child, e.g. BENCH_NODE_ARGS=--cpu-prof.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const node = [...extra, '--import', 'tsx', entry];
  // taskset execs node in place, so the child's pid (and SIGTERM) is node's own.
  const [command, args] = cpus ? ['taskset', ['-c', cpus, process.execPath, ...node]] : [process.execPath, node];
  return spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Polls until something answers on `url` (any HTTP status), or fails after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`nothing answered on ${url} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * `broadside load … --json --quiet` against `url` in a process of its own, as any load generator
 * runs beside a server; killed after `timeoutMs`. Resolves to its report (the last line of stdout).
 */
export function runLoadJson<T>(
  url: string,
  loadArgs: readonly string[],
  timeoutMs: number,
  /** Told the load process's pid once it is spawned (its worker threads are in the same process). */
  onSpawn?: (pid: number | undefined) => void,
): Promise<T> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'cli/bin.mjs'), 'load', '--server', url, ...loadArgs, '--json', '--quiet'],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    onSpawn?.(child.pid);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as T);
      } catch {
        reject(new Error(`broadside load printed no report: ${out.slice(-500)}`));
      }
    });
  });
}
