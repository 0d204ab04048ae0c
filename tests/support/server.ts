import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '../../server/app';

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  /** Stops the server and deletes its data directory. */
  dispose(): Promise<void>;
}

/** A real server on 127.0.0.1 and an ephemeral port, with its own temporary SQLite directory. */
export async function startTestServer(
  options: { dataDir?: string; jwtSecret?: string; port?: number } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'broadside-test-'));
  const server = await startServer({
    port: options.port ?? 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    jwtSecret: options.jwtSecret ?? null,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    clientDir: join(dataDir, 'no-client'),
  });
  return {
    ...server,
    dataDir,
    dispose: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
