import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { ComputerPlayers } from './bots/computer-players';
import { configFromEnv, type ServerConfig } from './config';
import { createContext } from './context';
import type { Store } from './db/store';
import type { MatchQueue } from './lobby/queue';
import { type DrainReport, drainNode } from './operations/drain';
import type { Lifecycle } from './operations/lifecycle';
import { PLUGINS } from './plugins';
import type { Ratings } from './ratings/ratings';
import { type SpectatorFeed, spectatorFeed } from './socket/spectators';

export interface RunningServer {
  /** http://host:port of the listening server (127.0.0.1 when bound to every interface). */
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  readonly io: Server;
  readonly store: Store;
  /** Spectators of every room; counts the spectator frames computed (issue 14). */
  readonly spectators: SpectatorFeed;
  /** The server's computer players (seats, decision times; tests record what they are sent). */
  readonly computers: ComputerPlayers;
  /** The quick-match queue (tests look at who is waiting). */
  readonly matchQueue: MatchQueue;
  /** Player ratings; `sweep()` resolves once every finished game is rated. */
  readonly ratings: Ratings;
  /** Starting, serving, draining (docs/deploy.md, "Readiness and draining"). */
  readonly lifecycle: Lifecycle;
  /**
   * SIGTERM's first half: hands the rooms to the other nodes (or, alone, finishes the commands in
   * flight), tells the sockets to reconnect and closes them; `close()` then stops the rest. Null
   * when a drain had begun already.
   */
  drain(): Promise<DrainReport | null>;
  close(): Promise<void>;
}

/**
 * Builds and starts the whole server: HTTP API, /room and /lobby socket namespaces and the built
 * client, on one port: the shared context (server/context.ts), then every plugin of server/plugins.ts.
 */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...configFromEnv(), ...overrides };
  const { context: ctx, stop } = await createContext(config);
  const { app } = ctx;
  for (const plugin of PLUGINS) await app.register(plugin, ctx);

  await app.listen({ port: config.port, host: config.host });
  // Games whose turn clock was running when the server stopped go on (a deadline already past fires at once).
  const resumed = await ctx.registry.resumeClocks();
  if (resumed > 0) app.log.info({ rooms: resumed }, 'resumed turn clocks');
  ctx.lifecycle.serving();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app,
    io: ctx.io,
    store: ctx.store,
    spectators: spectatorFeed(ctx.nsp),
    computers: ctx.computers,
    matchQueue: ctx.matchQueue,
    ratings: ctx.ratings,
    lifecycle: ctx.lifecycle,
    drain: () => drainNode(ctx),
    close: () => {
      closing ??= stop();
      return closing;
    },
  };
}
