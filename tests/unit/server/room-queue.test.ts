import { describe, expect, it } from 'vitest';
import { CLASSIC_RULES } from '../../../src/game';
import { Room } from '../../../server/rooms/room';

const newRoom = (): Room =>
  new Room('calm-harbor', {
    slug: 'calm-harbor',
    status: 'UNSTARTED',
    turnSeconds: null,
    rules: CLASSIC_RULES,
    members: [],
    game: null,
  });

describe('Room.exclusive', () => {
  it('starts an action at once when nothing is queued, and settles with its value', async () => {
    const room = newRoom();
    let ran = false;
    const result = room.exclusive(() => {
      ran = true;
      return 42;
    });
    expect(ran).toBe(true);
    expect(await result).toBe(42);
    expect(room.idle).toBe(true);
  });

  it('queues every action behind an unfinished one, in arrival order', async () => {
    const room = newRoom();
    const order: string[] = [];
    let release = (): void => undefined;
    const slow = room.exclusive(
      () =>
        new Promise<string>((resolve) => {
          release = () => {
            order.push('slow');
            resolve('slow');
          };
        }),
    );
    // Both arrive while the slow one is pending: neither may run before it, even a synchronous one.
    const second = room.exclusive(() => {
      order.push('second');
      return 'second';
    });
    const third = room.exclusive(() => {
      order.push('third');
      return 'third';
    });
    expect(second).toBeInstanceOf(Promise);
    expect(order).toEqual([]);
    expect(room.idle).toBe(false);
    release();
    expect(await Promise.all([slow, second, third])).toEqual(['slow', 'second', 'third']);
    expect(order).toEqual(['slow', 'second', 'third']);
    expect(room.idle).toBe(true);
    // Once the queue has drained, an action starts at once again.
    const order2: string[] = [];
    const now = room.exclusive(() => {
      order2.push('now');
      return 'now';
    });
    expect(order2).toEqual(['now']);
    expect(await now).toBe('now');
  });

  it('keeps the queue going after an action throws or rejects', async () => {
    const room = newRoom();
    await expect(
      room.exclusive(() => {
        throw new Error('sync failure');
      }),
    ).rejects.toThrow('sync failure');
    expect(room.idle).toBe(true);
    const failing = room.exclusive(() => Promise.reject(new Error('async failure')));
    const next = room.exclusive(() => 'next');
    await expect(failing).rejects.toThrow('async failure');
    await expect(next).resolves.toBe('next');
    expect(room.idle).toBe(true);
  });
});
