import { resolve } from 'node:path';

/** Everything the server reads from its environment, with working defaults (DESIGN.md §3). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Holds the SQLite file and the generated JWT secret. */
  readonly dataDir: string;
  /** A sqlite file path (or `sqlite:` URL); defaults to DATA_DIR/broadside.sqlite. */
  readonly databaseUrl: string | null;
  /** When null, a secret is generated once and kept in DATA_DIR. */
  readonly jwtSecret: string | null;
  readonly tokenTtlSeconds: number;
  readonly logLevel: string;
  /** The built web client to serve, when it exists. */
  readonly clientDir: string;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 7 * 24 * 3600, 'TOKEN_TTL_SECONDS'),
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: resolve(env.CLIENT_DIR || './dist'),
  };
}
