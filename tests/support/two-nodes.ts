import { afterAll, beforeAll } from 'vitest';
import { startRedis, type TestRedis } from './redis';
import type { ServerConfig } from '../../server/config';
import { startTestServer, type TestServer } from './server';

export interface TwoNodes {
  readonly redis: TestRedis;
  readonly a: TestServer;
  readonly b: TestServer;
  stop(): Promise<void>;
}

/**
 * Two nodes of one deployment in this process: one data directory (and database), one Redis of
 * their own; both with the settings of `config` (as an operator sets them on every node).
 */
export async function startTwoNodes(config: Partial<ServerConfig> = {}): Promise<TwoNodes> {
  const redis = await startRedis();
  const a = await startTestServer({ config: { ...config, redisUrl: redis.url } });
  const b = await startTestServer({ dataDir: a.dataDir, config: { ...config, redisUrl: redis.url } });
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

/**
 * Two nodes started before the suite's tests and stopped after them; read `a` and `b` inside a
 * test (they do not exist before the suite starts).
 */
export function twoNodesForSuite(config: Partial<ServerConfig> = {}): {
  readonly a: TestServer;
  readonly b: TestServer;
} {
  let nodes: TwoNodes | undefined;
  beforeAll(async () => {
    nodes = await startTwoNodes(config);
  });
  afterAll(async () => {
    await nodes?.stop();
  });
  const started = (): TwoNodes => {
    if (!nodes) throw new Error('the two nodes are not started yet');
    return nodes;
  };
  return {
    get a() {
      return started().a;
    },
    get b() {
      return started().b;
    },
  };
}
