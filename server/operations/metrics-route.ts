import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOBBY_NAMESPACE, SOCKET_NAMESPACE } from '../../src/protocol';
import type { ServerContext } from '../context';
import { sendError } from '../http/errors';
import { createPrometheus } from './prometheus';

/** A reader that names application/json gets the project's JSON; Prometheus (and anyone else) the text format. */
export function wantsJson(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes('application/json');
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** The bearer token of the request is `token` (compared in constant time). */
function bearerIs(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token));
}

export const METRICS_TOKEN_NEEDED =
  'GET /metrics needs the metrics token of this server (METRICS_TOKEN) as a bearer token';

/**
 * `GET /metrics` (docs/deploy.md, "Metrics"; docs/protocol.md): Prometheus's text format — the
 * process's defaults and the game's series, each labelled with the node — or, to a client that
 * asks for application/json, the JSON the project's load tests and benches read. Open on the
 * node's own port unless METRICS_TOKEN is set; the nginx template closes it to the outside.
 */
export const metricsPlugin = fp<ServerContext>(
  async (app, ctx) => {
    const { config, registry, nsp, lobby, store, computers, telemetry, lifecycle, matchQueue } = ctx;
    const { loop } = telemetry;
    const prometheus = createPrometheus({
      node: config.nodeName,
      nodeId: config.nodeId,
      telemetry,
      lifecycle,
      registry,
      matchQueue,
      computers: () => computers.stats(),
      moveCommits: () => store.rounds.moveCommits,
      sockets: function* () {
        for (const socket of nsp.sockets.values()) yield [SOCKET_NAMESPACE, socket.data.dialect] as const;
        for (const _ of lobby.sockets.values()) yield [LOBBY_NAMESPACE, 'broadside/2'] as const;
      },
    });

    app.get('/metrics', async (request, reply) => {
      if (config.metricsToken !== null && !bearerIs(request, config.metricsToken)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(reply, 401, METRICS_TOKEN_NEEDED);
      }
      if (wantsJson(request.headers.accept)) {
        return {
          ...loop.snapshot(),
          node: config.nodeName,
          ready: lifecycle.ready,
          draining: lifecycle.draining,
          rooms: registry.size,
          sockets: nsp.sockets.size,
          shotCommits: store.rounds.moveCommits,
          computers: computers.stats(),
        };
      }
      return reply.header('content-type', prometheus.contentType).send(await prometheus.metrics());
    });
  },
  { name: 'metrics' },
);
