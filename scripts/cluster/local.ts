import { randomBytes } from 'node:crypto';
import {
  type BroadsideNode,
  type Nginx,
  type Postgres,
  type Redis,
  startNginx,
  startNode,
  startPostgres,
  startRedis,
} from './services';

export interface LocalCluster {
  /** Null when the nodes share another database (`databaseUrl`). */
  readonly postgres: Postgres | null;
  /** What the nodes' DATABASE_URL is. */
  readonly databaseUrl: string;
  readonly redis: Redis;
  readonly nodes: readonly BroadsideNode[];
  readonly nginx: Nginx;
  /** Where players go: nginx. */
  readonly url: string;
  readonly jwtSecret: string;
  /**
   * Starts one more node on the same database, Redis and secret, added to `nodes` (not behind nginx
   * until `nginx.reload`).
   */
  addNode(nodeId: string): Promise<BroadsideNode>;
  /** Stops nginx, the nodes, Redis and PostgreSQL, in that order, and deletes their directories. */
  stop(): Promise<void>;
}

export interface LocalClusterOptions {
  readonly nodes?: number;
  /** fsync off for PostgreSQL (tests); on by default. */
  readonly durable?: boolean;
  /** Another database for the nodes instead of a private PostgreSQL (e.g. one SQLite file). */
  readonly databaseUrl?: string;
  /** Environment added to every node. */
  readonly nodeEnv?: Readonly<Record<string, string>>;
  readonly log?: (service: string, line: string) => void;
}

/** PostgreSQL, Redis, `nodes` Broadside nodes (two by default) and nginx in front, all on loopback. */
export async function startLocalCluster(options: LocalClusterOptions = {}): Promise<LocalCluster> {
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async (): Promise<void> => {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
  };
  const log = (name: string) => (options.log ? (line: string) => options.log?.(name, line) : undefined);
  try {
    const postgres = options.databaseUrl
      ? null
      : await startPostgres({ durable: options.durable ?? true, log: log('postgres') });
    if (postgres) started.push(postgres);
    const databaseUrl = options.databaseUrl ?? postgres?.url ?? '';
    const redis = await startRedis({ log: log('redis') });
    started.push(redis);
    const jwtSecret = randomBytes(32).toString('hex');
    const nodes: BroadsideNode[] = [];
    const nodeIds = Array.from({ length: options.nodes ?? 2 }, (_, i) => `node-${i + 1}`);
    const addNode = async (nodeId: string): Promise<BroadsideNode> => {
      const node = await startNode({
        nodeId,
        databaseUrl,
        redisUrl: redis.url,
        jwtSecret,
        env: options.nodeEnv ?? {},
        log: log(nodeId),
      });
      // Stopped before Redis and PostgreSQL, like the nodes started first.
      started.splice(postgres ? 2 : 1, 0, node);
      nodes.push(node);
      return node;
    };
    // One at a time: the first runs the migrations, the others find them done.
    for (const id of nodeIds) await addNode(id);
    const nginx = await startNginx(
      nodes.map((n) => ({ port: n.port })),
      { log: log('nginx') },
    );
    started.push(nginx);
    return { postgres, databaseUrl, redis, nodes, nginx, url: nginx.url, jwtSecret, addNode, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
