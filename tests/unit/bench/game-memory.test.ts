import { describe, expect, it } from 'vitest';
import { gameMemory, type MemoryReading, type MemorySample } from '../../../bench/artillery/memory';

const reading = (nodeKb: number, redisKb = 0, pgKb = 0, heapKb: number | null = null): MemoryReading => ({
  nodeKb,
  redisKb,
  pgKb,
  heapKb,
});

describe('memory per game in flight (bench:artillery)', () => {
  it('is the plateau over the middle half of the games above the reading after the accounts, per game', () => {
    const afterAccounts: MemorySample = { at: 1000, memory: reading(100_000, 8_000, 20_000, 30_000) };
    // Games run from 1000 to 9000: the middle half is 3000..7000. The ramp and the tail lie outside it.
    const samples: MemorySample[] = [
      afterAccounts,
      { at: 2000, memory: reading(500_000, 9_000, 99_000, 90_000) },
      { at: 3000, memory: reading(140_000, 8_400, 24_000, 40_000) },
      { at: 5000, memory: reading(140_000, 8_400, 24_000, 40_000) },
      { at: 7000, memory: reading(150_000, 8_400, 24_000, 40_000) },
      { at: 8500, memory: reading(900_000, 9_000, 99_000, 90_000) },
    ];
    const m = gameMemory(samples, afterAccounts, 9000, 40);
    expect(m.plateau).toEqual(reading(140_000, 8_400, 24_000, 40_000));
    expect(m.nodeKbPerGame).toBe(1000);
    // The whole service: node 40,000 + redis 400 + PostgreSQL 4,000 KB more, over 40 games.
    expect(m.serviceKbPerGame).toBe(1110);
    expect(m.heapKbPerGame).toBe(250);
  });

  it('has no heap figure when the server reports no heap', () => {
    const afterAccounts: MemorySample = { at: 0, memory: reading(1000) };
    const m = gameMemory([afterAccounts, { at: 50, memory: reading(3000) }], afterAccounts, 100, 2);
    expect(m.nodeKbPerGame).toBe(1000);
    expect(m.heapKbPerGame).toBeNull();
  });
});
