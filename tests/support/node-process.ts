import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort, spawnTs, stop, waitForHttp } from '../../bench/child';

export interface NodeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Another server node in a process of its own (`server/main.ts`, configured like production,
 * through the environment), on a free loopback port: the way a second node of a cluster runs.
 */
export async function startNodeProcess(dataDir: string, env: Record<string, string>): Promise<NodeProcess> {
  const port = await freePort();
  const child = spawnTs('server/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: join(dataDir, 'no-client'),
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/health`, 30_000);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url, child, stop: () => stop(child) };
}
