/**
 * The pending deadlines of one room (reconnect grace periods, the turn clock), by name. Setting a
 * name again replaces its timer, unless it is already set for the same instant; a deadline already
 * past fires on the next turn of the event loop.
 */
export class RoomTimers {
  private readonly timers = new Map<string, { readonly at: number; readonly handle: NodeJS.Timeout }>();

  set(name: string, at: number, fire: () => void): void {
    const current = this.timers.get(name);
    if (current?.at === at) return;
    if (current) clearTimeout(current.handle);
    const handle = setTimeout(
      () => {
        if (this.timers.get(name)?.handle === handle) this.timers.delete(name);
        fire();
      },
      Math.max(0, at - Date.now()),
    );
    // A pending deadline never keeps the process alive on its own: shutdown closes rooms anyway.
    handle.unref();
    this.timers.set(name, { at, handle });
  }

  clear(name: string): void {
    const current = this.timers.get(name);
    if (!current) return;
    clearTimeout(current.handle);
    this.timers.delete(name);
  }

  clearAll(): void {
    for (const { handle } of this.timers.values()) clearTimeout(handle);
    this.timers.clear();
  }

  /** The names of the timers set, e.g. to keep a room in memory while one is pending. */
  get names(): string[] {
    return [...this.timers.keys()];
  }
}
