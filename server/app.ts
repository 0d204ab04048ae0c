import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Server } from 'socket.io';
import { randomRng } from '../src/game';
import { createTokens, loadSecret } from './auth';
import { configFromEnv, type ServerConfig } from './config';
import { openDatabase } from './db/connect';
import { Store } from './db/store';
import { ComputerPlayers } from './bots/computer-players';
import { Decider } from './bots/decider';
import { announceOpenGames, createLobbyNamespace, serveLobby, userRoom } from './lobby/namespace';
import { OpenGames } from './lobby/open-games';
import { MemoryOpenGamesBoard, RedisOpenGamesBoard } from './lobby/open-games-board';
import { type MatchQueue, MemoryMatchQueue } from './lobby/queue';
import { RedisMatchQueue } from './lobby/redis-queue';
import { QuickMatch } from './lobby/quick-match';
import { httpError } from './http/errors';
import { AuthLimits } from './http/rate-limits';
import { AccountCaps } from './caps/account-caps';
import { releaseRoomLeases } from './caps/room-leases';
import { BotGames } from './caps/bot-games';
import { ServerMetrics } from './metrics';
import { registerHistoryRoutes } from './http/history-routes';
import { registerRoutes } from './http/routes';
import { Ratings } from './ratings/ratings';
import { identifyWith } from './http/identify';
import { accountRoom, Sessions, tokenRoom } from './sessions/sessions';
import { RoomActions } from './rooms/actions';
import { connectRedis, type RedisClient } from './redis';
import { RoomRegistry } from './rooms/registry';
import { afterPublish, socketPublisher } from './socket/publish';
import { RoomDispatcher } from './rooms/dispatch';
import { SOCKET_NAMESPACE } from '../src/protocol';
import { attachRoomNamespace } from './socket/room-namespace';
import { slimHandshakeRequests } from './socket/slim-request';
import { jsonOnlyParser } from './socket/json-parser';
import { localGate } from './socket/room-gate';
import { runOnThisNode } from './socket/room-requests';
import { type SpectatorFeed, spectatorFeed } from './socket/spectators';
import { joinCluster } from './cluster';

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
  close(): Promise<void>;
}

/** Fastify's form of TRUST_PROXY: a hop count becomes "trust the nearest n hops". */
function trustProxyOption(
  setting: ServerConfig['trustProxy'],
): boolean | string[] | ((_: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return typeof setting === 'boolean' ? setting : [...setting];
}

/**
 * CORS as the original server answers it: any origin, preflight 204, the methods and headers the
 * API uses; no credentials (tokens travel in the Authorization header).
 */
const CORS = {
  origin: '*',
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['authorization', 'content-type', 'accept'],
  credentials: false,
  optionsSuccessStatus: 204,
  maxAge: 600,
} satisfies FastifyCorsOptions;

const API_PREFIXES = ['/users', '/room', '/socket.io', '/health', '/capabilities', '/metrics', '/games', '/ratings'];

/** Builds and starts the whole server: HTTP API, /room socket namespace and the built client, on one port. */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...configFromEnv(), ...overrides };
  const { db, runSync } = await openDatabase(config.dataDir, config.databaseUrl, {
    poolSize: config.databasePoolSize,
  });
  const store = new Store(db, runSync);
  const tokens = createTokens(loadSecret(config.dataDir, config.jwtSecret), config.tokenTtlSeconds);
  const override = config.turnMsOverride;
  const registry = new RoomRegistry(store, {
    graceMs: config.reconnectGraceSeconds * 1000,
    turnMs: (seconds) => override ?? seconds * 1000,
  });
  const actions = new RoomActions(store, randomRng());

  const app = Fastify({
    logger: { level: config.logLevel },
    // Behind nginx the client's address (rate limits are per address) is in X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 16 * 1024,
    // Per-request lines only when debugging: a load test would otherwise drown the useful ones.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(httpError(status, status === 500 ? 'Internal server error' : error.message));
  });
  let redis: RedisClient | null = null;
  try {
    redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const limits = new AuthLimits(config, redis);
  const caps = new AccountCaps(config, redis);
  const botGames = new BotGames(config.botGamesPerDay, redis);
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
  // Every route answers cross-origin calls (docs/protocol.md, CORS): the original client is deployed
  // on another origin than its API. Bearer tokens only, never cookies, so no credentials.
  await app.register(fastifyCors, CORS);
  const sessions = new Sessions(tokens, store.sessions, app.log);
  const identify = identifyWith(sessions);
  registerRoutes(app, { store, tokens, registry, limits, computers, sessions, identify, caps, botGames });
  const ratings = new Ratings(store.ratings, app.log, {
    ratedGamesPerPairPerDay: config.ratedGamesPerPairPerDay,
    leaderboardMinGames: config.leaderboardMinGames,
  });
  registerHistoryRoutes(app, { identify, history: store.history, ratings });

  const hasClient = existsSync(join(config.clientDir, 'index.html'));
  if (hasClient) await app.register(fastifyStatic, { root: config.clientDir, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url === p || request.url.startsWith(`${p}/`));
    // Client-side routes (/game/…, /login…) get the single-page app.
    if (hasClient && request.method === 'GET' && !isApi) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send(httpError(404, `Route ${request.method}:${request.url} not found`));
  });

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
  });
  // A command runs on the node that plays its room: this one, or with Redis the room's owner.
  const here = runOnThisNode({ registry, dispatcher, botGames, nsp: io.of(SOCKET_NAMESPACE) });
  computers.attach(dispatcher.dispatch);
  const cluster = redis
    ? await joinCluster(
        redis,
        { nsp: io.of(SOCKET_NAMESPACE), registry, actions, here, log: app.log },
        { nodeId: config.nodeId, nodeTtlMs: config.nodeTtlMs },
      )
    : null;
  const nsp = attachRoomNamespace(io, { sessions, gate: cluster?.gate ?? localGate(here), caps, log: app.log });
  const metrics = new ServerMetrics();
  app.get('/metrics', async () => ({
    ...metrics.snapshot(),
    rooms: registry.size,
    sockets: nsp.sockets.size,
    shotCommits: store.rounds.moveCommits,
    computers: computers.stats(),
  }));
  // With several nodes the queue and the open games live in Redis; a node's entries leave them
  // NODE_TTL_MS after its death, like its rooms.
  const onLobbyError = (error: unknown): void => app.log.error({ err: error }, 'lobby storage failed');
  const matchQueue: MatchQueue = redis
    ? new RedisMatchQueue(redis, config.nodeTtlMs, onLobbyError)
    : new MemoryMatchQueue();
  const lobby = createLobbyNamespace(io, { sessions, log: app.log });
  // A logout closes the sockets opened with the token (or every socket of the account) on every
  // node: with Redis, disconnectSockets goes through the adapter.
  sessions.onEnded((ended) => {
    const room = 'token' in ended ? tokenRoom(ended.token) : accountRoom(ended.userId);
    nsp.in(room).disconnectSockets(true);
    lobby.in(room).disconnectSockets(true);
  });
  let openGamesChanged = (): void => undefined;
  const openGames = new OpenGames(
    registry,
    redis ? new RedisOpenGamesBoard(redis, config.nodeTtlMs) : new MemoryOpenGamesBoard(),
    () => openGamesChanged(),
    onLobbyError,
    Math.max(50, Math.floor(config.nodeTtlMs / 3)),
  );
  openGamesChanged = announceOpenGames(lobby, openGames, { shared: redis !== null, log: app.log });
  const quickMatch = new QuickMatch({
    queue: matchQueue,
    registry,
    dispatch: dispatcher.dispatch,
    offerComputerAfterMs: config.quickMatchOfferSeconds * 1000,
    log: app.log,
    notify: (userId, found) => lobby.to(userRoom(userId)).emit('matchFound', found),
    // Asked of every node (fetchSockets goes through the adapter with Redis).
    stillSearching: async (userId) =>
      (await store.users.findUserById(userId)) !== null &&
      (await lobby.in(userRoom(userId)).fetchSockets()).some((socket) => socket.data.searching),
    resumed: (userId, searching) => lobby.to(userRoom(userId)).emit('searching', searching),
  });
  serveLobby(lobby, { openGames, quickMatch, log: app.log });

  // A finished game is rated as soon as it ends; games that ended while the server was down, now.
  afterPublish(nsp, (room) => {
    if (room.state.status === 'ENDED' && room.gameId !== null) ratings.ended(room.gameId);
  });
  void ratings.sweep();

  await app.listen({ port: config.port, host: config.host });
  // Games whose turn clock was running when the server stopped go on (a deadline already past fires at once).
  const resumed = await registry.resumeClocks();
  if (resumed > 0) app.log.info({ rooms: resumed }, 'resumed turn clocks');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app,
    io,
    store,
    spectators: spectatorFeed(nsp),
    computers,
    matchQueue,
    ratings,
    close: () => {
      closing ??= (async () => {
        metrics.stop();
        sessions.close();
        matchQueue.close();
        openGames.close();
        await computers.close();
        registry.stop();
        await new Promise<void>((resolve) => io.close(() => resolve()));
        await cluster?.close();
        await app.close();
        await ratings.settled();
        await redis?.close();
        await db.destroy();
      })();
      return closing;
    },
  };
}
