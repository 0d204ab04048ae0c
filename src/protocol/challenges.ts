import { z } from 'zod';
import { RulesBodySchema, RulesSchema, TitleSchema, TurnSecondsSchema } from './schemas';

/*
 * Challenges (docs/protocol.md, "Challenges"): on /lobby, one player challenges another — a friend,
 * or anyone who accepts challenges from everyone — to a game under rules and a turn clock. The
 * challenged player accepts or declines within CHALLENGE_SECONDS; accepting makes a room with both
 * seated, and both go to its lobby.
 */

/** How long a challenge waits for its answer. */
export const CHALLENGE_SECONDS = 60;

/** Who may challenge an account (`PUT /users/me/challenges`). */
export const CHALLENGES_FROM = ['everyone', 'friends', 'nobody'] as const;
export type ChallengesFrom = (typeof CHALLENGES_FROM)[number];
export const ChallengeSettingsSchema = z.strictObject({
  from: z.enum(CHALLENGES_FROM, { message: `from must be one of ${CHALLENGES_FROM.join(', ')}` }),
});
export type ChallengeSettings = z.infer<typeof ChallengeSettingsSchema>;

/** Why a challenge was declined, as lichess-bot tells it: a client says it in the reader's language. */
export const DECLINE_REASONS = ['generic', 'later', 'rules', 'clock', 'noBots', 'onlyBots'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const CHALLENGE_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

const ChallengePlayerSchema = z.object({
  userId: z.string(),
  username: z.string(),
  title: TitleSchema.nullable().optional(),
});

export const ChallengeSchema = z.object({
  id: z.string(),
  from: ChallengePlayerSchema,
  to: ChallengePlayerSchema,
  rules: RulesSchema,
  turnSeconds: TurnSecondsSchema,
  /** Epoch ms (server clock). */
  createdAt: z.number(),
  expiresAt: z.number(),
  status: z.enum(CHALLENGE_STATUSES),
  /** A declined challenge's reason. */
  reason: z.enum(DECLINE_REASONS).nullable(),
  /** The room an accepted challenge made. */
  slug: z.string().nullable(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

/** `challenge`: whom (by id or by username), under which rules (classic) and clock (none). */
export const ChallengePayloadSchema = z
  .strictObject({
    userId: z.string().trim().min(1).max(64).optional(),
    username: z.string().trim().min(1).max(64).optional(),
    rules: RulesBodySchema.optional(),
    turnSeconds: TurnSecondsSchema.optional(),
  })
  .refine((p) => (p.userId === undefined) !== (p.username === undefined), {
    message: 'name the player to challenge by userId or by username',
  });
export type ChallengePayload = z.input<typeof ChallengePayloadSchema>;

export const ChallengeIdPayloadSchema = z.strictObject({ id: z.string().trim().min(1).max(64) });
export const DeclineChallengePayloadSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  reason: z.enum(DECLINE_REASONS).optional(),
});

/** The ack of `acceptChallenge`: the room both players are seated in. */
export const ChallengeAcceptedSchema = z.object({ slug: z.string() });

/** Sent on connecting to /lobby: the challenges waiting for this player, and those it sent. */
export const ChallengesSchema = z.object({ incoming: z.array(ChallengeSchema), outgoing: z.array(ChallengeSchema) });
export type Challenges = z.infer<typeof ChallengesSchema>;
