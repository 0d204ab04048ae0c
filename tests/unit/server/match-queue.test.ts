import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryMatchQueue, pairArrival, type QueueEntry } from '../../../server/lobby/queue';
import { CLASSIC_RULES, makeRules } from '../../../src/game';

const entry = (userId: string, since = 0, rules = CLASSIC_RULES): QueueEntry => ({
  userId,
  username: userId,
  since,
  rules,
});
const SALVO = makeRules({ shots: 'salvo' });

describe('quick-match pairing', () => {
  it('keeps a lone player waiting, then pairs them with the next arrival, longest wait first', () => {
    const first = pairArrival([], entry('alice', 1));
    expect(first.pairing).toBeNull();
    expect(first.queue.map((e) => e.userId)).toEqual(['alice']);
    const second = pairArrival(first.queue, entry('bob', 2));
    expect(second.pairing?.map((e) => e.userId)).toEqual(['alice', 'bob']);
    expect(second.queue).toEqual([]);
  });

  it('never pairs a player with themselves: a second join keeps the first place and time', () => {
    const once = pairArrival([], entry('alice', 1));
    const twice = pairArrival(once.queue, entry('alice', 5));
    expect(twice.pairing).toBeNull();
    expect(twice.queue).toEqual([entry('alice', 1)]);
    expect(twice.since).toBe(1);
  });

  it('pairs only players who asked for the same rules, FIFO among them', () => {
    const queue = [entry('a', 1, SALVO), entry('b', 2), entry('c', 3, SALVO)];
    expect(pairArrival(queue, entry('d', 4)).pairing?.map((e) => e.userId)).toEqual(['b', 'd']);
    expect(pairArrival(queue, entry('d', 4, SALVO)).pairing?.map((e) => e.userId)).toEqual(['a', 'd']);
    const russian = pairArrival(queue, entry('d', 4, makeRules({ fleet: 'russian' })));
    expect(russian.pairing).toBeNull();
    expect(russian.queue.map((e) => e.userId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('is FIFO: the longest-waiting other player is taken first', () => {
    const queue = [entry('a', 1), entry('b', 2), entry('c', 3)];
    expect(pairArrival(queue, entry('d', 4)).pairing?.map((e) => e.userId)).toEqual(['a', 'd']);
    expect(pairArrival(queue, entry('a', 4)).pairing).toBeNull();
  });

  it('over any arrival order, pairs each player exactly once, never with themselves, in arrival order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 60 }), (arrivals) => {
        let queue: readonly QueueEntry[] = [];
        const paired: string[] = [];
        const pairs: [string, string][] = [];
        arrivals.forEach((id, t) => {
          const step = pairArrival(queue, entry(`u${id}`, t));
          queue = step.queue;
          if (step.pairing) {
            const [a, b] = step.pairing;
            pairs.push([a.userId, b.userId]);
            paired.push(a.userId, b.userId);
            expect(a.since).toBeLessThanOrEqual(b.since);
          }
          // Nobody is both waiting and just paired; nobody waits twice.
          const waitingIds = queue.map((e) => e.userId);
          expect(new Set(waitingIds).size).toBe(waitingIds.length);
        });
        for (const [a, b] of pairs) expect(a).not.toBe(b);
        // At most one distinct user is left waiting: two would have been paired.
        expect(queue.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('MemoryMatchQueue', () => {
  it('pairs exactly once when two players arrive in the same tick', async () => {
    const queue = new MemoryMatchQueue();
    const [a, b] = await Promise.all([queue.join(entry('alice', 1)), queue.join(entry('bob', 1))]);
    expect([a.pairing, b.pairing].filter((p) => p !== null)).toHaveLength(1);
    expect(await queue.waiting()).toEqual([]);
  });

  it('cancel: a player who left is no longer paired', async () => {
    const queue = new MemoryMatchQueue();
    await queue.join(entry('alice', 1));
    expect(await queue.leave('alice')).toBe(true);
    expect(await queue.leave('alice')).toBe(false);
    const bob = await queue.join(entry('bob', 2));
    expect(bob.pairing).toBeNull();
    expect((await queue.waiting()).map((e) => e.userId)).toEqual(['bob']);
  });
});
