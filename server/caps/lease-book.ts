import type { RedisClient } from '../redis';

/**
 * Who holds each counted thing (a waiting room, a computer game, a spectator socket) and until
 * when it counts: one entry per lease, which a release takes exactly once. In memory on one node,
 * in Redis with several (a room created on one node may start on another).
 */
export interface LeaseBook {
  /** Records `holder` under `id` for `ttlMs`. */
  put(id: string, holder: string, ttlMs: number): Promise<void>;
  /** The holder recorded under `id`, removed; null when there is none (released, expired). */
  take(id: string): Promise<string | null>;
}

export class MemoryLeaseBook implements LeaseBook {
  private readonly entries = new Map<string, { holder: string; until: number }>();

  async put(id: string, holder: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    // Expired entries go as new ones arrive: the map never outgrows the leases still running.
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    this.entries.set(id, { holder, until: now + ttlMs });
  }

  async take(id: string): Promise<string | null> {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    return entry && entry.until > Date.now() ? entry.holder : null;
  }
}

/** GET and DEL in one step: of two nodes releasing the same lease, one gets it. */
const TAKE = `
local holder = redis.call('GET', KEYS[1])
if holder then redis.call('DEL', KEYS[1]) end
return holder
`;

export class RedisLeaseBook implements LeaseBook {
  constructor(private readonly redis: RedisClient) {}

  private key(id: string): string {
    return `broadside:cap-lease:${id}`;
  }

  async put(id: string, holder: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(id), holder, { PX: Math.max(1, ttlMs) });
  }

  async take(id: string): Promise<string | null> {
    const holder = await this.redis.eval(TAKE, { keys: [this.key(id)], arguments: [] });
    return holder === null || holder === undefined ? null : String(holder);
  }
}
