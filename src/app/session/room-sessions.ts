/**
 * One session per room, shared by the lobby and the game page so that moving between them keeps
 * the connection (and the membership) alive. Pages acquire and release it; the last release closes
 * it after a grace period that covers loading the game page's chunk. An instance lives in the app's
 * React context (sessions-context.tsx), not in a module: tests and pages each get their own.
 *
 * Generic over the session so that this file pulls no socket code into the first load.
 */
export interface Closable {
  close(): void;
}

export const SESSION_GRACE_MS = 3_000;

interface Entry<S> {
  readonly key: string;
  readonly session: S;
  users: number;
  closeTimer: ReturnType<typeof setTimeout> | null;
}

export class RoomSessions<S extends Closable> {
  private entry: Entry<S> | null = null;

  constructor(private readonly graceMs: number = SESSION_GRACE_MS) {}

  /**
   * The session of `key` (room and user), opened with `open` unless it is already held; another
   * room's session is closed first. `open` is given the callback a session calls when it closes
   * itself (leaving the room), so that it is not handed out again.
   */
  acquire(key: string, open: (onClosed: () => void) => S): S {
    if (this.entry && this.entry.key !== key) this.close(this.entry);
    if (!this.entry) {
      let opened: Entry<S> | null = null;
      const session = open(() => {
        if (opened) this.forget(opened);
      });
      opened = { key, session, users: 0, closeTimer: null };
      this.entry = opened;
    }
    const entry = this.entry;
    if (entry.closeTimer) clearTimeout(entry.closeTimer);
    entry.closeTimer = null;
    entry.users += 1;
    return entry.session;
  }

  release(session: S): void {
    const entry = this.entry;
    if (!entry || entry.session !== session) return;
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.closeTimer = setTimeout(() => this.close(entry), this.graceMs);
  }

  /** Closes the held session at once (logout). */
  closeAll(): void {
    if (this.entry) this.close(this.entry);
  }

  private close(entry: Entry<S>): void {
    this.forget(entry);
    entry.session.close();
  }

  private forget(entry: Entry<S>): void {
    if (entry.closeTimer) clearTimeout(entry.closeTimer);
    entry.closeTimer = null;
    if (this.entry === entry) this.entry = null;
  }
}
