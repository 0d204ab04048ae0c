import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { freePort, stop } from '../../bench/child';
import { createTestDatabase, dropTestDatabase, TEST_DATABASE_URL_VARIABLE } from './databases';
import { redisServerPath, startRedis, type TestRedis } from './redis';

/*
 * The original system (docs/protocol.md, "Interoperability") as test material: the archive beside
 * the repository (`../shared/interop/`, as CI lays it out) is unpacked into a cache folder outside
 * the repository, each project installed from its lock and built once per archive; tests then start
 * the original server on PostgreSQL + Redis of their own and serve the original client's build.
 */

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const ARCHIVE = 'original-battleship.tar.gz';

/**
 * Where the archive lives: BROADSIDE_INTEROP_DIR, else `../shared/interop` from the repository root
 * (CI's layout), else the same beside the main checkout when this one is a git worktree of it.
 */
export function interopDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BROADSIDE_INTEROP_DIR) return env.BROADSIDE_INTEROP_DIR;
  const beside = resolve(REPO_ROOT, '../shared/interop');
  if (existsSync(beside)) return beside;
  try {
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: REPO_ROOT });
    const main = resolve(common.toString().trim(), '..');
    if (main !== REPO_ROOT && existsSync(resolve(main, '../shared/interop'))) return resolve(main, '../shared/interop');
  } catch {}
  return beside;
}

/** Why the original system cannot be unpacked here (its archive is absent), or null. */
export function interopArchiveMissing(env: NodeJS.ProcessEnv = process.env): string | null {
  const archive = join(interopDir(env), ARCHIVE);
  return existsSync(archive)
    ? null
    : `interop (the original client and server): ${archive} is absent (a clone of the repository alone does not have ../shared/interop/)`;
}

/** Why the interop suite (the original server too) cannot run on this machine, or null when it can. */
export function interopSkipReason(env: NodeJS.ProcessEnv = process.env): string | null {
  const missing = interopArchiveMissing(env);
  if (missing) return missing;
  if (!env[TEST_DATABASE_URL_VARIABLE]) {
    return `interop (the original client and server): ${TEST_DATABASE_URL_VARIABLE} is not set (the original server needs PostgreSQL)`;
  }
  if (!redisServerPath()) return 'interop (the original client and server): redis-server is not installed';
  return null;
}

/** The cache folder of this archive: BROADSIDE_INTEROP_CACHE, else $XDG_CACHE_HOME or ~/.cache. */
function cacheDir(archive: string): string {
  const base =
    process.env.BROADSIDE_INTEROP_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'broadside-interop');
  const hash = createHash('sha256').update(readFileSync(archive)).digest('hex').slice(0, 12);
  return join(base, hash);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  try {
    execFileSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe', maxBuffer: 64 << 20 });
  } catch (error) {
    const e = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${e.stderr?.toString() ?? ''}${e.stdout?.toString() ?? ''}`,
    );
  }
}

/** Runs `step` once per cache folder: a stamp file marks it done, so a failed step runs again. */
function once(dir: string, name: string, step: () => void): void {
  const stamp = join(dir, `.done-${name}`);
  if (existsSync(stamp)) return;
  step();
  writeFileSync(stamp, new Date().toISOString());
}

/** The address the client build carries until a test serves it: replaced by the real one then. */
const API_PLACEHOLDER = 'http://original-api.invalid:9';

export interface OriginalBuild {
  readonly apiDir: string;
  /** The original client built against API_PLACEHOLDER. */
  readonly clientDist: string;
}

/**
 * Unpacks, installs (`npm ci --legacy-peer-deps` with the lock from locks/) and builds both
 * projects into the cache, once per archive; later calls only check the stamps.
 */
export function prepareOriginal(): OriginalBuild {
  const archive = join(interopDir(), ARCHIVE);
  const dir = cacheDir(archive);
  mkdirSync(dir, { recursive: true });
  once(dir, 'unpack', () => run('tar', ['xzf', archive, '-C', dir], dir));
  const apiDir = join(dir, 'Battleship-API');
  const clientDir = join(dir, 'Battleship-React');
  for (const [project, path] of [
    ['Battleship-API', apiDir],
    ['Battleship-React', clientDir],
  ] as const) {
    once(dir, `install-${project}`, () => {
      cpSync(join(dir, 'locks', `${project}.package-lock.json`), join(path, 'package-lock.json'));
      // The original's own install scripts (bcrypt's native build) must run: this project's
      // strict-allow-scripts (.npmrc), which npm hands to child processes as npm_config_*, is not its.
      run('npm', ['ci', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'], path, {
        npm_config_strict_allow_scripts: 'false',
      });
    });
  }
  once(dir, 'build-api', () => run('npx', ['nest', 'build'], apiDir));
  const clientDist = join(dir, 'client-dist');
  once(dir, 'build-client', () =>
    run('npx', ['vite', 'build', '--outDir', clientDist, '--emptyOutDir'], clientDir, {
      VITE_REACT_APP_API_BASE_URL: API_PLACEHOLDER,
      VITE_REACT_APP_WS_URL: `${API_PLACEHOLDER}/room`,
    }),
  );
  return { apiDir, clientDist };
}

/** The processes of one original service: its Node process, its redis-server and its PostgreSQL database. */
export interface OriginalProcesses {
  readonly server: number;
  readonly redis: number;
  /** The database's name (its backends are PostgreSQL's processes: databaseBackendPids). */
  readonly database: string;
}

export interface OriginalServer {
  readonly url: string;
  readonly processes: OriginalProcesses;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  /** True once the process has exited (it dies on an undecodable socket token). */
  exited(): boolean;
  stop(): Promise<void>;
}

/** Words for the original's room names (three per room, drawn from its glossary table). */
const GLOSSARY = ['anchor', 'barrel', 'cannon', 'deck', 'ensign', 'frigate', 'galley', 'hull', 'keel', 'mast'];

/**
 * The original server on loopback: a PostgreSQL database and a redis-server of its own, a free
 * port, a glossary seeded through its own API (a user signs up, logs in and posts the words).
 */
export async function startOriginalServer(build: OriginalBuild): Promise<OriginalServer> {
  const database = await createTestDatabase();
  let redis: TestRedis | null = null;
  let child: ChildProcess | null = null;
  let output = '';
  const cleanup = async (): Promise<void> => {
    if (child) await stop(child);
    await redis?.stop();
    await dropTestDatabase(database.name).catch(() => undefined);
  };
  try {
    redis = await startRedis();
    const port = await freePort();
    const db = new URL(database.url);
    child = spawn(process.execPath, ['dist/main.js'], {
      cwd: build.apiDir,
      env: {
        ...process.env,
        PORT: String(port),
        POSTGRES_HOST: db.hostname,
        POSTGRES_PORT: db.port || '5432',
        POSTGRES_USER: decodeURIComponent(db.username),
        POSTGRES_PASSWORD: decodeURIComponent(db.password),
        POSTGRES_DATABASE: database.name,
        POSTGRES_SSL: 'false',
        REDIS_HOST: '127.0.0.1',
        REDIS_PORT: String(redis.port),
        REDISCLOUD_URL: redis.url,
        JWT_SECRET: 'original-interop-secret',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc = child;
    proc.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    proc.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForOriginal(url, proc, () => output);
    await seedGlossary(url);
    return {
      url,
      processes: { server: proc.pid ?? 0, redis: redis.pid, database: database.name },
      output: () => output,
      exited: () => proc.exitCode !== null || proc.signalCode !== null,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw new Error(`the original server did not start: ${error instanceof Error ? error.message : error}\n${output}`);
  }
}

async function waitForOriginal(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode})`);
    try {
      // Any answer means Nest is listening (an unknown route answers 404).
      await fetch(`${url}/users/auth/login`, { method: 'OPTIONS' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`nothing answered on ${url} within 60 s: ${output()}`);
}

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function seedGlossary(url: string): Promise<void> {
  const account = { username: 'glossary', email: 'glossary@interop.test', password: 'glossary-pass' };
  const signUp = await post(`${url}/users/auth/sign-up`, account);
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
  const login = await post(`${url}/users/auth/login`, { email: account.email, password: account.password });
  const token = (login.body as { access_token?: string } | null)?.access_token;
  if (!token) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  const seeded = await post(`${url}/word-glossary`, { words: GLOSSARY }, token);
  if (seeded.status !== 201) throw new Error(`word-glossary answered ${seeded.status}: ${JSON.stringify(seeded.body)}`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.mp3': 'audio/mpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

export interface StaticSite {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * The original client's build, pointed at `apiUrl` (the placeholder replaced in a copy), served
 * on a port of its own (another origin than the API, as it is deployed) with the SPA fallback.
 */
export async function serveOriginalClient(build: OriginalBuild, apiUrl: string): Promise<StaticSite> {
  const root = mkdtempSync(join(tmpdir(), 'broadside-original-client-'));
  cpSync(build.clientDist, root, { recursive: true });
  const rewrite = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) rewrite(path);
      else if (name.endsWith('.js')) {
        const text = readFileSync(path, 'utf8');
        if (text.includes(API_PLACEHOLDER)) writeFileSync(path, text.replaceAll(API_PLACEHOLDER, apiUrl));
      }
    }
  };
  rewrite(root);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = resolve(root, `.${path}`);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
