import { CLASSIC_RULES, formatRules } from '../../src/game';
import { RulesSchema } from '../../src/protocol';
import type { RedisClient } from '../redis';
import type { MatchQueue, Pairing, QueueEntry } from './queue';

const KEYS = {
  /** userId by arrival number: the queue's order. */
  order: 'broadside:quick-match:order',
  /** userId → the entry, as JSON. */
  entries: 'broadside:quick-match:entries',
  /** userId → when a node last said the player still waits (epoch ms). */
  seen: 'broadside:quick-match:seen',
  /** The arrival counter, so that the order is the order of arrival even within one millisecond. */
  arrivals: 'broadside:quick-match:arrivals',
  /** userId → the rules asked for, as `--rules` text (formatRules): who may be paired with whom. */
  rules: 'broadside:quick-match:rules',
} as const;
const ALL_KEYS = [KEYS.order, KEYS.entries, KEYS.seen, KEYS.arrivals, KEYS.rules];

/*
 * `pairArrival` (queue.ts) in one atomic step on Redis: an arrival already waiting keeps its entry;
 * otherwise it takes the longest-waiting player who asked for the same rules (KEYS[5]: userId →
 * rules key; an entry without one, from a node before rules, asked for the classic ones) and whose
 * node still vouches for them (entries of a dead node, not refreshed for longer than the staleness
 * window, are dropped on the way), or waits.
 */
const JOIN = `
local existing = redis.call('HGET', KEYS[2], ARGV[1])
if existing then
  redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
  return {'waiting', existing}
end
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local entry = redis.call('HGET', KEYS[2], id)
  local seen = tonumber(redis.call('ZSCORE', KEYS[3], id) or '0')
  local fresh = entry and seen >= tonumber(ARGV[4])
  local rules = redis.call('HGET', KEYS[5], id) or ARGV[6]
  if not fresh or rules == ARGV[5] then
    redis.call('ZREM', KEYS[1], id)
    redis.call('HDEL', KEYS[2], id)
    redis.call('ZREM', KEYS[3], id)
    redis.call('HDEL', KEYS[5], id)
    if fresh then return {'paired', entry} end
  end
end
local n = redis.call('INCR', KEYS[4])
redis.call('ZADD', KEYS[1], n, ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[5], ARGV[1], ARGV[5])
return {'queued', ARGV[2]}
`;

const LEAVE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[5], ARGV[1])
return redis.call('HDEL', KEYS[2], ARGV[1])
`;

function parseEntry(json: unknown): QueueEntry {
  const value = JSON.parse(String(json)) as Partial<QueueEntry> & Pick<QueueEntry, 'userId' | 'username' | 'since'>;
  // An entry written by a node from before rules asked for the classic ones.
  const rules = RulesSchema.safeParse(value.rules);
  return {
    userId: value.userId,
    username: value.username,
    since: value.since,
    rules: rules.success ? rules.data : CLASSIC_RULES,
  };
}

/**
 * The quick-match queue shared by every node (REDIS_URL): the same FIFO rule as the in-memory queue,
 * each join one Lua script so that of two players arriving together on two nodes exactly one finds
 * the other. A node refreshes the players it queued every `staleMs / 3`; a player whose node died
 * is no longer offered as an opponent once `staleMs` has passed.
 */
export class RedisMatchQueue implements MatchQueue {
  /** Players this node queued and has not seen leave; refreshed while they wait. */
  private readonly local = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisClient,
    private readonly staleMs: number,
    onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.refresh().catch(onError), Math.max(50, Math.floor(staleMs / 3)));
    this.timer.unref();
  }

  async join(entry: QueueEntry): Promise<{ pairing: Pairing | null; since: number }> {
    const now = Date.now();
    const reply = (await this.redis.eval(JOIN, {
      keys: ALL_KEYS,
      arguments: [
        entry.userId,
        JSON.stringify(entry),
        String(now),
        String(now - this.staleMs),
        formatRules(entry.rules),
        formatRules(CLASSIC_RULES),
      ],
    })) as [string, string];
    const [outcome, json] = reply;
    const found = parseEntry(json);
    if (outcome === 'paired') {
      this.local.delete(found.userId);
      return { pairing: [found, entry], since: entry.since };
    }
    this.local.add(entry.userId);
    return { pairing: null, since: found.since };
  }

  async leave(userId: string): Promise<boolean> {
    this.local.delete(userId);
    const removed = await this.redis.eval(LEAVE, { keys: ALL_KEYS, arguments: [userId] });
    return Number(removed) > 0;
  }

  async waiting(): Promise<readonly QueueEntry[]> {
    const ids = (await this.redis.zRange(KEYS.order, 0, -1)).map(String);
    if (ids.length === 0) return [];
    const [entries, seen] = await Promise.all([
      this.redis.hmGet(KEYS.entries, ids),
      this.redis.zmScore(KEYS.seen, ids),
    ]);
    const freshSince = Date.now() - this.staleMs;
    return ids.flatMap((_, i) => {
      const json = entries[i];
      const at = seen[i];
      return json != null && at != null && Number(at) >= freshSince ? [parseEntry(json)] : [];
    });
  }

  /** Says the players queued here still wait; forgets those paired or removed elsewhere. */
  private async refresh(): Promise<void> {
    const ids = [...this.local];
    if (ids.length === 0) return;
    const scores = await this.redis.zmScore(KEYS.seen, ids);
    const still = ids.filter((id, i) => {
      if (scores[i] != null) return true;
      this.local.delete(id);
      return false;
    });
    if (still.length === 0) return;
    const now = Date.now();
    await this.redis.zAdd(
      KEYS.seen,
      still.map((value) => ({ score: now, value })),
      { condition: 'XX' },
    );
  }

  close(): void {
    clearInterval(this.timer);
  }
}
