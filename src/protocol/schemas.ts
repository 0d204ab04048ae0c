import { z } from 'zod';
import {
  AGAIN_RULES,
  END_REASONS,
  FLEET_NAMES,
  GAME_STATUSES,
  GRID_SIZE,
  makeRules,
  SHIP_LENGTHS,
  SHOTS_RULES,
  TURN_SECONDS,
} from '../game';
import { ERROR_CODES } from './errors';

/* One source of truth for every body and payload on the wire: the server validates with these,
 * the clients take their types from them. Shapes follow docs/protocol.md. */

const coordinate = z
  .number()
  .int()
  .min(0)
  .max(GRID_SIZE - 1);
export const CoordSchema = z.strictObject({ x: coordinate, y: coordinate });

const shipCells = z
  .array(CoordSchema)
  .min(1)
  .max(Math.max(...SHIP_LENGTHS));
/**
 * A fleet: ships "0".."4", and "5".."9" for a russian fleet (docs/game.md, "Rule variants"). Which
 * ships the room's rules want, and their lengths, straightness, overlap and touching, are src/game's.
 */
export const ShipMapSchema = z.strictObject({
  '0': shipCells,
  '1': shipCells,
  '2': shipCells,
  '3': shipCells,
  '4': shipCells,
  '5': shipCells.optional(),
  '6': shipCells.optional(),
  '7': shipCells.optional(),
  '8': shipCells.optional(),
  '9': shipCells.optional(),
});
/** Some ships of a fleet, e.g. the sunk ones. */
export const PartialShipMapSchema = ShipMapSchema.partial();

export const GameStatusSchema = z.enum(GAME_STATUSES);
export const CellSchema = z.enum(['E', 'S', 'M', 'H', 'D']);
export const ShotResultSchema = z.enum(['M', 'H', 'D']);
export const GridSchema = z.array(z.array(CellSchema).length(GRID_SIZE)).length(GRID_SIZE);
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export const EndReasonSchema = z.enum(END_REASONS);
/** 30 or 60 seconds per turn, or null for no clock. */
export const TurnSecondsSchema = z.literal(TURN_SECONDS).nullable();
/**
 * A room's rules in `POST /room` (docs/protocol.md): every key optional, defaults classic; unknown
 * keys and a russian fleet that touches are refused with a message that says why.
 */
export const RulesBodySchema = z
  .strictObject({
    fleet: z.enum(FLEET_NAMES, { message: `fleet must be one of ${FLEET_NAMES.join(', ')}` }).optional(),
    touch: z.boolean({ message: 'touch must be true or false' }).optional(),
    shots: z.enum(SHOTS_RULES, { message: `shots must be one of ${SHOTS_RULES.join(', ')}` }).optional(),
    again: z.enum(AGAIN_RULES, { message: `again must be one of ${AGAIN_RULES.join(', ')}` }).optional(),
  })
  .refine((r) => !(r.fleet === 'russian' && r.touch === true), { message: 'a russian fleet may not touch' })
  .transform((r) => makeRules(r));
/** The rules as views, history and exports carry them: every key present. */
export const RulesSchema = z.strictObject({
  fleet: z.enum(FLEET_NAMES),
  touch: z.boolean(),
  shots: z.enum(SHOTS_RULES),
  again: z.enum(AGAIN_RULES),
});
/** A user as other players see it. */
export const UserRefSchema = z.object({ userId: z.string(), username: z.string() });

/** Levels of the server's computer players. */
export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const;
export const BotLevelSchema = z.enum(BOT_LEVELS);

/**
 * An account's title, as lichess shows one: `BOT` for an account a program plays (docs/engines.md,
 * "Bot accounts"), set once by an explicit upgrade and never taken back. People have none.
 */
export const TITLES = ['BOT'] as const;
export const TitleSchema = z.enum(TITLES);

export const SlugSchema = z.string().trim().min(1).max(64);

/* ---------- HTTP ---------- */

export const SignUpBodySchema = z.strictObject({
  username: z
    .string({ error: 'username is required' })
    .trim()
    .min(3, 'username must be at least 3 characters')
    .max(20, 'username must be at most 20 characters')
    .regex(/^[\p{L}\p{N}_.-]+$/u, 'username may contain only letters, digits, ".", "_" and "-"'),
  // Trimmed before the format check, as login does: a pasted or autofilled trailing space must not
  // make an address valid at login but invalid at sign-up.
  email: z
    .string({ error: 'email is required' })
    .trim()
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email({ error: 'email must be a valid e-mail address' })),
  password: z
    .string({ error: 'password is required' })
    .min(8, 'password must be at least 8 characters')
    .max(128, 'password must be at most 128 characters'),
});
export const SignUpResponseSchema = z.object({ email: z.string() });

export const LoginBodySchema = z.strictObject({
  email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(128),
});
export const LoginResponseSchema = z.object({ access_token: z.string() });

/** docs/protocol.md, POST /room: userId, username, socketId (null). Identity comes from the token; the body is only checked for shape. */
export const CreateRoomBodySchema = z.object({
  userId: z.string().max(64).nullish(),
  username: z.string().max(64).nullish(),
  socketId: z.string().max(64).nullish(),
  /** The turn clock (issue 11): 30 or 60 seconds per turn; absent or null for none. */
  turnSeconds: TurnSecondsSchema.optional(),
  /** Lists the room among the open games on Home while it waits for a second player (issue 12). */
  public: z.boolean().optional(),
  /** The rule variant (docs/game.md, "Rule variants"); classic when absent. */
  rules: RulesBodySchema.optional(),
});
export const CreateRoomResponseSchema = z.object({ slug: z.string() });

export const ProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  gamesPlayed: z.number().int(),
  gamesWon: z.number().int(),
  /** Finished games against the computer, counted apart from games against people (issue 12). */
  computerGamesPlayed: z.number().int().optional(),
  computerGamesWon: z.number().int().optional(),
  /** `BOT` for a bot account; null or absent for a person. */
  title: TitleSchema.nullable().optional(),
  /** `admin` for a moderator (docs/protocol.md, "Moderation"); absent from servers before roles. */
  role: z.enum(['player', 'admin']).optional(),
});

/** GET /users/me/games: the rooms the user is a member of that have not ENDED, most recent first. */
export const GameInProgressSchema = z.object({
  slug: z.string(),
  status: GameStatusSchema,
  opponent: UserRefSchema.nullable(),
  /** Epoch ms of the room's last change. */
  updatedAt: z.number(),
});
export const GamesInProgressResponseSchema = z.object({ games: z.array(GameInProgressSchema) });

/** Every HTTP error: `{ statusCode, message, error }`; sign-up 400 carries a message array. */
export const HttpErrorSchema = z.object({
  statusCode: z.number(),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string().optional(),
  /** On a 429: which limit (src/protocol/limits.ts), the seconds to wait at most, and the limit. */
  reason: z.string().optional(),
  retryAfter: z.number().optional(),
  limit: z.number().optional(),
  /** A banned account's refused login (403, reason BANNED): until when (epoch ms) and why. */
  until: z.number().optional(),
  why: z.string().optional(),
});

/** The decoded access token. */
export const TokenPayloadSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Ours adds it; the original server's tokens have none, so a client never requires it. */
  sub: z.string().optional(),
  iat: z.number(),
  exp: z.number(),
});

/* ---------- Socket.IO /room ---------- */

export const HandshakeQuerySchema = z.object({ token: z.string().min(1), slug: z.string().optional() });

export const MemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  socketId: z.string().nullable(),
  hasToPlay: z.boolean(),
  /** True while the member has a socket in the room. */
  connected: z.boolean(),
  /** Epoch ms of the forfeit deadline while the member is away during PLAY, otherwise null. */
  awayUntil: z.number().nullable(),
  /** The level of a server-side computer player, null for a person (issue 12; always sent by this server). */
  bot: BotLevelSchema.nullable().optional(),
  /** `BOT` for a bot account (a program playing through the API), null for a person. */
  title: TitleSchema.nullable().optional(),
  /** The room's creator, who alone may start on the original server (docs/protocol.md). */
  isHost: z.boolean().optional(),
});
export const BattlePlaceSchema = z.object({
  shooterId: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  result: ShotResultSchema,
});
export const WinnerSchema = UserRefSchema;
/** The match around the game (issue 11): clock, missed turns, how it ended, rematch, audience. */
export const MatchSchema = z.object({
  /** The room's rules (docs/game.md, "Rule variants"), fixed for its life: every client reads them here. */
  rules: RulesSchema,
  turnSeconds: TurnSecondsSchema,
  /** Epoch ms (server clock) when the current turn passes, or null without a clock or outside PLAY. */
  turnDeadline: z.number().nullable(),
  /** Turns each player missed in a row (userId → count); reset by a shot. */
  missedTurns: z.record(z.string(), z.number().int().min(0)),
  endReason: EndReasonSchema.nullable(),
  /** The member who started the next round from ENDED, until its play starts. */
  rematchBy: UserRefSchema.nullable(),
  spectators: z.number().int().min(0),
  /** The server's clock when this payload was made, to correct the client's clock skew. */
  serverNow: z.number(),
});
export const ErrorAckSchema = z.object({
  error: ErrorCodeSchema,
  message: z.string().optional(),
  /** LIMIT_REACHED only: as on an HTTP 429 (src/protocol/limits.ts). */
  reason: z.string().optional(),
  retryAfter: z.number().optional(),
  limit: z.number().optional(),
  /** MUTED only: until when (epoch ms) the account may not talk. */
  until: z.number().optional(),
});

/** Payloads of the client events, validated on the server before anything else. */
export const JoinRoomPayloadSchema = SlugSchema;
export const StartGamePayloadSchema = SlugSchema;
export const PlaceShipsPayloadSchema = ShipMapSchema;
/**
 * `shoot`: one cell, or (broadside/2) the cells of one turn fired together, in order (docs/protocol.md).
 * How many a turn takes is the room's rules' (WRONG_SHOT_COUNT otherwise); here only a grid's worth at most.
 */
export const ShootPayloadSchema = z.union([
  CoordSchema,
  z
    .array(CoordSchema)
    .min(1)
    .max(GRID_SIZE * GRID_SIZE),
]);
/** A SPEC-dialect socket shoots one cell (docs/protocol.md): its rooms are one shot a turn. */
export const SpecShootPayloadSchema = CoordSchema;
export const ReplayPayloadSchema = SlugSchema;
export const ResignPayloadSchema = SlugSchema;
export const LeaveRoomPayloadSchema = SlugSchema;

/** Payloads of the server events. */
export const ServerEventSchemas = {
  gameStatus: GameStatusSchema,
  members: z.array(MemberSchema),
  shipsIndexes: ShipMapSchema.nullable(),
  playerBoats: GridSchema,
  opponentBoats: GridSchema,
  opponentShipsIndexes: PartialShipMapSchema,
  battlePlace: BattlePlaceSchema.nullable(),
  winner: WinnerSchema.nullable(),
  match: MatchSchema,
} as const;
