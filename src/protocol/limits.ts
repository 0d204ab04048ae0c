/**
 * Why the server said "too many" (HTTP 429 `reason`, or a `LIMIT_REACHED` acknowledgement's
 * `reason`): machine-readable, so a client tells it in its own language (docs/protocol.md,
 * "Limits"). Never change the spelling of an existing reason.
 */
export const LIMIT_REASONS = [
  /** Rooms of this account waiting for their game to start. */
  'WAITING_ROOMS',
  /** Public rooms of this account listed among the open games. */
  'PUBLIC_ROOMS',
  /** Games of this account against the computer going on. */
  'COMPUTER_GAMES',
  /** Sockets of this account watching a game. */
  'SPECTATOR_SOCKETS',
  /** Sign-up attempts from one address. */
  'SIGN_UPS',
  /** Failed logins for one account or from one address. */
  'LOGIN_FAILURES',
  /** Games of a bot account against another bot (a bot account or the computer) within 24 hours. */
  'BOT_GAMES',
  /** Chat lines of this account within a few seconds (docs/protocol.md, "Chat"). */
  'CHAT_LINES',
  /** Password-reset requests from one address. */
  'PASSWORD_RESETS',
  /** Reports filed by this account within an hour (docs/protocol.md, "Moderation"). */
  'REPORTS',
  /** Challenges sent by this account within 10 minutes (docs/protocol.md, "Challenges"). */
  'CHALLENGES',
  /** Analyses of finished games this account asked for that are not done yet (docs/analysis.md). */
  'ANALYSES',
  /** A hint of this account still being worked out. */
  'HINTS',
] as const;
export type LimitReason = (typeof LIMIT_REASONS)[number];

export function isLimitReason(value: unknown): value is LimitReason {
  return (LIMIT_REASONS as readonly unknown[]).includes(value);
}

/** What a refusal for a limit carries besides its message. */
export interface LimitDetails {
  readonly reason: LimitReason;
  /** Seconds after which a new try may succeed, at the latest (also the HTTP Retry-After). */
  readonly retryAfter: number;
  /** The limit that was reached, when it is a count (0 when it is not told). */
  readonly limit: number;
}
