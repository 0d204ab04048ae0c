import { z } from 'zod';
import { HistoryEntrySchema, RulesStatsSchema } from './history';
import { BlockedPlayerSchema, ReasonSchema, RoleSchema } from './moderation';
import { BotLevelSchema, GameInProgressSchema, SignUpBodySchema, TitleSchema } from './schemas';

/*
 * Profiles, search and your account (docs/protocol.md, "Accounts"): `GET /users/:id` as the original
 * system answers it, minus what is nobody else's business (e-mail, password hash), the search by
 * username prefix, `PUT` and `DELETE /users/:id`, the data export and the password reset by e-mail.
 */

/** The sign-up rules, field by field: a changed username, e-mail or password follows the same. */
const { username: UsernameSchema, email: EmailSchema, password: PasswordSchema } = SignUpBodySchema.shape;

/**
 * A player as anyone logged in may see them: `GET /users/:id`. The original answers the same route
 * with `id`, `username`, `role` (`Player` / `Admin`) and `creation_date` (ISO time), and also with
 * the e-mail and the password hash, which a client must never keep (parsing strips them).
 */
export const PublicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** `player` or `admin` here; the original writes `Player` or `Admin`. */
  role: z.string().optional(),
  /** When the account was made, as ISO 8601 text (the original's field). */
  creation_date: z.string(),
  /** `BOT` for a bot account; absent from the original. */
  title: TitleSchema.nullable().optional(),
  /** The level of one of the server's computer players; null for an account. */
  bot: BotLevelSchema.nullable().optional(),
  /** Whether the caller blocked this player (absent from the original and on one's own account). */
  blocked: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** The most a page of search results holds. */
export const SEARCH_PAGE_MAX = 50;

/** `GET /users/search?q=…&page=1&pageSize=20`: players whose username starts with `q` (any case). */
export const UserSearchQuerySchema = z.strictObject({
  q: z.string({ error: 'q is required' }).trim().min(1, 'q is required').max(20, 'q must be at most 20 characters'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(20),
});

export const UserSearchPageSchema = z.object({
  q: z.string(),
  users: z.array(PublicUserSchema.omit({ blocked: true })),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many players match in all. */
  total: z.number().int(),
});
export type UserSearchPage = z.infer<typeof UserSearchPageSchema>;

/** `admin` or `player`, also written as the original writes them (`Admin`, `Player`). */
const AnyCaseRoleSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.toLowerCase() : value),
  RoleSchema,
);

/**
 * `PUT /users/:id`: what to change. The owner gives `currentPassword` to change the e-mail or the
 * password; an admin changing someone else's account gives none, and may say why (`reason`, kept in
 * the audit log). `role` is an admin's to change.
 */
/** The languages the server's e-mails (a password-reset link, a notice of a change) are written in. */
export const MAIL_LANGUAGES = ['en', 'fr'] as const;

export const UpdateUserBodySchema = z
  .strictObject({
    username: UsernameSchema.optional(),
    email: EmailSchema.optional(),
    password: PasswordSchema.optional(),
    currentPassword: z.string().min(1, 'currentPassword is required').max(128).optional(),
    role: AnyCaseRoleSchema.optional(),
    reason: ReasonSchema.optional(),
    /** The language of the notice mailed to the account's address when its e-mail or password changes. */
    language: z.enum(MAIL_LANGUAGES).optional(),
  })
  .refine((b) => b.username !== undefined || b.email !== undefined || b.password !== undefined || b.role, {
    message: 'nothing to change: send a username, an email, a password or a role',
  });
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

/**
 * The answer of `PUT /users/:id`: the account as its owner sees it (the e-mail only to its owner).
 * A new `access_token` comes when the caller changed their own username (the token names it) or
 * password (every other session ends): the client keeps it in place of the old one.
 */
export const UpdatedUserSchema = PublicUserSchema.omit({ blocked: true }).extend({
  email: z.string().optional(),
  access_token: z.string().optional(),
});
export type UpdatedUser = z.infer<typeof UpdatedUserSchema>;

/** `DELETE /users/:id`: the owner confirms with the password; an admin may say why. */
export const DeleteUserBodySchema = z
  .strictObject({
    password: z.string().min(1, 'password is required').max(128).optional(),
    reason: ReasonSchema.optional(),
  })
  .optional();
export type DeleteUserBody = z.input<typeof DeleteUserBodySchema>;

/** `POST /users/auth/password-reset`: where to send the link, and in which language. */
export const PasswordResetRequestSchema = z.strictObject({
  email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254),
  language: z.enum(MAIL_LANGUAGES).optional(),
});
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/** `POST /users/auth/password-reset/confirm`: the link's token and the new password. */
export const PasswordResetConfirmSchema = z.strictObject({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200),
  password: PasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirmSchema>;

/** The one answer of a reset request, registered e-mail or not. */
export const PASSWORD_RESET_SENT =
  'If an account has this e-mail address, a link to choose a new password is on its way: it works for one hour';

/** `GET /users/me/export`: everything the server keeps about the account, as JSON. */
export const AccountExportSchema = z.object({
  format: z.literal('broadside-account/1'),
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    role: RoleSchema,
    createdAt: z.string(),
    title: TitleSchema.nullable(),
    botSince: z.string().nullable(),
    bannedUntil: z.string().nullable(),
    mutedUntil: z.string().nullable(),
  }),
  /** Record and rating per set of rules. */
  byRules: z.array(RulesStatsSchema),
  /** Every finished game, newest first; each one's whole record is `GET /games/{gameId}`. */
  games: z.array(HistoryEntrySchema),
  /** Rooms the account is in whose game has not ended. */
  gamesInProgress: z.array(GameInProgressSchema),
  blocked: z.array(BlockedPlayerSchema),
  /** What other capabilities keep about the account (friends, messages, chat lines), by name. */
  more: z.record(z.string(), z.unknown()),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
