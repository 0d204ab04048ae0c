import { createClient } from 'redis';

const clientFor = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof clientFor>;

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * The node's Redis connection (REDIS_URL), with the `redis` package that Socket.IO's Redis
 * Streams adapter documents. Connection errors are logged, not thrown: the client reconnects by
 * itself, and a listener is needed anyway or Node would end the process on the first one.
 */
export async function connectRedis(url: string, log: Logger): Promise<RedisClient> {
  const client = clientFor(url);
  let lastWarning = 0;
  client.on('error', (error: Error) => {
    // Once a second at most: a Redis that is down would otherwise fill the log at every retry.
    if (Date.now() - lastWarning < 1000) return;
    lastWarning = Date.now();
    log.warn({ err: error }, 'Redis connection error');
  });
  await client.connect();
  return client;
}
