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
 * The built web client (CLIENT_DIR) on the same port as the API, when it has been built. Its own
 * routes (/game/…, /admin, /player/…) get the single-page app; a path of the API that no route
 * answers gets a JSON 404 — unless a browser navigates there, since some pages share a prefix with
 * the API (/admin is the console's page and its JSON routes' prefix).
 */
export const webClient = fp<ServerContext>(
  async (app, { config }) => {
    const hasClient = existsSync(join(config.clientDir, 'index.html'));
    if (hasClient) await app.register(fastifyStatic, { root: config.clientDir, wildcard: false });
    app.setNotFoundHandler((request, reply) => {
      const page = request.method === 'GET' && (wantsPage(request) || !isApiPath(request.url));
      if (hasClient && page) return reply.type('text/html').sendFile('index.html');
      return reply.code(404).send(httpError(404, `Route ${request.method}:${request.url} not found`));
    });
  },
  { name: 'web-client' },
);
