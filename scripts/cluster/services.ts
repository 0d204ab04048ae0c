/**
 * Starts the real services of a loopback cluster, each in its own temporary directory on a free
 * port: a private PostgreSQL cluster (initdb + postgres), redis-server, Broadside nodes and nginx.
 * Used by `npm run cluster` (scripts/cluster.ts) and by the cluster tests (tests/support/cluster.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../bench/child';

export { freePort };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** The programs a cluster needs, where this machine has them. */
export const BINARIES = {
  initdb: join(PG_BIN, 'initdb'),
  postgres: join(PG_BIN, 'postgres'),
  createdb: join(PG_BIN, 'createdb'),
  redis: process.env.REDIS_SERVER ?? '/usr/bin/redis-server',
  nginx: process.env.NGINX ?? '/usr/sbin/nginx',
} as const;

/** Null when every binary is there, else which are missing (to skip with a clear message). */
export function missingBinaries(): string | null {
  const missing = Object.values(BINARIES).filter((path) => !existsSync(path));
  return missing.length === 0 ? null : `missing ${missing.join(', ')} (apt-get install postgresql redis-server nginx)`;
}

/** Resolves once something accepts TCP connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, what: string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A started service: where it listens, and how to stop it (idempotent). */
export interface Service {
  readonly name: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

function service(name: string, port: number, child: ChildProcess, onStopped?: () => void): Service {
  let stopping: Promise<void> | null = null;
  return {
    name,
    port,
    process: child,
    stop: (graceMs = 5000) => {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exited(child);
          clearTimeout(timer);
        }
        onStopped?.();
      })();
      return stopping;
    },
  };
}

/** Keeps the last lines a child printed, to explain a failed start. */
function captureOutput(child: ChildProcess, sink?: (line: string) => void): () => string {
  const lines: string[] = [];
  const take = (chunk: Buffer): void => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      sink?.(line);
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => lines.join('\n');
}

/** PostgreSQL refuses to run as root: as root, its files belong to (and it runs as) `postgres`. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

export interface Postgres extends Service {
  /** postgres://broadside@127.0.0.1:PORT/broadside */
  readonly url: string;
  /** A URL for a new empty database on this cluster. */
  createDatabase(name: string): string;
}

/**
 * A private PostgreSQL cluster in a temporary directory (initdb, then postgres in the foreground),
 * trusting local connections of user `broadside`. `durable: false` turns fsync off, for tests.
 */
export async function startPostgres(
  options: { durable?: boolean; log?: (line: string) => void } = {},
): Promise<Postgres> {
  const dir = mkdtempSync(join(tmpdir(), 'broadside-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const [initCmd, initArgs] = asPostgresUser(BINARIES.initdb, [
    '-D',
    data,
    '-U',
    'broadside',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const settings = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  if (options.durable === false) settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off');
  const [cmd, args] = asPostgresUser(BINARIES.postgres, ['-D', data, ...settings]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child, options.log);
  try {
    await waitForPort(port, 30_000, 'postgres', child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  const createDatabase = (name: string): string => {
    const [c, a] = asPostgresUser(BINARIES.createdb, ['-h', '127.0.0.1', '-p', String(port), '-U', 'broadside', name]);
    execFileSync(c, a, { stdio: 'pipe' });
    return `postgres://broadside@127.0.0.1:${port}/${name}`;
  };
  const url = createDatabase('broadside');
  const base = service('postgres', port, child, () => rmSync(dir, { recursive: true, force: true }));
  return { ...base, url, createDatabase };
}

export interface Redis extends Service {
  /** redis://127.0.0.1:PORT */
  readonly url: string;
}

/** redis-server on loopback, in memory only (no RDB, no AOF). */
export async function startRedis(options: { log?: (line: string) => void } = {}): Promise<Redis> {
  const dir = mkdtempSync(join(tmpdir(), 'broadside-redis-'));
  const port = await freePort();
  const child = spawn(
    BINARIES.redis,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = captureOutput(child, options.log);
  try {
    await waitForPort(port, 15_000, 'redis-server', child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  const base = service('redis', port, child, () => rmSync(dir, { recursive: true, force: true }));
  return { ...base, url: `redis://127.0.0.1:${port}` };
}

export interface NodeOptions {
  /** The port to listen on (a restarted node keeps its own); a free one when absent. */
  readonly port?: number;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly jwtSecret: string;
  readonly nodeId: string;
  /** Extra environment (LOG_LEVEL, lease timings…). */
  readonly env?: Readonly<Record<string, string>>;
  readonly log?: (line: string) => void;
}

export interface BroadsideNode extends Service {
  readonly nodeId: string;
  /** http://127.0.0.1:PORT: this node alone, bypassing nginx. */
  readonly url: string;
  /** What it was started with (a restart starts it again the same way, on the same port). */
  readonly options: NodeOptions;
  /** SIGKILL: the node dies at once, as in a crash. */
  kill(): Promise<void>;
}

/** Resolves once GET /health/ready answers 200 (the node takes players), or rejects after `timeoutMs`. */
export async function waitForReady(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the node at ${url} exited with code ${child.exitCode}`);
    const status = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs} ms (last answer: ${status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One Broadside server process (`tsx server/main.ts`), started once /health/ready answers 200. */
export async function startNode(options: NodeOptions): Promise<BroadsideNode> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), `broadside-${options.nodeId}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      JWT_SECRET: options.jwtSecret,
      NODE_ID: options.nodeId,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const output = captureOutput(child, options.log);
  const url = `http://127.0.0.1:${port}`;
  try {
    // Generous: tsx compiles the server at start, slowly on a loaded machine.
    await waitForPort(port, 180_000, `node ${options.nodeId}`, child);
    await waitForReady(url, 60_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  const base = service(options.nodeId, port, child, () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    ...base,
    nodeId: options.nodeId,
    url,
    options: { ...options, port },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    },
  };
}

/** Fills the ${NAME} placeholders of deploy/nginx.conf.template (the same file production uses). */
export function renderNginxConfig(values: {
  prefix: string;
  listen: string;
  workers: string;
  upstreams: readonly { port: number; down?: boolean }[];
  /** nginx `allow` lines opening /metrics and /admin/cluster/ (docs/deploy.md); none: closed. */
  operators?: string;
}): string {
  const template = readFileSync(join(ROOT, 'deploy/nginx.conf.template'), 'utf8');
  const servers = values.upstreams
    .map((u) => `server 127.0.0.1:${u.port} max_fails=0${u.down ? ' down' : ''};`)
    .join(' ');
  const vars: Record<string, string> = {
    NGINX_PREFIX: values.prefix,
    NGINX_LISTEN: values.listen,
    NGINX_WORKERS: values.workers,
    BROADSIDE_UPSTREAMS: servers,
    BROADSIDE_OPERATORS: values.operators ?? '',
  };
  return template
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n')
    .replace(/\$\{([A-Z_]+)\}/g, (match, name: string) => vars[name] ?? match);
}

export interface Nginx extends Service {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** Rewrites the upstream list (e.g. marks a node down) and reloads nginx without dropping it. */
  reload(upstreams: readonly { port: number; down?: boolean }[]): Promise<void>;
}

/** nginx in the foreground with the repository's template, in front of the given node ports. */
export async function startNginx(
  upstreams: readonly { port: number; down?: boolean }[],
  options: { log?: (line: string) => void; operators?: string } = {},
): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'broadside-nginx-'));
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  const write = (list: readonly { port: number; down?: boolean }[]): void =>
    writeFileSync(
      conf,
      renderNginxConfig({
        prefix,
        listen: `127.0.0.1:${port}`,
        workers: '1',
        upstreams: list,
        operators: options.operators ?? '',
      }),
    );
  write(upstreams);
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const base = ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')];
  execFileSync(BINARIES.nginx, [...base, '-t'], { stdio: 'pipe' });
  const child = spawn(BINARIES.nginx, [...base, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child, options.log);
  try {
    await waitForPort(port, 15_000, 'nginx', child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  // nginx stops at once on SIGTERM ("fast shutdown"); SIGQUIT would wait for open WebSockets.
  const stopped = service('nginx', port, child, () => rmSync(prefix, { recursive: true, force: true }));
  return {
    ...stopped,
    url: `http://127.0.0.1:${port}`,
    reload: async (list) => {
      write(list);
      execFileSync(BINARIES.nginx, [...base, '-s', 'reload'], { stdio: 'pipe' });
      // The master re-reads its configuration asynchronously; new workers take over within moments.
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}
