import { type Rules, sameRules } from '../../src/game';

/** A player waiting for an opponent. */
export interface QueueEntry {
  readonly userId: string;
  readonly username: string;
  /** Epoch ms when the player joined the queue. */
  readonly since: number;
  /** The rules the player asked for: only a player who asked for the same ones is an opponent. */
  readonly rules: Rules;
}

/** Two players to seat together, the one who waited longer first. */
export type Pairing = readonly [QueueEntry, QueueEntry];

/**
 * The quick-match queue: in memory on one node, in Redis (redis-queue.ts, a Lua script doing
 * `pairArrival` atomically) when several nodes serve one lobby.
 */
export interface MatchQueue {
  /**
   * Puts the player in the queue, or pairs them at once with the longest-waiting other player.
   * Atomic: of two players arriving together, exactly one finds the other waiting. A player
   * already waiting keeps their place (and their `since`) and is never paired with themselves.
   */
  join(entry: QueueEntry): Promise<{ readonly pairing: Pairing | null; readonly since: number }>;
  /** Takes the player out of the queue; false when they were not in it. */
  leave(userId: string): Promise<boolean>;
  /** Players waiting, longest first. */
  waiting(): Promise<readonly QueueEntry[]>;
  /** Stops its timers (server shutdown). */
  close(): void;
}

/**
 * The pairing rule as a pure function of the queue: FIFO among the players who asked for the same
 * rules, never the same user twice. A player already waiting keeps their place and their rules.
 * Returns the queue after the arrival and the pair formed, if any.
 */
export function pairArrival(
  queue: readonly QueueEntry[],
  arrival: QueueEntry,
): { readonly queue: readonly QueueEntry[]; readonly pairing: Pairing | null; readonly since: number } {
  const already = queue.find((e) => e.userId === arrival.userId);
  if (already) return { queue, pairing: null, since: already.since };
  const partner = queue.find((e) => e.userId !== arrival.userId && sameRules(e.rules, arrival.rules));
  if (!partner) return { queue: [...queue, arrival], pairing: null, since: arrival.since };
  return { queue: queue.filter((e) => e !== partner), pairing: [partner, arrival], since: arrival.since };
}

/** One node's queue, in memory: each call is one synchronous step, so pairing is atomic. */
export class MemoryMatchQueue implements MatchQueue {
  private entries: readonly QueueEntry[] = [];

  async join(entry: QueueEntry): Promise<{ pairing: Pairing | null; since: number }> {
    const next = pairArrival(this.entries, entry);
    this.entries = next.queue;
    return { pairing: next.pairing, since: next.since };
  }

  async leave(userId: string): Promise<boolean> {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.userId !== userId);
    return this.entries.length !== before;
  }

  async waiting(): Promise<readonly QueueEntry[]> {
    return this.entries;
  }

  close(): void {}
}
