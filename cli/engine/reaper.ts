import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./reaper-child.mjs', import.meta.url));

/**
 * Every engine process group this thread started and has not ended yet. Three ways they end:
 * normally (the harness quits or kills each one), on Ctrl-C/SIGTERM/exit of the harness
 * (`killAllEngines`, called by the commands' signal handlers and on `exit`), and when the harness
 * dies without running any code (SIGKILL, a fatal crash): then the reaper process, whose stdin pipe
 * closes with the harness, kills what is left. docs/engines.md, "Processes".
 */
const live = new Set<number>();
let reaper: ChildProcess | null = null;
let hooked = false;
/** Set by stopAllEngines: an engine that starts afterwards (a game that was setting up) is killed at once. */
let stopping = false;

function reaperProcess(): ChildProcess | null {
  if (reaper?.stdin?.writable) return reaper;
  try {
    reaper = spawn(process.execPath, [SCRIPT], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    reaper.on('error', () => {
      reaper = null;
    });
    reaper.stdin?.on('error', () => {});
    reaper.unref();
    (reaper.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    for (const pgid of live) reaper.stdin?.write(`+${pgid}\n`);
    return reaper;
  } catch {
    return null;
  }
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', killAllEngines);
}

/** Records a started process group (its leader's pid). */
export function trackGroup(pgid: number): void {
  if (stopping) {
    killGroup(pgid);
    return;
  }
  hookExit();
  live.add(pgid);
  reaperProcess()?.stdin?.write(`+${pgid}\n`);
}

/** Kills a process group (SIGKILL to every process in it) and forgets it. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // already gone
  }
  untrackGroup(pgid);
}

export function untrackGroup(pgid: number): void {
  if (!live.delete(pgid)) return;
  if (reaper?.stdin?.writable) reaper.stdin.write(`-${pgid}\n`);
}

/** Kills every engine process group still running in this thread. Synchronous: safe in `exit` handlers. */
export function killAllEngines(): void {
  for (const pgid of [...live]) killGroup(pgid);
}

/**
 * Kills every engine now and every one started from now on in this thread (Ctrl-C on a run): a
 * game that was still starting its engines when the run stopped cannot leave one behind.
 */
export function stopAllEngines(): void {
  stopping = true;
  killAllEngines();
}

/** How many engine process groups are running (tests, diagnostics). */
export function liveGroups(): number {
  return live.size;
}
