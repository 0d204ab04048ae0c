/**
 * Commits the writes that arrive during one turn of the event loop together: the first write
 * schedules a commit with setImmediate, which runs once every socket with data ready has been
 * read, so all the shots of that turn share one transaction. Each write's promise settles only
 * once its commit is done: nothing is acknowledged before it is stored. When the shared commit
 * fails, every write is retried alone, so one bad write fails only itself.
 *
 * The writes of a commit are resolved one at a time, each from its own setImmediate (all queued at
 * once, so they run together in the next check phase): between two of them Node runs every
 * microtask and next-tick callback the first left, so the code waiting on one write (a shot's
 * reply, its frames to both players) finishes, and Node's write callbacks, which hold each frame
 * sent until they run, run too, before the next write's code starts. Resolved in one loop,
 * hundreds of shots' continuations would run as one chain of microtasks and every frame of them
 * stay in memory to its end, long enough to be promoted out of the young generation
 * (docs/benchmarks.md, "Frames held by the tick").
 */
export class TickBatch<T> {
  private pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;
  /** Commits run and items committed so far (items / commits = how many writes share a commit). */
  commits = 0;
  committed = 0;
  /** Told how long each shared commit took (seconds) and how many writes it held (the metrics). */
  onCommitted: ((seconds: number, items: number) => void) | null = null;

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
      const started = performance.now();
      await this.commit(batch.map((p) => p.item));
      this.onCommitted?.((performance.now() - started) / 1000, batch.length);
      this.commits++;
      this.committed += batch.length;
      for (const p of batch) setImmediate(p.resolve);
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
