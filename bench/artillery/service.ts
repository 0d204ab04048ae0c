import { METRICS_JSON } from '../../src/protocol';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { databaseBackendPids } from '../../tests/support/databases';
import { prepareOriginal, startOriginalServer } from '../../tests/support/original';
import { freePort, stop, waitForHttp } from '../child';
import { benchServerEnv } from '../server-entry';
import { cpuMs } from './cpu';
import { type MemoryReading, procStatusKb } from './memory';
import { shippedStart } from './shipped-start';

export type ServerName = 'ours' | 'original';

/** A server under test with everything it runs on, pinned to the servers' CPU. */
export interface Service {
  readonly name: ServerName;
  readonly url: string;
  /** What started it (our `npm start` command, or the original's processes). */
  readonly description: string;
  memory(): Promise<MemoryReading>;
  /** CPU time its processes have used, ms (the original's: Node, redis-server and the database's backends). */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

function pin(pid: number, cpus: string | undefined): void {
  if (cpus && pid) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** Our compiled server (call buildServer() first) with the flags `npm start` gives node, alone on `cpus`. */
export async function startOurs(cpus: string | undefined): Promise<Service> {
  const { nodeArgs } = shippedStart(ROOT);
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-bench-vs-data-'));
  const port = await freePort();
  const env = benchServerEnv(port, dataDir, { SIGNUPS_PER_ADDRESS: '0' });
  const [command, args] = cpus
    ? ['taskset', ['-c', cpus, process.execPath, ...nodeArgs]]
    : [process.execPath, [...nodeArgs]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/health`);
  } catch (error) {
    await stop(child);
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    name: 'ours',
    url,
    description: `node ${nodeArgs.join(' ')} (npm start), SQLite in the process`,
    memory: async () => {
      const metrics = (await (await fetch(`${url}/metrics`, { headers: METRICS_JSON })).json()) as {
        memory?: { heapUsedBytes?: number };
      };
      const heap = metrics.memory?.heapUsedBytes;
      return { nodeKb: procStatusKb(pid, 'VmRSS'), redisKb: 0, pgKb: 0, heapKb: heap ? Math.round(heap / 1024) : null };
    },
    cpuMs: async () => cpuMs(pid),
    stop: async () => {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The original server (interop harness: NestJS + a PostgreSQL database + a redis-server of its
 * own), with its Node process, its redis-server and its database's backends moved onto `cpus`;
 * backends the pool opens later are moved when memory is read.
 */
export async function startOriginal(cpus: string | undefined): Promise<Service> {
  const original = await startOriginalServer(prepareOriginal());
  const { server, redis, database } = original.processes;
  pin(server, cpus);
  pin(redis, cpus);
  const pinned = new Set<number>();
  // The backend list costs a PostgreSQL connection of its own: asked again every 5 s, not at every reading.
  let backends: number[] = [];
  let listedAt = 0;
  const listBackends = async (): Promise<number[]> => {
    if (Date.now() - listedAt < 5000) return backends;
    listedAt = Date.now();
    backends = await databaseBackendPids(database);
    return backends;
  };
  return {
    name: 'original',
    url: original.url,
    description: 'NestJS (node dist/main.js) + redis-server + PostgreSQL backends of its database',
    memory: async () => {
      const backends = await listBackends();
      for (const pid of backends) {
        if (pinned.has(pid)) continue;
        pinned.add(pid);
        try {
          pin(pid, cpus);
        } catch {
          // A backend that ended meanwhile.
        }
      }
      return {
        nodeKb: procStatusKb(server, 'VmRSS'),
        redisKb: procStatusKb(redis, 'VmRSS'),
        pgKb: backends.reduce((n, pid) => n + procStatusKb(pid, 'RssAnon'), 0),
        heapKb: null,
      };
    },
    cpuMs: async () => {
      const backends = await databaseBackendPids(database);
      return [server, redis, ...backends].reduce((n, pid) => n + cpuMs(pid), 0);
    },
    stop: () => original.stop(),
  };
}

export function startService(name: ServerName, cpus: string | undefined): Promise<Service> {
  return name === 'ours' ? startOurs(cpus) : startOriginal(cpus);
}
