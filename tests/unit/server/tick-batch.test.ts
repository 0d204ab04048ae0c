import { describe, expect, it } from 'vitest';
import { TickBatch } from '../../../server/db/tick-batch';

describe('TickBatch', () => {
  it('commits the writes of one turn of the event loop together, and resolves each only once committed', async () => {
    const commits: number[][] = [];
    const batch = new TickBatch<number>((items) => {
      commits.push([...items]);
    });
    const settled: number[] = [];
    const writes = [1, 2, 3].map((n) => batch.add(n).then(() => settled.push(n)));
    expect(commits).toEqual([]);
    await Promise.all(writes);
    expect(commits).toEqual([[1, 2, 3]]);
    expect(settled).toEqual([1, 2, 3]);
    expect([batch.commits, batch.committed]).toEqual([1, 3]);
  });

  it("resumes one write's code, and the next-tick callbacks it leaves, before the next write's", async () => {
    const batch = new TickBatch<string>(() => {});
    const log: string[] = [];
    // As a shot does: its reply and frames after the commit, then Node's write callbacks on the next tick.
    const shot = async (name: string) => {
      await batch.add(name);
      log.push(`${name} sent`);
      process.nextTick(() => log.push(`${name} written`));
    };
    await Promise.all([shot('a'), shot('b'), shot('c')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a sent', 'a written', 'b sent', 'b written', 'c sent', 'c written']);
  });

  it('retries each write alone when the shared commit fails, so a bad write fails only itself', async () => {
    const batch = new TickBatch<number>((items) => {
      if (items.includes(2)) throw new Error(`bad write in ${items.join(',')}`);
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => batch.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('bad write in 2');
    expect(batch.committed).toBe(2);
  });
});
