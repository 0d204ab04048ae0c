/**
 * Commits the writes that arrive during one turn of the event loop together: the first write
 * schedules a commit with setImmediate, which runs once every socket with data ready has been
 * read, so all the shots of that turn share one transaction. Each write's promise settles only
 * once its commit is done: nothing is acknowledged before it is stored. When the shared commit
 * fails, every write is retried alone, so one bad write fails only itself.
 */
export class TickBatch<T> {
  private pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;
  /** Commits run and items committed so far (items / commits = how many writes share a commit). */
  commits = 0;
  committed = 0;

  constructor(private readonly commit: (items: readonly T[]) => void | Promise<void>) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    try {
      await this.commit(batch.map((p) => p.item));
      this.commits++;
      this.committed += batch.length;
      for (const p of batch) p.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const p of batch) {
        try {
          await this.commit([p.item]);
          this.commits++;
          this.committed++;
          p.resolve();
        } catch (alone) {
          p.reject(alone);
        }
      }
    }
  }
}
