import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time a process (all its threads) has used, user plus system, ms; 0 when it is gone. */
export function cpuMs(pid: number): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * Follows a process's CPU time while it lives, so the last reading is kept once it has exited
 * (its /proc entry is gone by then): read every `everyMs`.
 */
export class CpuFollower {
  private last = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    everyMs = 250,
  ) {
    this.timer = setInterval(() => this.read(), everyMs);
  }

  read(): number {
    const now = cpuMs(this.pid);
    if (now > 0) this.last = now;
    return this.last;
  }

  stop(): number {
    clearInterval(this.timer);
    return this.read();
  }
}
