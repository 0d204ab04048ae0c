import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import { createTestDatabase, dropTestDatabase, testsUsePostgres } from './databases';

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  /** The PostgreSQL database of this server (integration-pg project), else null. */
  readonly databaseUrl: string | null;
  /** Stops the server and deletes its data directory (and its PostgreSQL database). */
  dispose(): Promise<void>;
}

/** Rate limits that tests do not trip by accident: each test that is about them sets its own. */
export const NO_RATE_LIMITS = {
  loginFailuresPerAccount: 0,
  loginFailuresPerAddress: 0,
  signUpsPerAddress: 0,
} as const satisfies Partial<ServerConfig>;

const DATABASE_FILE = 'test-database.json';

/**
 * The database a test server in this data directory uses: SQLite in the directory, or (in the
 * integration-pg project) a PostgreSQL database of its own, recorded in the directory so that a
 * server restarted on the same directory finds the same data, as with SQLite.
 */
async function databaseFor(dataDir: string): Promise<{ name: string; url: string } | null> {
  if (!testsUsePostgres()) return null;
  const file = join(dataDir, DATABASE_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { name: string; url: string };
  const created = await createTestDatabase();
  writeFileSync(file, JSON.stringify(created));
  return created;
}

/** A real server on 127.0.0.1 and an ephemeral port, with its own temporary data directory and database. */
export async function startTestServer(
  options: { dataDir?: string; jwtSecret?: string; port?: number; config?: Partial<ServerConfig> } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'broadside-test-'));
  const database = await databaseFor(dataDir);
  const server = await startServer({
    port: options.port ?? 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: database?.url ?? null,
    databasePoolSize: 4,
    redisUrl: null,
    jwtSecret: options.jwtSecret ?? null,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    clientDir: join(dataDir, 'no-client'),
    ...NO_RATE_LIMITS,
    // Computer players answer at once in tests (their thinking time has its own unit test).
    botDelayMinMs: 0,
    botDelayMaxMs: 0,
    ...options.config,
  });
  return {
    ...server,
    dataDir,
    databaseUrl: database?.url ?? null,
    dispose: async () => {
      await server.close();
      if (database) await dropTestDatabase(database.name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
