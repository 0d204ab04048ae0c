import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import { Migrator, sql } from 'kysely';
import type { ServerContext } from '../context';
import { MIGRATIONS } from '../db/migrations';
import type { Lifecycle } from './lifecycle';

/** What GET /health/ready found, part by part. */
export interface Readiness {
  readonly status: 'ready' | 'starting' | 'draining' | 'unavailable';
  readonly checks: {
    readonly database: 'ok' | 'down';
    readonly migrations: 'ok' | 'pending';
    /** `off` on one node without REDIS_URL. */
    readonly redis: 'ok' | 'down' | 'off';
  };
}

/** A probe is answered from a check at most this old, however many load balancers ask. */
const CHECK_EVERY_MS = 1000;
const CHECK_TIMEOUT_MS = 2000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);

/** The body and status of a refusal while the node drains (a new socket's handshake). */
export const RESTARTING = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'This server is restarting: connect again, another one answers',
};

/**
 * Engine.IO answers every /socket.io/ request before fastify sees it. While the node drains, a new
 * connection's handshake (a request without `sid`) gets 503 with Retry-After, so nginx passes it to
 * the next node (`proxy_next_upstream http_503`, deploy/nginx.conf.template) and a client without
 * a proxy tries again; the requests of connections already open go on.
 */
export function refuseNewSocketsWhileDraining(server: Server, lifecycle: Lifecycle, path = '/socket.io/'): void {
  const isHandshake = (request: IncomingMessage): boolean =>
    lifecycle.draining && (request.url ?? '').startsWith(path) && !/[?&]sid=/.test(request.url ?? '');
  const body = JSON.stringify(RESTARTING);
  const requests = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (isHandshake(request)) {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' });
      response.end(body);
      return;
    }
    for (const listener of requests) listener.call(server, request, response);
  });
  const upgrades = server.listeners('upgrade') as ((request: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isHandshake(request)) {
      socket.on('error', () => undefined);
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    for (const listener of upgrades) listener.call(server, request, socket, head);
  });
}

/**
 * `GET /health/ready` (docs/deploy.md, "Readiness and draining"): 200 when the node takes new rooms
 * and sockets — started, its database answering with every migration run, Redis answering — and
 * 503 otherwise: while it starts, from the moment it drains, or when a part does not answer.
 * `GET /health` stays the liveness probe (the process serves).
 */
export const healthPlugin = fp<ServerContext>(
  async (app, { store, redis, lifecycle }) => {
    refuseNewSocketsWhileDraining(app.server, lifecycle);
    const migrator = new Migrator({
      db: store.db,
      provider: { getMigrations: async () => MIGRATIONS },
      allowUnorderedMigrations: true,
    });
    let migrated = false;
    const checkParts = async (): Promise<Readiness['checks']> => {
      const database = await within(sql`select 1`.execute(store.db), CHECK_TIMEOUT_MS).then(
        () => 'ok' as const,
        () => 'down' as const,
      );
      if (!migrated && database === 'ok') {
        const known = await within(migrator.getMigrations(), CHECK_TIMEOUT_MS).catch(() => []);
        migrated = known.length === Object.keys(MIGRATIONS).length && known.every((m) => m.executedAt !== undefined);
      }
      const cache = redis
        ? await within(redis.ping(), CHECK_TIMEOUT_MS).then(
            () => 'ok' as const,
            () => 'down' as const,
          )
        : ('off' as const);
      return { database, migrations: migrated ? 'ok' : 'pending', redis: cache };
    };
    let last: { at: number; checks: Promise<Readiness['checks']> } | null = null;
    const checks = (): Promise<Readiness['checks']> => {
      if (last === null || performance.now() - last.at > CHECK_EVERY_MS)
        last = { at: performance.now(), checks: checkParts() };
      return last.checks;
    };

    app.get('/health/ready', async (_request, reply) => {
      const parts = await checks();
      const healthy = parts.database === 'ok' && parts.migrations === 'ok' && parts.redis !== 'down';
      const status: Readiness['status'] = lifecycle.draining
        ? 'draining'
        : !lifecycle.ready
          ? 'starting'
          : healthy
            ? 'ready'
            : 'unavailable';
      const body: Readiness = { status, checks: parts };
      return reply.code(status === 'ready' ? 200 : 503).send(body);
    });
  },
  { name: 'health' },
);
