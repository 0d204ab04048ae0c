import { describe, expect, it } from 'vitest';
import { clusterTotals, delayText, durationText, loopIsLate, memoryText } from '../../../src/app/admin/operations-view';
import type { ClusterOverview, ConsoleNode } from '../../../src/protocol/operations';

const node = (id: string, phase: ConsoleNode['phase'], rooms: number): ConsoleNode => ({
  id,
  name: id,
  startedAt: 0,
  phase,
  rooms,
  sockets: { room: rooms * 2, lobby: 3 },
  computers: { seats: 1, max: 50 },
  eventLoopP99Ms: 4,
  rssBytes: 150_000_000,
});

describe('the operator’s console', () => {
  it('sums the nodes: rooms, sockets, seats, the draining ones, the queue and the silent', () => {
    const overview: ClusterOverview = {
      at: 0,
      nodes: [node('a', 'serving', 10), node('b', 'draining', 4)],
      silent: ['c'],
      seats: [],
      queue: [{ userId: 'u', username: 'u', since: 0, rules: 'classic' }],
    };
    expect(clusterTotals(overview)).toEqual({
      nodes: 2,
      draining: 1,
      rooms: 14,
      roomSockets: 28,
      lobbySockets: 6,
      seats: 2,
      maxSeats: 100,
      queue: 1,
      silent: 1,
    });
  });

  it('writes ages in one or two units, in the reader’s language', () => {
    expect(durationText('en', 45_000)).toBe('45s');
    expect(durationText('en', 12 * 60_000 + 5000)).toBe('12m');
    expect(durationText('en', 3 * 3_600_000)).toBe('3h');
    expect(durationText('en', 3 * 3_600_000 + 5 * 60_000)).toBe('3h 5m');
    expect(durationText('en', 50 * 3_600_000)).toBe('2d 2h');
    expect(durationText('en', -5)).toBe('0s');
    expect(durationText('fr', 12 * 60_000)).toBe('12min');
  });

  it('writes memory and delays with their units, and flags a late event loop', () => {
    expect(memoryText('en', 152_400_000)).toBe('152 MB');
    expect(delayText('en', 4.26)).toBe('4.3 ms');
    expect(delayText('fr', 4.26)).toBe('4,3\u202fms');
    expect(delayText('en', 120.4)).toBe('120 ms');
    expect(loopIsLate(99)).toBe(false);
    expect(loopIsLate(100)).toBe(true);
  });
});
