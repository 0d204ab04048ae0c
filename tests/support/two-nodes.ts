import { startRedis, type TestRedis } from './redis';
import { startTestServer, type TestServer } from './server';

export interface TwoNodes {
  readonly redis: TestRedis;
  readonly a: TestServer;
  readonly b: TestServer;
  stop(): Promise<void>;
}

/** Two nodes of one deployment in this process: one data directory (and database), one Redis of their own. */
export async function startTwoNodes(): Promise<TwoNodes> {
  const redis = await startRedis();
  const a = await startTestServer({ config: { redisUrl: redis.url } });
  const b = await startTestServer({ dataDir: a.dataDir, config: { redisUrl: redis.url } });
  return {
    redis,
    a,
    b,
    stop: async () => {
      await b.close();
      await a.dispose();
      await redis.stop();
    },
  };
}
