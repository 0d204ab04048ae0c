import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Which CPUs the measuring client and the servers under test run on. */
export interface Pinning {
  readonly client: string;
  readonly servers: string;
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the client on CPU 0 and the servers on the others. On loopback the kernel wakes the
 * reader of a socket on the writer's CPU (a "sync" wake-up that assumes the writer is about to
 * sleep); a server that goes on working after its ack (publishing the new state) then holds the
 * client off the CPU that would read that ack, a delay no real network client ever sees. Pinning
 * both sides apart measures the round-trip itself, for the echo exactly as for the shot.
 * Null when there is a single CPU or no `taskset`.
 */
export function planPinning(): Pinning | null {
  const cpus = availableParallelism();
  if (cpus < 2 || !hasTaskset()) return null;
  return { client: '0', servers: cpus === 2 ? '1' : `1-${cpus - 1}` };
}

/** Moves every thread of this process onto `cpus`. */
export function pinSelf(cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
}
