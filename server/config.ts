import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { CHALLENGE_SECONDS } from '../src/protocol/challenges';

/** Everything the server reads from its environment, with working defaults (the table of README.md). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Holds the SQLite file and the generated JWT secret. */
  readonly dataDir: string;
  /** A sqlite file path (or `sqlite:` URL); defaults to DATA_DIR/broadside.sqlite. */
  readonly databaseUrl: string | null;
  /** Connections to PostgreSQL this node keeps (DATABASE_POOL_SIZE). */
  readonly databasePoolSize: number;
  /** REDIS_URL: Socket.IO's Redis Streams adapter, room ownership across nodes and shared rate-limit counters; null = one node, in memory. */
  readonly redisUrl: string | null;
  /**
   * TRUST_PROXY: whose X-Forwarded-For to believe for the client's address (rate limits are per
   * address): false (default), true, a hop count, or a comma-separated list of proxy addresses/CIDRs.
   */
  readonly trustProxy: boolean | number | readonly string[];
  /** Failed logins for one account (e-mail) within the window before 429; 0 = no limit. */
  readonly loginFailuresPerAccount: number;
  /** Failed logins from one address within the window before 429; 0 = no limit. */
  readonly loginFailuresPerAddress: number;
  readonly loginFailureWindowSeconds: number;
  /** Sign-up attempts from one address within the window before 429; 0 = no limit. */
  readonly signUpsPerAddress: number;
  readonly signUpWindowSeconds: number;
  /** Per-account caps on what one account holds at once (docs/deploy.md); 0 = no cap. */
  readonly maxWaitingRooms: number;
  readonly maxPublicRooms: number;
  readonly maxComputerGames: number;
  readonly maxSpectatorSockets: number;
  /** Games of a bot account against other bots (bot accounts, the computer) per 24 hours (docs/engines.md); 0 = no limit. */
  readonly botGamesPerDay: number;
  /** The longest something counts towards a cap when its release never comes (a node died). */
  readonly capHoldSeconds: number;
  /** Rated games between the same two accounts within 24 hours (docs/game.md, Ratings); 0 = no bound. */
  readonly ratedGamesPerPairPerDay: number;
  /** Rated games a player needs to be listed on the leaderboard. */
  readonly leaderboardMinGames: number;
  /** When null, a secret is generated once and kept in DATA_DIR. */
  readonly jwtSecret: string | null;
  readonly tokenTtlSeconds: number;
  readonly logLevel: string;
  /** The built web client to serve, when it exists. */
  readonly clientDir: string;
  /** Computer players (issue 12): how many rooms may seat one at a time. */
  readonly maxBotGames: number;
  /** The computer's thinking time before each move, drawn uniformly from this span (ms). */
  readonly botDelayMinMs: number;
  readonly botDelayMaxMs: number;
  /** Worker threads for the expensive shooters (Hard); 0 picks one less than the CPU count (at least 1). */
  readonly botWorkers: number;
  /** Threads analysing finished games (docs/analysis.md), apart from the computer players' (at lowest priority). */
  readonly analysisWorkers: number;
  /** Analyses waiting or running at once on a node; past it a request gets 503 with Retry-After. */
  readonly analysesQueued: number;
  /** Analyses one account may have waiting or running at once; past it, 429. */
  readonly analysesPerAccount: number;
  /** Boards an analysis draws per position it cannot count exactly (docs/analysis.md). */
  readonly analysisSamples: number;
  /** A computer player leaves a room after this long without a person connected (it comes back with them). */
  readonly botIdleSeconds: number;
  /** Quick match: after this long without an opponent the player is offered the computer. */
  readonly quickMatchOfferSeconds: number;
  /** How long a player who drops during play has to come back before forfeiting (may be fractional). */
  readonly reconnectGraceSeconds: number;
  /**
   * Tests only: every turn of a turn clock lasts this many ms, whatever the room's 30 or 60 s
   * (which the protocol still reports). Null in production.
   */
  readonly turnMsOverride: number | null;
  /** This node's name among several (NODE_ID); a per-process suffix keeps a restarted node distinct. */
  readonly nodeId: string;
  /** NODE_ID, or the host name: the `node` of every log line and metric, the same across restarts. */
  readonly nodeName: string;
  /** DRAIN_SECONDS: on SIGTERM the node hands its rooms over and exits within this (docs/deploy.md). */
  readonly drainSeconds: number;
  /** METRICS_TOKEN: when set, GET /metrics asks for it as a bearer token (docs/deploy.md, "Metrics"). */
  readonly metricsToken: string | null;
  /** How long a node that stopped answering still holds its rooms (NODE_TTL_MS). */
  readonly nodeTtlMs: number;
  /**
   * Keep of each socket's opening HTTP request only what socket.io reads (server/socket/slim-request.ts);
   * SOCKET_SLIM_REQUESTS=0 keeps the whole request, as socket.io does by default (to measure the difference).
   */
  readonly slimRequests: boolean;
  /** ADMIN_EMAILS: accounts made admins at start and at sign-up (docs/deploy.md, "Moderators"), lower case. */
  readonly adminEmails: readonly string[];
  /** Chat lines one account may send within CHAT_WINDOW_SECONDS, on every node together; 0 = no limit. */
  readonly chatLinesPerWindow: number;
  readonly chatWindowSeconds: number;
  /**
   * CHAT_SPECTATORS_READ_PLAYERS=1: spectators read the players' lines as they are said (and beside
   * the replay); off by default, when the players' table talk stays between them (docs/deploy.md).
   */
  readonly chatSpectatorsReadPlayers: boolean;
  /** SMTP_URL: where the password-reset e-mails go out (nodemailer's smtp:// or smtps:// URL); null: no e-mail, no reset. */
  readonly smtpUrl: string | null;
  /** MAIL_FROM: the sender of those e-mails; null: "Broadside <no-reply@…>" at PUBLIC_URL's host. */
  readonly mailFrom: string | null;
  /** PUBLIC_URL: the address players reach the web client at, the base of the links in e-mails. */
  readonly publicUrl: string | null;
  /** Password-reset requests from one address per hour before 429; 0 = no limit. */
  readonly passwordResetsPerAddress: number;
  /** Reports one account may file within an hour; 0 = no limit. */
  readonly reportsPerHour: number;
  /** How long a challenge waits for its answer, in ms: 60 s (docs/protocol.md, "Challenges"); tests shorten it. */
  readonly challengeMs: number;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function trustProxyFrom(value: string | undefined): boolean | number | readonly string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: Math.max(1, intFrom(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE')),
    redisUrl: env.REDIS_URL || null,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    loginFailuresPerAccount: intFrom(env.LOGIN_FAILURES_PER_ACCOUNT, 10, 'LOGIN_FAILURES_PER_ACCOUNT'),
    loginFailuresPerAddress: intFrom(env.LOGIN_FAILURES_PER_ADDRESS, 50, 'LOGIN_FAILURES_PER_ADDRESS'),
    loginFailureWindowSeconds: Math.max(
      1,
      intFrom(env.LOGIN_FAILURE_WINDOW_SECONDS, 15 * 60, 'LOGIN_FAILURE_WINDOW_SECONDS'),
    ),
    signUpsPerAddress: intFrom(env.SIGNUPS_PER_ADDRESS, 20, 'SIGNUPS_PER_ADDRESS'),
    signUpWindowSeconds: Math.max(1, intFrom(env.SIGNUP_WINDOW_SECONDS, 3600, 'SIGNUP_WINDOW_SECONDS')),
    maxWaitingRooms: intFrom(env.MAX_WAITING_ROOMS_PER_ACCOUNT, 10, 'MAX_WAITING_ROOMS_PER_ACCOUNT'),
    maxPublicRooms: intFrom(env.MAX_PUBLIC_ROOMS_PER_ACCOUNT, 3, 'MAX_PUBLIC_ROOMS_PER_ACCOUNT'),
    maxComputerGames: intFrom(env.MAX_COMPUTER_GAMES_PER_ACCOUNT, 3, 'MAX_COMPUTER_GAMES_PER_ACCOUNT'),
    maxSpectatorSockets: intFrom(env.MAX_SPECTATOR_SOCKETS_PER_ACCOUNT, 10, 'MAX_SPECTATOR_SOCKETS_PER_ACCOUNT'),
    botGamesPerDay: intFrom(env.BOT_GAMES_PER_DAY, 100, 'BOT_GAMES_PER_DAY'),
    capHoldSeconds: Math.max(1, intFrom(env.ACCOUNT_CAP_HOLD_SECONDS, 3600, 'ACCOUNT_CAP_HOLD_SECONDS')),
    ratedGamesPerPairPerDay: intFrom(env.RATED_GAMES_PER_PAIR_PER_DAY, 3, 'RATED_GAMES_PER_PAIR_PER_DAY'),
    leaderboardMinGames: intFrom(env.LEADERBOARD_MIN_GAMES, 1, 'LEADERBOARD_MIN_GAMES'),
    jwtSecret: env.JWT_SECRET || null,
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 7 * 24 * 3600, 'TOKEN_TTL_SECONDS'),
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: resolve(env.CLIENT_DIR || './dist'),
    maxBotGames: intFrom(env.MAX_BOT_GAMES, 200, 'MAX_BOT_GAMES'),
    botDelayMinMs: intFrom(env.BOT_DELAY_MS_MIN, 500, 'BOT_DELAY_MS_MIN'),
    botDelayMaxMs: intFrom(env.BOT_DELAY_MS_MAX, 1500, 'BOT_DELAY_MS_MAX'),
    botWorkers: intFrom(env.BOT_WORKERS, 0, 'BOT_WORKERS'),
    botIdleSeconds: intFrom(env.BOT_IDLE_SECONDS, 120, 'BOT_IDLE_SECONDS'),
    analysisWorkers: intFrom(env.ANALYSIS_WORKERS, 1, 'ANALYSIS_WORKERS'),
    analysesQueued: intFrom(env.ANALYSES_QUEUED, 20, 'ANALYSES_QUEUED'),
    analysesPerAccount: intFrom(env.ANALYSES_PER_ACCOUNT, 2, 'ANALYSES_PER_ACCOUNT'),
    analysisSamples: intFrom(env.ANALYSIS_SAMPLES, 20_000, 'ANALYSIS_SAMPLES'),
    quickMatchOfferSeconds: intFrom(env.QUICK_MATCH_OFFER_SECONDS, 30, 'QUICK_MATCH_OFFER_SECONDS'),
    reconnectGraceSeconds: intFrom(env.RECONNECT_GRACE_SECONDS, 60, 'RECONNECT_GRACE_SECONDS'),
    turnMsOverride: null,
    nodeId: `${env.NODE_ID || hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    nodeName: env.NODE_ID || hostname(),
    drainSeconds: Math.max(1, intFrom(env.DRAIN_SECONDS, 30, 'DRAIN_SECONDS')),
    metricsToken: env.METRICS_TOKEN || null,
    nodeTtlMs: intFrom(env.NODE_TTL_MS, 6000, 'NODE_TTL_MS'),
    slimRequests: env.SOCKET_SLIM_REQUESTS !== '0',
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    chatLinesPerWindow: intFrom(env.CHAT_LINES_PER_WINDOW, 5, 'CHAT_LINES_PER_WINDOW'),
    chatWindowSeconds: Math.max(1, intFrom(env.CHAT_WINDOW_SECONDS, 10, 'CHAT_WINDOW_SECONDS')),
    chatSpectatorsReadPlayers: ['1', 'true'].includes((env.CHAT_SPECTATORS_READ_PLAYERS ?? '').trim()),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || null,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    passwordResetsPerAddress: intFrom(env.PASSWORD_RESETS_PER_ADDRESS, 10, 'PASSWORD_RESETS_PER_ADDRESS'),
    reportsPerHour: intFrom(env.REPORTS_PER_HOUR, 10, 'REPORTS_PER_HOUR'),
    challengeMs: CHALLENGE_SECONDS * 1000,
  };
}
