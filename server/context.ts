import { hostname } from 'node:os';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Server } from 'socket.io';
import { randomRng } from '../src/game';
import { SOCKET_NAMESPACE } from '../src/protocol';
import { AccountHooks } from './accounts/account-hooks';
import { createTokens, loadSecret, type Tokens } from './auth';
import { ComputerPlayers } from './bots/computer-players';
import { Decider } from './bots/decider';
import { AccountCaps } from './caps/account-caps';
import { BotGames } from './caps/bot-games';
import { releaseRoomLeases } from './caps/room-leases';
import { type ClusterMembership, joinCluster } from './cluster';
import type { ServerConfig } from './config';
import { openDatabase } from './db/connect';
import { Store } from './db/store';
import { httpError } from './http/errors';
import { type Identify, identifyWith } from './http/identify';
import { AuthLimits } from './http/rate-limits';
import { createLobbyNamespace, type LobbyNamespace } from './lobby/namespace';
import { type MatchQueue, MemoryMatchQueue } from './lobby/queue';
import { RedisMatchQueue } from './lobby/redis-queue';
import { TranscriptSources } from './chat/transcripts';
import { Audit } from './moderation/audit';
import { Blocks } from './moderation/blocks';
import { Moderation } from './moderation/moderation';
import { GameWatch } from './operations/game-watch';
import { Lifecycle } from './operations/lifecycle';
import { requestIdFrom } from './operations/request-id';
import { Telemetry } from './operations/telemetry';
import { Ratings } from './ratings/ratings';
import { connectRedis, type RedisClient } from './redis';
import { RoomActions } from './rooms/actions';
import { RoomDispatcher } from './rooms/dispatch';
import { RoomRegistry } from './rooms/registry';
import { accountRoom, Sessions, tokenRoom } from './sessions/sessions';
import { jsonOnlyParser } from './socket/json-parser';
import { socketPublisher } from './socket/publish';
import { localGate } from './socket/room-gate';
import { attachRoomNamespace, type RoomEvents } from './socket/room-namespace';
import { runOnThisNode } from './socket/room-requests';
import { slimHandshakeRequests } from './socket/slim-request';
import type { RoomNamespace } from './socket/types';

/**
 * Everything the server's capabilities share, built once at start (docs/architecture.md, "Plugins").
 * Each capability is a fastify plugin in its own folder that takes this context as its options,
 * registered in server/app.ts in one line: `await app.register(chat, ctx)`.
 */
export interface ServerContext {
  readonly config: ServerConfig;
  readonly app: FastifyInstance;
  readonly store: Store;
  /** Null on one node without REDIS_URL: counters, queues and presence then live in memory. */
  readonly redis: RedisClient | null;
  readonly tokens: Tokens;
  readonly sessions: Sessions;
  /** The caller of an HTTP route, or null with the 401 sent. */
  readonly identify: Identify;
  readonly limits: AuthLimits;
  readonly caps: AccountCaps;
  readonly botGames: BotGames;
  readonly registry: RoomRegistry;
  readonly dispatcher: RoomDispatcher;
  readonly computers: ComputerPlayers;
  readonly ratings: Ratings;
  readonly io: Server;
  /** The /room namespace, and the table its events are handled from (a capability adds its own). */
  readonly nsp: RoomNamespace;
  readonly roomEvents: RoomEvents;
  /** The /lobby namespace: open games, quick match, and what a capability pushes to a user live. */
  readonly lobby: LobbyNamespace;
  readonly matchQueue: MatchQueue;
  /** With Redis, this node among the others; null on one node. */
  readonly cluster: ClusterMembership | null;
  /** Roles, bans and mutes (docs/deploy.md, "Moderators"); every action is audited. */
  readonly moderation: Moderation;
  readonly audit: Audit;
  readonly blocks: Blocks;
  /** Where a report finds a conversation's transcript (server/chat/transcripts.ts): direct messages register theirs. */
  readonly transcripts: TranscriptSources;
  /** What a capability removes when an account is deleted, and adds to its export (server/accounts/). */
  readonly accountHooks: AccountHooks;
  /** The game's own figures, counted on the hot path (server/operations/telemetry.ts, read by /metrics). */
  readonly telemetry: Telemetry;
  /** Starting, serving, draining (docs/deploy.md, "Readiness and draining"). */
  readonly lifecycle: Lifecycle;
  /** Runs `stop` when the server closes, before the sockets and the database (in registration order). */
  onStop(stop: () => void | Promise<void>): void;
}

/** Fastify's form of TRUST_PROXY: a hop count becomes "trust the nearest n hops". */
function trustProxyOption(
  setting: ServerConfig['trustProxy'],
): boolean | string[] | ((_: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return typeof setting === 'boolean' ? setting : [...setting];
}

function createApp(config: ServerConfig): FastifyInstance {
  const app = Fastify({
    // JSON lines, each naming the node (docs/deploy.md, "Logs").
    logger: { level: config.logLevel, base: { pid: process.pid, hostname: hostname(), node: config.nodeName } },
    // The request id nginx set (X-Request-Id), else a new one: in every line of the request and in its answer.
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    // Behind nginx the client's address (rate limits are per address) is in X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 16 * 1024,
    // Per-request lines only when debugging: a load test would otherwise drown the useful ones.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(httpError(status, status === 500 ? 'Internal server error' : error.message));
  });
  return app;
}

/** What `close()` of the running server stops, in order. */
export interface ContextStops {
  readonly context: ServerContext;
  /** Stops what the context started (the plugins' `onStop`s first), then the database. */
  stop(): Promise<void>;
}

/** Opens the database (and Redis), then builds the shared services, the socket.io server and its two namespaces. */
export async function createContext(config: ServerConfig): Promise<ContextStops> {
  const { db, runSync } = await openDatabase(config.dataDir, config.databaseUrl, {
    poolSize: config.databasePoolSize,
  });
  const store = new Store(db, runSync);
  const telemetry = new Telemetry();
  const lifecycle = new Lifecycle();
  store.rounds.observeCommits((seconds) => telemetry.commitSeconds.observe(seconds));
  const tokens = createTokens(loadSecret(config.dataDir, config.jwtSecret), config.tokenTtlSeconds);
  const override = config.turnMsOverride;
  const registry = new RoomRegistry(store, {
    graceMs: config.reconnectGraceSeconds * 1000,
    turnMs: (seconds) => override ?? seconds * 1000,
  });
  const actions = new RoomActions(store, randomRng());
  const app = createApp(config);
  let redis: RedisClient | null = null;
  try {
    redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const caps = new AccountCaps(config, redis, telemetry.refused);
  const onCapError = (error: unknown): void => app.log.error({ err: error }, 'giving back a per-account cap failed');
  releaseRoomLeases(registry, caps, onCapError);
  const computers = new ComputerPlayers({
    registry,
    decider: new Decider(config.botWorkers),
    log: app.log,
    maxGames: config.maxBotGames,
    thinking: { minMs: config.botDelayMinMs, maxMs: config.botDelayMaxMs },
    idleMs: config.botIdleSeconds * 1000,
    seatLeft: (slug) => void caps.give('COMPUTER_GAMES', slug).catch(onCapError),
  });
  const sessions = new Sessions(tokens, store.sessions, app.log);

  const io = new Server(app.server, {
    maxHttpBufferSize: 16 * 1024,
    serveClient: false,
    cors: { origin: '*', credentials: false },
    // Outgoing packets are JSON only: no walk of every payload for binary data (json-parser.ts).
    parser: jsonOnlyParser,
    // With Redis every node's broadcasts reach the sockets of every other node (Redis Streams).
    ...(redis ? { adapter: createAdapter(redis) } : {}),
  });
  if (config.slimRequests) slimHandshakeRequests(io);
  // Every action on a room goes through one dispatch, and every change leaves through one publisher.
  const dispatcher = new RoomDispatcher({
    actions,
    registry,
    publisher: socketPublisher(io.of(SOCKET_NAMESPACE)),
    log: app.log,
    observer: new GameWatch(
      telemetry,
      app.log,
      (socketId) => io.of(SOCKET_NAMESPACE).sockets.get(socketId)?.data.requestId ?? null,
    ),
  });
  const botGames = new BotGames(config.botGamesPerDay, redis, telemetry.refused);
  // A command runs on the node that plays its room: this one, or with Redis the room's owner.
  const here = runOnThisNode({ registry, dispatcher, botGames, nsp: io.of(SOCKET_NAMESPACE) });
  computers.attach(dispatcher.dispatch);
  const cluster = redis
    ? await joinCluster(
        redis,
        { nsp: io.of(SOCKET_NAMESPACE), registry, actions, here, log: app.log, telemetry },
        { nodeId: config.nodeId, nodeTtlMs: config.nodeTtlMs, nodeName: config.nodeName },
      )
    : null;
  const { nsp, events: roomEvents } = attachRoomNamespace(io, {
    sessions,
    gate: cluster?.gate ?? localGate(here),
    caps,
    log: app.log,
    paused: () => lifecycle.paused,
  });
  const lobby = createLobbyNamespace(io, { sessions, log: app.log });
  // A logout closes the sockets opened with the token (or every socket of the account) on every
  // node: with Redis, disconnectSockets goes through the adapter.
  sessions.onEnded((ended) => {
    const room = 'token' in ended ? tokenRoom(ended.token) : accountRoom(ended.userId);
    nsp.in(room).disconnectSockets(true);
    lobby.in(room).disconnectSockets(true);
  });
  // With several nodes the queue lives in Redis; a node's entries leave it NODE_TTL_MS after its death.
  const onLobbyError = (error: unknown): void => app.log.error({ err: error }, 'lobby storage failed');
  const matchQueue: MatchQueue = redis
    ? new RedisMatchQueue(redis, config.nodeTtlMs, onLobbyError)
    : new MemoryMatchQueue();
  const ratings = new Ratings(store.ratings, app.log, {
    ratedGamesPerPairPerDay: config.ratedGamesPerPairPerDay,
    leaderboardMinGames: config.leaderboardMinGames,
  });
  const audit = new Audit(store.db);
  const blocks = new Blocks(store.db);
  const moderation = new Moderation(store.db, audit, sessions, config.adminEmails);
  await moderation.nameAdmins();

  const stops: (() => void | Promise<void>)[] = [];
  const context: ServerContext = {
    config,
    app,
    store,
    redis,
    tokens,
    sessions,
    identify: identifyWith(sessions),
    limits: new AuthLimits(config, redis, telemetry.refused),
    caps,
    botGames,
    registry,
    dispatcher,
    computers,
    ratings,
    io,
    nsp,
    roomEvents,
    lobby,
    matchQueue,
    cluster,
    moderation,
    audit,
    blocks,
    accountHooks: new AccountHooks(),
    transcripts: new TranscriptSources(),
    telemetry,
    lifecycle,
    onStop: (stop) => void stops.push(stop),
  };
  return {
    context,
    stop: async () => {
      sessions.close();
      matchQueue.close();
      telemetry.stop();
      for (const stop of stops) await stop();
      await computers.close();
      registry.stop();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await cluster?.close();
      await app.close();
      await ratings.settled();
      await redis?.close();
      await db.destroy();
    },
  };
}
