import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, friendsOf } from '../support/people';
import { newPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * The web client beside the API on one port (server/http/web-client.ts): the Messages page and a
 * conversation live at paths the original's message routes answer too (GET /messages,
 * GET /messages/:userId). A browser navigating there (a reload, a link) gets the page; an API client
 * gets the messages, with or without a token as before.
 */
const PAGE = '<!doctype html><title>Broadside</title>';
let server: TestServer;
beforeAll(async () => {
  const clientDir = join(mkdtempSync(join(tmpdir(), 'broadside-client-')), 'dist');
  mkdirSync(clientDir);
  writeFileSync(join(clientDir, 'index.html'), PAGE);
  server = await startTestServer({ config: { clientDir } });
});
afterAll(async () => {
  await server.dispose();
});

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('pages at paths the API answers too', () => {
  it('a browser navigating to /messages or a conversation gets the page; API clients get the API', async () => {
    const [ann, bob] = await Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'bob')]);
    await befriend(ann, bob);
    await friendsOf(ann).send(bob.id, 'hello');
    for (const path of ['/messages', `/messages/${bob.id}`, `/messages/${bob.id}?x=1`]) {
      const page = await fetch(`${server.url}${path}`, { headers: { accept: NAVIGATION } });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await page.text()).toBe(PAGE);
    }
    // The API as before: a token and JSON, or a 401.
    const json = await fetch(`${server.url}/messages/${bob.id}`, {
      headers: { accept: 'application/json, text/plain, */*', authorization: `Bearer ${ann.token}` },
    });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { message: string }[]).map((m) => m.message)).toEqual(['hello']);
    expect((await fetch(`${server.url}/messages/${bob.id}`)).status).toBe(401);
    // Other API paths are not pages, and other methods are the API's.
    const other = await fetch(`${server.url}/messages/conversations/extra`, { headers: { accept: NAVIGATION } });
    expect(other.headers.get('content-type')).toMatch(/^text\/html/); // no route: the page, as any unknown path
    const post = await fetch(`${server.url}/messages/${bob.id}`, {
      method: 'POST',
      headers: { accept: NAVIGATION, 'content-type': 'application/json', authorization: `Bearer ${ann.token}` },
      body: JSON.stringify({ message: 'again' }),
    });
    expect(post.status).toBe(201);
    expect((await fetch(`${server.url}/users/me`, { headers: { accept: NAVIGATION } })).status).toBe(401);
  });
});
