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
  /**
   * Restarts node `index` as a deploy does: SIGTERM (it drains: its rooms go to the other nodes,
   * its sockets reconnect through nginx), waits for it to exit, starts it again on the same port and
   * waits until it is ready. Resolves with how long each half took.
   */
  restartNode(index: number): Promise<NodeRestart>;
  /** Restarts every node, one after the other (`restartNode`), as a rolling deploy does. */
  rollingRestart(onStep?: (step: NodeRestart) => void): Promise<NodeRestart[]>;
  /** Stops nginx, the nodes, Redis and PostgreSQL, in that order, and deletes their directories. */
  stop(): Promise<void>;
}

/** One node's restart in a rolling restart. */
export interface NodeRestart {
  readonly nodeId: string;
  /** From SIGTERM to the process's exit (its drain), ms; and how it exited. */
  readonly drainMs: number;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** From starting it again to GET /health/ready answering 200, ms. */
  readonly readyMs: number;
}

/** What a node may take to drain (DRAIN_SECONDS) before it is killed; the nodes get it in their environment. */
export const DEFAULT_DRAIN_SECONDS = 20;

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
    const drainSeconds = Number(options.nodeEnv?.DRAIN_SECONDS ?? DEFAULT_DRAIN_SECONDS);
    const nodeIds = Array.from({ length: options.nodes ?? 2 }, (_, i) => `node-${i + 1}`);
    const addNode = async (nodeId: string): Promise<BroadsideNode> => {
      const node = await startNode({
        nodeId,
        databaseUrl,
        redisUrl: redis.url,
        jwtSecret,
        env: { DRAIN_SECONDS: String(drainSeconds), ...options.nodeEnv },
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
    const restartNode = async (index: number): Promise<NodeRestart> => {
      const node = nodes[index];
      if (!node) throw new Error(`no node ${index}`);
      const stopping = performance.now();
      // Past DRAIN_SECONDS the node exits by itself; SIGKILL only if it hangs beyond that.
      await node.stop(drainSeconds * 1000 + 5000);
      const drainMs = Math.round(performance.now() - stopping);
      const starting = performance.now();
      const again = await startNode(node.options);
      nodes[index] = again;
      started[started.indexOf(node)] = again;
      return {
        nodeId: node.nodeId,
        drainMs,
        exitCode: node.process.exitCode,
        signal: node.process.signalCode,
        readyMs: Math.round(performance.now() - starting),
      };
    };
    const rollingRestart = async (onStep?: (step: NodeRestart) => void): Promise<NodeRestart[]> => {
      const steps: NodeRestart[] = [];
      for (let index = 0; index < nodes.length; index++) {
        const step = await restartNode(index);
        steps.push(step);
        onStep?.(step);
      }
      return steps;
    };
    return {
      postgres,
      databaseUrl,
      redis,
      nodes,
      nginx,
      url: nginx.url,
      jwtSecret,
      addNode,
      restartNode,
      rollingRestart,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
