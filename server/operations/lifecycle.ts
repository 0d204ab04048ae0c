/** Where a node is in its life (docs/deploy.md, "Readiness and draining"). */
export type Phase = 'starting' | 'serving' | 'draining' | 'stopped';

/**
 * The node's phase, shared by readiness, the socket gates and the drain: `starting` until every
 * part is up and the stored clocks are running again, `serving` then, `draining` from SIGTERM
 * (no new rooms or sockets; rooms handed over), `stopped` once it has let go of everything.
 */
export class Lifecycle {
  private current: Phase = 'starting';
  /** performance.now() when draining began, or null. */
  private drainingSince: number | null = null;
  private holding = false;
  private since = 0;

  /** When the node began serving (epoch ms), 0 before. */
  get servingSince(): number {
    return this.since;
  }

  get phase(): Phase {
    return this.current;
  }

  /** Takes new rooms and sockets. */
  get ready(): boolean {
    return this.current === 'serving';
  }

  /** Draining or stopped: refuses new rooms and sockets. */
  get draining(): boolean {
    return this.current === 'draining' || this.current === 'stopped';
  }

  /** Milliseconds since draining began (0 before). */
  get drainingForMs(): number {
    return this.drainingSince === null ? 0 : performance.now() - this.drainingSince;
  }

  /**
   * A node draining alone (no other node takes its rooms) runs no new command of a socket: the
   * commands in flight finish and are acknowledged, the socket then closes and its client asks again
   * once it is back, on this node restarted or another.
   */
  get paused(): boolean {
    return this.holding;
  }

  pause(): void {
    this.holding = true;
  }

  serving(): void {
    if (this.current !== 'starting') return;
    this.current = 'serving';
    this.since = Date.now();
  }

  /** Starts draining; false when it had already begun. */
  drain(): boolean {
    if (this.draining) return false;
    this.current = 'draining';
    this.drainingSince = performance.now();
    return true;
  }

  stopped(): void {
    this.current = 'stopped';
  }
}
