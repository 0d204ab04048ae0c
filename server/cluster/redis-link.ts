import type { RedisClient } from '../redis';

/**
 * The few Redis commands room ownership and node-to-node forwarding need, over node-redis: one
 * connection for commands and a duplicate for subscriptions (a subscribed connection can do nothing
 * else). Kept narrow so the rest of server/cluster does not depend on the client's generic types.
 */
export interface RedisLink {
  /** EVAL (node-redis caches nothing: the scripts are short and run rarely). */
  script(lua: string, keys: readonly string[], args: readonly string[]): Promise<unknown>;
  /** SET key value PX ms [XX]: false when `onlyIfExists` and the key had expired. */
  set(key: string, value: string, ttlMs: number, onlyIfExists?: boolean): Promise<boolean>;
  del(key: string): Promise<void>;
  /** MGET: the keys' values, in order (null where missing). */
  values(keys: readonly string[]): Promise<(string | null)[]>;
  /** SCAN MATCH: every key that matches `pattern` (a few: the live nodes). */
  keys(pattern: string): Promise<string[]>;
  /** PUBLISH; resolves with how many subscribers received it. */
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** Wraps a connected node-redis client; opens its own subscriber connection. */
export async function redisLink(client: RedisClient): Promise<RedisLink> {
  const subscriber = client.duplicate();
  subscriber.on('error', () => undefined);
  await subscriber.connect();
  return {
    script: (lua, keys, args) => client.eval(lua, { keys: [...keys], arguments: [...args] }),
    set: async (key, value, ttlMs, onlyIfExists = false) =>
      (await client.set(key, value, onlyIfExists ? { PX: ttlMs, XX: true } : { PX: ttlMs })) !== null,
    del: async (key) => {
      await client.del(key);
    },
    values: async (keys) => {
      if (keys.length === 0) return [];
      const values = await client.mGet([...keys]);
      return values.map((v) => (v === null ? null : String(v)));
    },
    keys: async (pattern) => {
      const found: string[] = [];
      for await (const batch of client.scanIterator({ MATCH: pattern, COUNT: 100 })) found.push(...batch.map(String));
      return found;
    },
    publish: (channel, message) => client.publish(channel, message),
    subscribe: (channel, onMessage) => subscriber.subscribe(channel, (message) => onMessage(String(message))),
    close: async () => {
      await subscriber.quit().catch(() => undefined);
    },
  };
}
