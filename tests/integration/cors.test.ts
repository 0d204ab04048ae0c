import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/* Every HTTP API route answers another origin (docs/protocol.md, CORS): the original client is
 * deployed on another origin than its API and sends a preflight before each JSON call. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

const ORIGIN = 'http://client.example:5173';
const ROUTES: readonly [method: string, path: string][] = [
  ['POST', '/users/auth/sign-up'],
  ['POST', '/users/auth/login'],
  ['POST', '/room'],
  ['POST', '/room/computer'],
  ['GET', '/users/me'],
  ['GET', '/users/me/games'],
  ['GET', '/users/me/history'],
  ['GET', '/ratings/leaderboard'],
  ['GET', '/games/1'],
];

describe('CORS', () => {
  it.each(ROUTES)('a preflight for %s %s answers 204 for any origin, without credentials', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': method,
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain(method);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('the answers themselves carry the header, errors included', async () => {
    const signUp = await fetch(`${server.url}/users/auth/sign-up`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'corsy', email: 'corsy@example.com', password: 'long-enough-pass' }),
    });
    expect(signUp.status).toBe(201);
    expect(signUp.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await fetch(`${server.url}/room`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('the socket handshake answers any origin without credentials', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: ORIGIN } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
