import { z } from 'zod';

/*
 * Roles, bans, mutes, blocks and the audit log (docs/protocol.md, "Moderation"): the bodies the
 * server accepts and the answers it gives. A role is the original system's: `player` or `admin`.
 */

export const ROLES = ['player', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

export { BAN_FOREVER } from './ban-forever';

/** Why a moderator acts: kept in the audit log and shown to the account where it concerns it. */
export const ReasonSchema = z.string().trim().min(1, 'a reason is required').max(500);
/** The longest timed ban or mute: one year, in minutes. */
const MAX_MINUTES = 366 * 24 * 60;
const minutes = z.number().int().min(1).max(MAX_MINUTES);

/** `POST /admin/users/:id/ban`: for `minutes`, or until lifted when absent. */
export const BanBodySchema = z.strictObject({ minutes: minutes.optional(), reason: ReasonSchema });
/** `POST /admin/users/:id/mute`: no chat line or message for `minutes`. */
export const MuteBodySchema = z.strictObject({ minutes, reason: ReasonSchema });
/** `DELETE /admin/users/:id/ban` and `/mute`: lifting may say why (optional). */
export const LiftBodySchema = z.strictObject({ reason: ReasonSchema.optional() }).optional();
/** `PUT /admin/users/:id/role`. */
export const RoleBodySchema = z.strictObject({ role: RoleSchema, reason: ReasonSchema });

/** An account as a moderator sees it (never its e-mail or password hash). */
export const ModerationStatusSchema = z.object({
  userId: z.string(),
  username: z.string(),
  role: RoleSchema,
  /** Epoch ms; BAN_FOREVER for a ban until lifted; null when not banned. */
  bannedUntil: z.number().nullable(),
  banReason: z.string().nullable(),
  mutedUntil: z.number().nullable(),
});
export type ModerationStatus = z.infer<typeof ModerationStatusSchema>;

/**
 * Every action the audit log holds, a stable word each: a moderator's, an owner deleting their
 * account, an operator's (the moderators' page names each, in both languages).
 */
export const AUDIT_ACTIONS = [
  'ban',
  'unban',
  'mute',
  'unmute',
  'report',
  'role',
  'edit-account',
  'delete-account',
  'close-room',
  'disconnect',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of the audit log. `action` is one of AUDIT_ACTIONS (a string, so that an older page reads a newer server's log). */
export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.number(),
  /** Null when the operator acted from the command line or the server by itself. */
  actor: z.object({ userId: z.string().nullable(), username: z.string() }),
  action: z.string(),
  target: z.object({ userId: z.string().nullable(), username: z.string().nullable(), room: z.string().nullable() }),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `GET /admin/audit?limit&before&userId&action`: newest first, `before` an entry id for the next page; an action the log never holds is refused. */
export const AuditQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional(),
  userId: z.string().trim().min(1).max(64).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), next: z.number().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** A player someone blocked: `GET /users/me/blocks`. */
export const BlockedPlayerSchema = z.object({ userId: z.string(), username: z.string(), since: z.number() });
export type BlockedPlayer = z.infer<typeof BlockedPlayerSchema>;
export const BlocksResponseSchema = z.object({ blocked: z.array(BlockedPlayerSchema) });

/** A login refused because the account is banned: 403 with these beside the message. */
export const BannedDetailsSchema = z.object({ reason: z.literal('BANNED'), until: z.number(), why: z.string() });
export type BannedDetails = z.infer<typeof BannedDetailsSchema>;
