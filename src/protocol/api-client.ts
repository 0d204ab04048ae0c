import { z } from 'zod';
import {
  type GameRecord,
  GameRecordSchema,
  type HistoryPage,
  HistoryPageSchema,
  type Leaderboard,
  type LeaderboardKind,
  LeaderboardSchema,
  type RatedRules,
  RatedRulesSchema,
  UserRatingSchema,
  type UserStats,
  UserStatsSchema,
} from './history';
import { type BotUpgradeResponse, BotUpgradeResponseSchema } from './bot-accounts';
import {
  type AnalysisAnswer,
  AnalysisAnswerSchema,
  type Hint,
  HintSchema,
  type Insights,
  InsightsSchema,
} from './analysis';
import { formatRules, type Rules } from '../game/rules';
import {
  CreateRoomResponseSchema,
  GamesInProgressResponseSchema,
  HttpErrorSchema,
  LoginResponseSchema,
  ProfileSchema,
  SignUpResponseSchema,
} from './schemas';
import type { CreateRoomBody, GamesInProgressResponse, LoginBody, Profile, SignUpBody } from './types';
import { type ComputerGameBody, type ComputerGameResponse, ComputerGameResponseSchema } from './lobby';
import { isLimitReason, type LimitDetails } from './limits';
import { LIVE_GAMES_PATH, type LiveGames, LiveGamesSchema } from './live-games';
import { type BannedDetails, BannedDetailsSchema } from './moderation';

/** A failed HTTP call, with the text docs/game.md (Errors the player sees) says to show the user. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** The server's messages, one per broken rule where it sends an array. */
    readonly messages: readonly string[] = [message],
    /** On a 429: which limit, how long to wait at most (docs/protocol.md, "Limits"). */
    readonly limit: LimitDetails | null = null,
    /** On a banned account's 403: until when and why (docs/protocol.md, "Moderation"). */
    readonly banned: BannedDetails | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Where the API lives, e.g. http://localhost:3000; empty for the page's own origin. */
  readonly baseUrl?: string;
  readonly token?: string | null;
  readonly fetch?: typeof fetch;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RawResponse {
  readonly status: number;
  readonly body: unknown;
}

/** A 429's machine-readable reason, wait and limit, when the server sent them. */
function limitOf(raw: RawResponse): LimitDetails | null {
  if (raw.status !== 429) return null;
  const parsed = HttpErrorSchema.safeParse(raw.body);
  if (!parsed.success || !isLimitReason(parsed.data.reason)) return null;
  return { reason: parsed.data.reason, retryAfter: parsed.data.retryAfter ?? 0, limit: parsed.data.limit ?? 0 };
}

/** A banned account's 403: until when and why, when the server sent them. */
function bannedOf(raw: RawResponse): BannedDetails | null {
  if (raw.status !== 403) return null;
  const parsed = BannedDetailsSchema.safeParse(raw.body);
  return parsed.success ? parsed.data : null;
}

/** The server's `message` as a list, whatever its shape. */
function messagesOf(body: unknown, fallback: string): string[] {
  const parsed = HttpErrorSchema.safeParse(body);
  if (!parsed.success) return [fallback];
  const { message } = parsed.data;
  return Array.isArray(message) ? message : [message];
}

/** The HTTP calls of docs/protocol.md on fetch; runs in the browser and in Node. */
export class ApiClient {
  readonly baseUrl: string;
  token: string | null;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.token = options.token ?? null;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  private async request(method: HttpMethod, path: string, body?: unknown): Promise<RawResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ApiError(`Cannot reach the server${this.baseUrl ? ` at ${this.baseUrl}` : ''}: ${reason}`, 0);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  }

  private parse<S extends z.ZodType>(schema: S, raw: RawResponse): z.infer<S> {
    const result = schema.safeParse(raw.body);
    if (!result.success) throw new ApiError('Unexpected answer from the server', raw.status);
    return result.data;
  }

  /** 201 → `{email}`; 400 → messages joined with ', '; 409 → the message (docs/protocol.md, sign-up). */
  async signUp(body: SignUpBody): Promise<z.infer<typeof SignUpResponseSchema>> {
    const raw = await this.request('POST', '/users/auth/sign-up', body);
    if (raw.status === 201) return this.parse(SignUpResponseSchema, raw);
    const messages = messagesOf(raw.body, `Sign-up failed (${raw.status})`);
    throw new ApiError(
      raw.status === 400 ? messages.join(', ') : (messages[0] ?? ''),
      raw.status,
      messages,
      limitOf(raw),
    );
  }

  /** 201 → `{access_token}`, which this client then sends as bearer; otherwise the server's message. */
  async login(body: LoginBody): Promise<z.infer<typeof LoginResponseSchema>> {
    const raw = await this.request('POST', '/users/auth/login', body);
    if (raw.status !== 201) {
      const messages = messagesOf(raw.body, `Login failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw), bannedOf(raw));
    }
    const data = this.parse(LoginResponseSchema, raw);
    this.token = data.access_token;
    return data;
  }

  /** 201 → `{slug}`; `turnSeconds` (30 or 60) gives the room a turn clock. Any other status raises the joined message array (docs/game.md, Errors the player sees). */
  async createRoom(body: CreateRoomBody): Promise<z.infer<typeof CreateRoomResponseSchema>> {
    const raw = await this.request('POST', '/room', body);
    if (raw.status !== 201) {
      const messages = messagesOf(raw.body, `Room creation failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw));
    }
    return this.parse(CreateRoomResponseSchema, raw);
  }

  /** 201 → a new room against the server's computer player, already placing ships; 503 when all computer seats are busy. */
  async computerGame(body: ComputerGameBody): Promise<ComputerGameResponse> {
    const raw = await this.request('POST', '/room/computer', body);
    if (raw.status !== 201) {
      const messages = messagesOf(raw.body, `Computer game failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw));
    }
    return this.parse(ComputerGameResponseSchema, raw);
  }

  /**
   * Any call of the API: the answer parsed with `schema` when its status is one of `ok`, else an
   * ApiError with the server's message ("`what` failed (status)" when it sent none). Calls grouped
   * by capability (accounts-client.ts, …) are written on this.
   */
  async call<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    schema: S,
    what: string,
    options: { readonly ok?: readonly number[]; readonly body?: unknown } = {},
  ): Promise<z.infer<S>> {
    const raw = await this.request(method, path, options.body);
    if (!(options.ok ?? [200]).includes(raw.status)) {
      const messages = messagesOf(raw.body, `${what} failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw));
    }
    return this.parse(schema, raw);
  }

  /** GET and parse, or an ApiError with the server's message. */
  private async get<S extends z.ZodType>(path: string, schema: S, what: string): Promise<z.infer<S>> {
    const raw = await this.request('GET', path);
    if (raw.status !== 200) {
      const messages = messagesOf(raw.body, `${what} failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw));
    }
    return this.parse(schema, raw);
  }

  /** A player's finished games, newest first (`userId` may be "me"). */
  history(userId: string, page = 1, pageSize = 10): Promise<HistoryPage> {
    const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
    return this.get(`/users/${encodeURIComponent(userId)}/history?${query}`, HistoryPageSchema, 'History');
  }

  /** A player's rating and rank under `rules` (classic when absent; `userId` may be "me"); null before their first rated game there. */
  rating(userId: string, rules?: Rules): Promise<z.infer<typeof UserRatingSchema>> {
    const query = rules ? `?${new URLSearchParams({ rules: formatRules(rules) })}` : '';
    return this.get(`/users/${encodeURIComponent(userId)}/rating${query}`, UserRatingSchema, 'Rating');
  }

  /** A player's record and rating per set of rules (`userId` may be "me"). */
  stats(userId: string): Promise<UserStats> {
    return this.get(`/users/${encodeURIComponent(userId)}/stats`, UserStatsSchema, 'Statistics');
  }

  /**
   * A finished game's analysis (docs/protocol.md, "Analysis"): `done` with it, or `queued`/`running`
   * (HTTP 202) with the seconds after which asking again is worth it; with `start` false, `none`
   * instead of starting one. Errors: 404, 409 (not over), 429, 503.
   */
  async gameAnalysis(gameId: number, start = true): Promise<AnalysisAnswer> {
    const raw = await this.request('GET', `/games/${gameId}/analysis${start ? '' : '?start=0'}`);
    if (raw.status !== 200 && raw.status !== 202) {
      const messages = messagesOf(raw.body, `Analysis failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw));
    }
    return this.parse(AnalysisAnswerSchema, raw);
  }

  /** The heat map the caller faces now, in a game against the computer (room `slug`). */
  hint(slug: string): Promise<Hint> {
    return this.get(`/rooms/${encodeURIComponent(slug)}/hint`, HintSchema, 'Hint');
  }

  /** How a player shoots and places under `rules` (classic when absent; `userId` may be "me"). */
  insights(userId: string, rules?: Rules): Promise<Insights> {
    const query = rules ? `?${new URLSearchParams({ rules: formatRules(rules) })}` : '';
    return this.get(`/users/${encodeURIComponent(userId)}/insights${query}`, InsightsSchema, 'Insights');
  }

  /**
   * Upgrades this account to a bot account, for good (docs/engines.md, "Bot accounts"): 201 when
   * done now, 200 when it was one already; 409 when it has played rated games.
   */
  async upgradeToBot(): Promise<BotUpgradeResponse> {
    const raw = await this.request('POST', '/users/me/bot', {});
    if (raw.status !== 201 && raw.status !== 200) {
      const messages = messagesOf(raw.body, `Bot upgrade failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages);
    }
    return this.parse(BotUpgradeResponseSchema, raw);
  }

  /** The record of a finished game: both fleets and every shot in order. */
  async gameRecord(gameId: number): Promise<GameRecord> {
    return this.get(`/games/${gameId}`, GameRecordSchema, 'Game record');
  }

  /** The finished game as a \`broadside script\` file (docs/cli.md). */
  async gameScript(gameId: number): Promise<unknown> {
    return this.get(`/games/${gameId}/script`, z.unknown(), 'Export');
  }

  /** The best players (at most 100) of one kind under one set of rules (classic people by default) and the caller's own rank. */
  leaderboard(limit = 100, options: { rules?: Rules; kind?: LeaderboardKind } = {}): Promise<Leaderboard> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (options.rules) query.set('rules', formatRules(options.rules));
    if (options.kind) query.set('kind', options.kind);
    return this.get(`/ratings/leaderboard?${query}`, LeaderboardSchema, 'Leaderboard');
  }

  /** The games being played now, most recently started first (docs/protocol.md, "Live games"); no token needed. */
  liveGames(): Promise<LiveGames> {
    return this.get(LIVE_GAMES_PATH, LiveGamesSchema, 'Live games');
  }

  /** The sets of rules under which players of `kind` have ratings (the leaderboard's choices beyond the presets). */
  ratedRules(kind: LeaderboardKind = 'people'): Promise<RatedRules> {
    return this.get(`/ratings/rules?${new URLSearchParams({ kind })}`, RatedRulesSchema, 'Rated rules');
  }

  /** Logs this token out on the server (204): it is refused from now on, its sockets closed. */
  async logout(): Promise<void> {
    await this.endSessions('/users/auth/logout', 'Logout');
  }

  /** Logs out every token of the account issued until now, on every device, this one included. */
  async logoutEverywhere(): Promise<void> {
    await this.endSessions('/users/auth/logout-everywhere', 'Logout everywhere');
  }

  private async endSessions(path: string, what: string): Promise<void> {
    const raw = await this.request('POST', path);
    if (raw.status !== 204) {
      const messages = messagesOf(raw.body, `${what} failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw));
    }
    this.token = null;
  }

  /** The logged-in user's profile and record. */
  async me(): Promise<Profile> {
    const raw = await this.request('GET', '/users/me');
    if (raw.status !== 200) {
      const messages = messagesOf(raw.body, `Profile failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw));
    }
    return this.parse(ProfileSchema, raw);
  }

  /** The rooms the logged-in user is a member of that have not ENDED, most recent first. */
  async myGames(): Promise<GamesInProgressResponse> {
    const raw = await this.request('GET', '/users/me/games');
    if (raw.status !== 200) {
      const messages = messagesOf(raw.body, `Games in progress failed (${raw.status})`);
      throw new ApiError(messages.join(', '), raw.status, messages, limitOf(raw));
    }
    return this.parse(GamesInProgressResponseSchema, raw);
  }
}
