import { z } from 'zod';
import { type EndReason, parseRules, type Rules, type ShipMap, type ShotResult } from '../game';
import {
  BotLevelSchema,
  CoordSchema,
  EndReasonSchema,
  RulesSchema,
  ShipMapSchema,
  ShotResultSchema,
  TitleSchema,
} from './schemas';
import type { BotLevel, Title } from './types';

/* Issue 14: finished games (history), the record of one game (replay viewer, export) and ratings.
 * Every route is GET with a bearer token; query strings are validated with these schemas. */

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** `?page=1&pageSize=10`: pages count from 1; at most 50 entries a page. */
export const HistoryQuerySchema = z.strictObject({
  page,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/**
 * A set of rules in a query string, in the CLI's `--rules` form (`fleet=russian,shots=salvo`;
 * omitted keys take the default): ratings and statistics are kept per set of rules.
 */
export const RulesQuerySchema = z
  .string()
  .max(200)
  .transform((text, ctx): Rules => {
    const parsed = parseRules(text);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: `rules: ${parsed.error}` });
    return z.NEVER;
  });

/** Whose ratings a leaderboard lists: people, or bot accounts (docs/engines.md, "Bot accounts"). */
export const LEADERBOARD_KINDS = ['people', 'bots'] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];

/** `?limit=100&rules=…&kind=people`: the top of one leaderboard, at most 100 players; classic people by default. */
export const LeaderboardQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  rules: RulesQuerySchema.optional(),
  kind: z.enum(LEADERBOARD_KINDS).default('people'),
});

/** `?kind=people`: the sets of rules that have ratings on one board. */
export const RatedRulesQuerySchema = z.strictObject({ kind: z.enum(LEADERBOARD_KINDS).default('people') });

/** `?rules=…`: a rating under one set of rules, classic by default. */
export const RatingQuerySchema = z.strictObject({ rules: RulesQuerySchema.optional() });

/** A path id: `me` or a user id. */
export const UserIdParamSchema = z.string().trim().min(1).max(64);
/** A game id in a path: a positive whole number. */
export const GameIdParamSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** A player of a finished game: a person, a bot account (`title` BOT), or the computer at some level. */
export const PlayerRefSchema = z.object({
  userId: z.string(),
  username: z.string(),
  bot: BotLevelSchema.nullable(),
  title: TitleSchema.nullable().optional(),
});

const RatingChangeSchema = z.object({ before: z.number(), after: z.number() });

/** One finished game in a player's history, seen from that player. */
export const HistoryEntrySchema = z.object({
  gameId: z.number().int(),
  slug: z.string(),
  round: z.number().int(),
  opponent: PlayerRefSchema.nullable(),
  result: z.enum(['WON', 'LOST']),
  endReason: EndReasonSchema,
  /** The rules the game was played under (docs/game.md, "Rule variants"). */
  rules: RulesSchema,
  /** Shots fired (passed turns not counted) and hits, by the player and by the opponent. */
  shots: z.number().int(),
  hits: z.number().int(),
  opponentShots: z.number().int(),
  opponentHits: z.number().int(),
  startedAt: z.number(),
  endedAt: z.number(),
  /** The player's rating before and after this game; null for a game that was not rated (the computer). */
  rating: RatingChangeSchema.nullable(),
});

export const HistoryPageSchema = z.object({
  user: PlayerRefSchema,
  games: z.array(HistoryEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** One shot of a game record, in the order it was played (`seq` counts every move, passes included). */
export const RecordShotSchema = CoordSchema.extend({
  seq: z.number().int(),
  shooterId: z.string(),
  result: ShotResultSchema,
});

/** Everything needed to replay a finished game: both fleets and every move in order. */
export const GameRecordSchema = z.object({
  gameId: z.number().int(),
  slug: z.string(),
  round: z.number().int(),
  startedAt: z.number(),
  endedAt: z.number(),
  endReason: EndReasonSchema,
  /** The rules the game was played under: a replay plays its turns by them (salvos, another shot after a hit). */
  rules: RulesSchema,
  winner: z.string().nullable(),
  firstPlayer: z.string().nullable(),
  /** Both players in join order, each with the fleet they placed. */
  players: z.array(PlayerRefSchema.extend({ fleet: ShipMapSchema })).length(2),
  shots: z.array(RecordShotSchema),
  /** Turns the clock passed: the player whose turn it was, and the move number. */
  passes: z.array(z.object({ seq: z.number().int(), playerId: z.string() })),
});

/** A player's Glicko-2 rating, with their place among every rated player. */
export const RatingSummarySchema = z.object({
  rating: z.number(),
  rd: z.number(),
  games: z.number().int(),
  wins: z.number().int(),
  /** 1 for the best, among players of the same kind (people, or bot accounts) under the same rules. */
  rank: z.number().int(),
  /** Fewer than a handful of games, or a wide deviation: the rating is still a rough guess. */
  provisional: z.boolean(),
  /** Enough rated games to be listed on the leaderboard; `rank` is then the place there (else the place it would be). */
  ranked: z.boolean().optional(),
});

/** GET /users/{id}/rating. */
export const UserRatingSchema = z.object({ user: PlayerRefSchema, rating: RatingSummarySchema.nullable() });

export const LeaderboardEntrySchema = PlayerRefSchema.omit({ bot: true }).extend(RatingSummarySchema.shape);

export const LeaderboardSchema = z.object({
  players: z.array(LeaderboardEntrySchema),
  /** How many players of this kind are listed under these rules. */
  total: z.number().int(),
  /** The rules these ratings were earned under; absent from older servers (classic). */
  gameRules: RulesSchema.optional(),
  /** People or bot accounts; absent from older servers (people). */
  kind: z.enum(LEADERBOARD_KINDS).optional(),
  /** The caller's own line, also when outside the top; null before their first rated game. */
  me: LeaderboardEntrySchema.nullable(),
  /** Which games are rated and who is listed (docs/game.md, "Ratings"); absent from older servers. */
  rules: z
    .object({
      /** Rated games a player needs to be listed. */
      minGames: z.number().int(),
      /** Rated games between the same two players within 24 hours; 0 = no bound. */
      ratedGamesPerPairPerDay: z.number().int(),
    })
    .optional(),
});

/**
 * GET /ratings/rules: every set of rules under which players of one kind have a rating (ratings
 * are kept per set of rules, custom mixes too), with how many are rated there; most players first.
 */
export const RatedRulesSchema = z.object({
  kind: z.enum(LEADERBOARD_KINDS),
  sets: z.array(z.object({ rules: RulesSchema, players: z.number().int().min(1) })),
});

/** One set of rules a player has finished games under: their record and rating there. */
export const RulesStatsSchema = z.object({
  rules: RulesSchema,
  /** Finished games against people and bot accounts, and those won. */
  games: z.number().int(),
  wins: z.number().int(),
  /** Finished games against the computer, and those won. */
  computerGames: z.number().int(),
  computerWins: z.number().int(),
  rating: RatingSummarySchema.nullable(),
});

/** GET /users/{id}/stats: a player's record and rating per set of rules, most played first. */
export const UserStatsSchema = z.object({ user: PlayerRefSchema, byRules: z.array(RulesStatsSchema) });

export interface PlayerRef {
  readonly userId: string;
  readonly username: string;
  readonly bot: BotLevel | null;
  readonly title?: Title | null;
}
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export type HistoryPage = z.infer<typeof HistoryPageSchema>;
export type RatingSummary = z.infer<typeof RatingSummarySchema>;
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;
export type RatedRules = z.infer<typeof RatedRulesSchema>;
export type RulesStats = z.infer<typeof RulesStatsSchema>;
export type UserStats = z.infer<typeof UserStatsSchema>;

export interface RecordShot {
  readonly seq: number;
  readonly shooterId: string;
  readonly x: number;
  readonly y: number;
  readonly result: ShotResult;
}

export interface GameRecord {
  readonly gameId: number;
  readonly slug: string;
  readonly round: number;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly endReason: EndReason;
  readonly rules: Rules;
  readonly winner: string | null;
  readonly firstPlayer: string | null;
  readonly players: readonly (PlayerRef & { readonly fleet: ShipMap })[];
  readonly shots: readonly RecordShot[];
  readonly passes: readonly { readonly seq: number; readonly playerId: string }[];
}
