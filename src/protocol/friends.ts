import { z } from 'zod';
import { type PublicUser, PublicUserSchema } from './accounts';

/*
 * Friends (docs/protocol.md, "Friends"): the original system's routes and shapes — `GET /friends/me`,
 * `POST /friends/add {userId}`, `GET /friends/requests`, `GET /friends/pending`, `POST /friends/accept
 * {frId}` — and ours beside them (decline, withdraw, remove; presence on /lobby). A user in these
 * answers is the original's user without its e-mail and password hash. The schemas read the
 * original server's answers too (extra keys such as its `email` and `password` are dropped, never
 * shown).
 */

/** An account as these answers show another player: the original's user, never an e-mail or a hash (accounts.ts). */
export const FriendUserSchema = PublicUserSchema;
export type FriendUser = PublicUser;

/**
 * The original's `GET /users`: every account (its user lookup, where a client finds the id that
 * `POST /friends/add` takes). Its e-mails and password hashes are dropped on reading.
 */
export const UsersListSchema = z.array(FriendUserSchema);

/** `GET /friends/me`: a friend, and (ours) since when, epoch ms. */
export const FriendSchema = FriendUserSchema.extend({ since: z.number().optional() });
export type Friend = z.infer<typeof FriendSchema>;
export const FriendsSchema = z.array(FriendSchema);

/** A friend request, as `GET /friends/requests` (received) and `/friends/pending` (sent) list them. */
export const FriendRequestSchema = z.object({
  id: z.string(),
  sender: FriendUserSchema,
  receiver: FriendUserSchema,
  /** ISO 8601 (ours; the original's requests have no date). */
  creation_date: z.string().optional(),
});
export type FriendRequest = z.infer<typeof FriendRequestSchema>;
export const FriendRequestsSchema = z.array(FriendRequestSchema);

/**
 * The original's answer to an accept (TypeORM's delete result of the request): `affected` 1 when
 * the request was accepted. Ours adds the new friend; decline and withdraw answer the same way.
 */
export const FriendAnswerSchema = z.object({
  raw: z.unknown().optional(),
  affected: z.number().nullish(),
  friend: FriendUserSchema.optional(),
});
export type FriendAnswer = z.infer<typeof FriendAnswerSchema>;

/** `POST /friends/add`: either a new request, or (a reverse request was waiting) the answer of accepting it. */
export const AddFriendResponseSchema = z.union([FriendRequestSchema, FriendAnswerSchema]);
export type AddFriendResponse = z.infer<typeof AddFriendResponseSchema>;

/** Whom `POST /friends/add` asks: the original's `userId`, or (ours) a `username`. */
export const AddFriendBodySchema = z.union([
  z.strictObject({ userId: z.string().trim().min(1, 'userId is required').max(64) }),
  z.strictObject({ username: z.string().trim().min(1, 'username is required').max(64) }),
]);
export type AddFriendBody = z.infer<typeof AddFriendBodySchema>;

/** `POST /friends/accept`, `/friends/decline`, `/friends/cancel`: the request's id (the original's `frId`). */
export const FriendRequestBodySchema = z.strictObject({ frId: z.string().trim().min(1, 'frId is required').max(64) });

/* ---------- Presence (ours, on /lobby) ---------- */

/**
 * Where a friend is: `online` with the site open, `playing` a game (its room: the Watch link),
 * `away` with the site open but not looked at, `offline` otherwise.
 */
export const PRESENCE_STATUSES = ['online', 'playing', 'away', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];
export const PresenceSchema = z.object({
  userId: z.string(),
  status: z.enum(PRESENCE_STATUSES),
  /** The room of the game being played (`playing` only). */
  slug: z.string().nullable(),
});
export type Presence = z.infer<typeof PresenceSchema>;
export const FriendsPresenceSchema = z.object({ friends: z.array(PresenceSchema) });

/** `away` from a client: its page is hidden (or back). */
export const AwayPayloadSchema = z.strictObject({ away: z.boolean() });

/** A friendship that ended (removed by either side, or by a block): the other player's id. */
export const FriendRemovedSchema = z.object({ userId: z.string() });
/** A request that went: accepted, declined or withdrawn. */
export const FriendRequestGoneSchema = z.object({
  id: z.string(),
  reason: z.enum(['accepted', 'declined', 'cancelled']),
});
/** A friendship that began: the new friend as the list shows it, and where they are. */
export const FriendAddedSchema = z.object({ friend: FriendSchema, presence: PresenceSchema.nullable() });
