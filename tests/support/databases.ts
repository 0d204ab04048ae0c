import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL for the `integration-pg` project: TEST_DATABASE_URL names a server and a role that
 * may create databases (e.g. postgres://broadside:secret@127.0.0.1:5432/postgres). Each test
 * server gets a database of its own, created here and dropped when the server is disposed; the
 * project's global teardown drops whatever a test left behind (all names carry the run's prefix).
 */
export const TEST_DATABASE_URL_VARIABLE = 'TEST_DATABASE_URL';

/** Set by the integration-pg project (vite.config.ts): its test servers run on PostgreSQL. */
export const TEST_ENGINE_VARIABLE = 'BROADSIDE_TEST_ENGINE';

/** Set by the global setup: every database of one run starts with it. */
export const TEST_DATABASE_PREFIX_VARIABLE = 'BROADSIDE_TEST_DATABASE_PREFIX';

export function testsUsePostgres(): boolean {
  return process.env[TEST_ENGINE_VARIABLE] === 'postgres';
}

function adminUrl(): string {
  const url = process.env[TEST_DATABASE_URL_VARIABLE];
  if (!url) throw new Error(`${TEST_DATABASE_URL_VARIABLE} is not set: the PostgreSQL suites need it`);
  return url;
}

async function asAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function newRunPrefix(): string {
  return `bs_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}_`;
}

/** The URL of the database called `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates an empty database and returns its URL. */
export async function createTestDatabase(): Promise<{ name: string; url: string }> {
  const prefix = process.env[TEST_DATABASE_PREFIX_VARIABLE] ?? newRunPrefix();
  const name = `${prefix}${randomBytes(4).toString('hex')}`;
  // Identifiers cannot be parameters; the name is made of [a-z0-9_] only.
  await asAdmin((client) => client.query(`create database "${name}"`));
  return { name, url: databaseUrl(name) };
}

/** SQLSTATE 42501: the role may not end a backend on the database (e.g. an autovacuum worker). */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * WITH (FORCE) (PostgreSQL 13+) ends connections a killed server may have left behind. It also
 * has to end an autovacuum worker that happens to be on the database, which a role without
 * pg_signal_backend may not do: then the drop is tried again once the worker is done (it takes
 * milliseconds on a test database), for up to 5 s.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // Identifiers cannot be parameters; the name is made of [a-z0-9_] only.
  const sql = `drop database if exists "${name}" with (force)`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(sql);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== INSUFFICIENT_PRIVILEGE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function dropTestDatabase(name: string): Promise<void> {
  await asAdmin((client) => dropDatabase(client, name));
}

/** The server processes (backends) connected to database `name` now: a bench reads their memory. */
export async function databaseBackendPids(name: string): Promise<number[]> {
  return asAdmin(async (client) => {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    return rows.map((r) => r.pid);
  });
}

/** Drops every database whose name starts with `prefix`; returns how many. */
export async function dropTestDatabases(prefix: string): Promise<number> {
  return asAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await dropDatabase(client, datname);
    return rows.length;
  });
}

/** Fails with a readable message when the server cannot be reached or the role cannot create databases. */
export async function checkTestServer(): Promise<string> {
  return asAdmin(async (client) => {
    const { rows } = await client.query<{ version: string; createdb: boolean }>(
      'select version() as version, (select rolcreatedb or rolsuper from pg_roles where rolname = current_user) as createdb',
    );
    const row = rows[0];
    if (!row?.createdb) throw new Error(`the role of ${TEST_DATABASE_URL_VARIABLE} may not create databases`);
    return row.version.split(' ').slice(0, 2).join(' ');
  });
}
