import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

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
