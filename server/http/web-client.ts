import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerContext } from '../context';
import { httpError } from './errors';

/** Paths that are the API's: a request for one that no route answers gets a JSON 404, not the page. */
const API_PREFIXES = [
  '/users',
  '/room',
  '/socket.io',
  '/health',
  '/capabilities',
  '/metrics',
  '/games',
  '/ratings',
  '/admin',
  '/friends',
  '/messages',
];

const isApiPath = (url: string): boolean =>
  API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
/** A browser navigating to a page asks for HTML first; fetch() and API clients do not. */
const wantsPage = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

/**
 * Pages of the web client at paths an API route answers too: the original's `GET /messages` and
 * `GET /messages/:userId` are also the Messages page and a conversation (docs/game.md, "Friends").
 * A browser navigating there (a reload, a shared link) gets the page; API clients get the API.
 */
const SHARED_PAGES: readonly RegExp[] = [/^\/messages(?:\/[^/?]+)?(?:\?.*)?$/];

/**
 * The built web client (CLIENT_DIR) on the same port as the API, when it has been built. Its own
 * routes (/game/…, /admin, /player/…) get the single-page app; a path of the API that no route
 * answers gets a JSON 404 — unless a browser navigates there, since some pages share a prefix with
 * the API (/admin is the console's page and its JSON routes' prefix); a page at a path an API route
 * answers too (SHARED_PAGES) is the page for a browser's navigation.
 */
export const webClient = fp<ServerContext>(
  async (app, { config }) => {
    const hasClient = existsSync(join(config.clientDir, 'index.html'));
    if (hasClient) await app.register(fastifyStatic, { root: config.clientDir, wildcard: false });
    if (hasClient) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'GET' || !wantsPage(request) || !SHARED_PAGES.some((p) => p.test(request.url))) return;
        return reply.type('text/html').sendFile('index.html');
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const page = request.method === 'GET' && (wantsPage(request) || !isApiPath(request.url));
      if (hasClient && page) return reply.type('text/html').sendFile('index.html');
      return reply.code(404).send(httpError(404, `Route ${request.method}:${request.url} not found`));
    });
  },
  { name: 'web-client' },
);
