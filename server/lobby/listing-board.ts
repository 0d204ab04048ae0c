import type { RedisClient } from '../redis';

/** An entry of a list of rooms (open games, live games): its room and since when it is listed. */
export interface ListedRoom {
  readonly slug: string;
  /** Epoch ms (server clock). */
  readonly since: number;
}

/** Where every node's entries of one list of rooms are kept: one node's memory, or Redis for several nodes. */
export interface ListingBoard<T extends ListedRoom> {
  put(entry: T): Promise<void>;
  remove(slug: string): Promise<void>;
  /** The node still lists these rooms (sent every few seconds). */
  keepAlive(entries: readonly T[]): Promise<void>;
  /** Most recent first, at most the board's `shown`. */
  list(): Promise<T[]>;
}

/** Most recent first, at most `shown`. */
export function newestFirst<T extends ListedRoom>(entries: Iterable<T>, shown: number): T[] {
  return [...entries].sort((a, b) => b.since - a.since).slice(0, shown);
}

export class MemoryListingBoard<T extends ListedRoom> implements ListingBoard<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly shown: number) {}

  async put(entry: T): Promise<void> {
    this.entries.set(entry.slug, entry);
  }

  async remove(slug: string): Promise<void> {
    this.entries.delete(slug);
  }

  async keepAlive(): Promise<void> {}

  async list(): Promise<T[]> {
    return newestFirst(this.entries.values(), this.shown);
  }
}

/** Drops the entries read as stale, unless their node refreshed them since (the value changed). */
const DROP_UNCHANGED = `
for i = 1, #ARGV, 2 do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[i + 1] then redis.call('HDEL', KEYS[1], ARGV[i]) end
end
return 0
`;

interface Vouched<T> {
  readonly game: T;
  /** When its node last said it is still listed (epoch ms). */
  readonly at: number;
}

/**
 * A list of rooms in one Redis hash, slug → the entry and when its node last vouched for it. An
 * entry whose node died leaves the list `staleMs` later (readers drop it), as a waiting player
 * leaves the quick-match queue.
 */
export class RedisListingBoard<T extends ListedRoom> implements ListingBoard<T> {
  constructor(
    private readonly redis: RedisClient,
    private readonly key: string,
    private readonly staleMs: number,
    private readonly shown: number,
  ) {}

  async put(entry: T): Promise<void> {
    await this.redis.hSet(this.key, entry.slug, JSON.stringify({ game: entry, at: Date.now() } satisfies Vouched<T>));
  }

  async remove(slug: string): Promise<void> {
    await this.redis.hDel(this.key, slug);
  }

  async keepAlive(entries: readonly T[]): Promise<void> {
    const at = Date.now();
    await this.redis.hSet(
      this.key,
      Object.fromEntries(entries.map((game) => [game.slug, JSON.stringify({ game, at })])),
    );
  }

  async list(): Promise<T[]> {
    const all = await this.redis.hGetAll(this.key);
    const freshSince = Date.now() - this.staleMs;
    const entries: T[] = [];
    const stale: string[] = [];
    for (const [slug, json] of Object.entries(all)) {
      const listed = JSON.parse(String(json)) as Vouched<T>;
      if (listed.at >= freshSince) entries.push(listed.game);
      else stale.push(slug, String(json));
    }
    if (stale.length > 0) await this.redis.eval(DROP_UNCHANGED, { keys: [this.key], arguments: stale });
    return newestFirst(entries, this.shown);
  }
}
