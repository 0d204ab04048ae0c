import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config';
import { startNodeProcess } from '../support/node-process';
import { redisServerPath, startRedis } from '../support/redis';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'correct horse battery';
const WINDOW = 600;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(config: Partial<ServerConfig>): Promise<TestServer> {
  const started = await startTestServer({ config: { loginFailureWindowSeconds: WINDOW, ...config } });
  cleanups.push(() => started.dispose());
  return started;
}

async function post(url: string, path: string, body: object): Promise<{ status: number; retryAfter: number | null }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  const header = response.headers.get('retry-after');
  return { status: response.status, retryAfter: header === null ? null : Number(header) };
}

const login = (url: string, email: string, password: string) => post(url, '/users/auth/login', { email, password });

async function signUp(url: string): Promise<string> {
  const name = `rl_${randomUUID().slice(0, 8)}`;
  const email = `${name}@example.test`;
  expect((await post(url, '/users/auth/sign-up', { username: name, email, password: PASSWORD })).status).toBe(201);
  return email;
}

/** 429 with a Retry-After within the window. */
function expectRefused(answer: { status: number; retryAfter: number | null }, window = WINDOW): void {
  expect(answer.status).toBe(429);
  expect(answer.retryAfter).toBeGreaterThan(0);
  expect(answer.retryAfter).toBeLessThanOrEqual(window);
}

describe('login rate limits', () => {
  it('blocks an account after N failed logins, even with the right password, and only that account', async () => {
    const { url } = await server({ loginFailuresPerAccount: 3 });
    const victim = await signUp(url);
    const bystander = await signUp(url);
    for (let i = 0; i < 3; i++) expect((await login(url, victim, 'wrong password!')).status).toBe(401);
    expectRefused(await login(url, victim, 'wrong password!'));
    expectRefused(await login(url, victim.toUpperCase(), PASSWORD));
    // The same address may still log in to another account.
    expect((await login(url, bystander, PASSWORD)).status).toBe(201);
    // An e-mail that is not registered is limited the same way (the answer does not tell it apart).
    const unknown = `nobody_${randomUUID().slice(0, 8)}@example.test`;
    for (let i = 0; i < 3; i++) expect((await login(url, unknown, 'wrong password!')).status).toBe(401);
    expectRefused(await login(url, unknown, 'wrong password!'));
  });

  it('does not count successful logins, and a success clears the account’s failures', async () => {
    const { url } = await server({ loginFailuresPerAccount: 3 });
    const email = await signUp(url);
    for (let i = 0; i < 5; i++) expect((await login(url, email, PASSWORD)).status).toBe(201);
    for (let round = 0; round < 3; round++) {
      expect((await login(url, email, 'wrong password!')).status).toBe(401);
      expect((await login(url, email, 'wrong password!')).status).toBe(401);
      expect((await login(url, email, PASSWORD)).status).toBe(201);
    }
  });

  it('blocks an address after N failed logins across accounts', async () => {
    const { url } = await server({ loginFailuresPerAddress: 4 });
    const own = await signUp(url);
    for (let i = 0; i < 4; i++) {
      expect((await login(url, `guess_${i}_${randomUUID().slice(0, 6)}@example.test`, 'wrong password!')).status).toBe(
        401,
      );
    }
    expectRefused(await login(url, `guess_x@example.test`, 'wrong password!'));
    expectRefused(await login(url, own, PASSWORD));
  });

  it('limits sign-ups per address, and a refused sign-up creates no account', async () => {
    const { url, store } = await server({ signUpsPerAddress: 2, signUpWindowSeconds: 3600 });
    await signUp(url);
    await signUp(url);
    const refused = await post(url, '/users/auth/sign-up', {
      username: 'one_too_many',
      email: 'one_too_many@example.test',
      password: PASSWORD,
    });
    expectRefused(refused, 3600);
    expect(await store.users.findUserByEmail('one_too_many@example.test')).toBeNull();
  });
});

describe.skipIf(!redisServerPath())('rate limits across nodes (Redis)', () => {
  it('two server processes sharing one Redis share the counts', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const limits = { loginFailuresPerAccount: 3, loginFailuresPerAddress: 5 };
    const a = await server({ ...limits, redisUrl: redis.url });
    // Node B: another process on the same data (same SQLite file, or the same PostgreSQL database).
    const b = await startNodeProcess(a.dataDir, {
      REDIS_URL: redis.url,
      ...(a.databaseUrl ? { DATABASE_URL: a.databaseUrl } : {}),
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      LOGIN_FAILURES_PER_ADDRESS: '5',
      LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW),
      SIGNUPS_PER_ADDRESS: '0',
    });
    cleanups.push(() => b.stop());

    const email = await signUp(a.url);
    expect((await login(b.url, email, PASSWORD)).status).toBe(201);
    expect((await login(a.url, email, 'wrong password!')).status).toBe(401);
    expect((await login(b.url, email, 'wrong password!')).status).toBe(401);
    expect((await login(a.url, email, 'wrong password!')).status).toBe(401);
    // Three failures spread over two nodes: both refuse the account now.
    expectRefused(await login(b.url, email, PASSWORD));
    expectRefused(await login(a.url, email, PASSWORD));

    // The address: three failures above, two more on B for other accounts reach its limit of 5.
    for (const i of [1, 2]) {
      expect((await login(b.url, `other_${i}_${randomUUID().slice(0, 6)}@example.test`, 'nope nope')).status).toBe(401);
    }
    const fresh = await signUp(b.url);
    expectRefused(await login(a.url, fresh, PASSWORD));
  });
});
