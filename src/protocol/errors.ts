/**
 * Stable error codes carried by socket acknowledgements `{ error: CODE }` (docs/protocol.md, Error codes).
 * Clients translate them; never change the spelling of an existing code.
 */
export const ERROR_CODES = [
  'BAD_PAYLOAD',
  'UNAUTHORIZED',
  'ROOM_NOT_FOUND',
  'ROOM_FULL',
  'NOT_A_MEMBER',
  'NOT_JOINED',
  'WRONG_STATUS',
  'NEED_TWO_PLAYERS',
  'INVALID_FLEET',
  'NOT_YOUR_TURN',
  'ALREADY_SHOT',
  'OUT_OF_BOUNDS',
  /** A salvo with another number of cells than the shooter's ships afloat (docs/game.md, "Rule variants"). */
  'WRONG_SHOT_COUNT',
  /** The room's rules need a client that speaks the Broadside dialect (docs/protocol.md). */
  'RULES_NOT_SUPPORTED',
  'TIMEOUT',
  'DISCONNECTED',
  'INTERNAL',
  /** A socket that watches a room may not act in a game (issue 14). */
  'SPECTATOR',
  /** Another server recorded a move of this game first; the game was reloaded: look and try again. */
  'CONFLICT',
  /** A server refused with a sentence and no code of ours (the original server): show its text. */
  'REFUSED',
  /** A server answered something this client cannot read. */
  'BAD_REPLY',
  /** A per-account limit is reached; the acknowledgement's `reason` says which (docs/protocol.md, "Limits"). */
  'LIMIT_REACHED',
  /** Bot accounts may not do this (quick match is for people: a bot waits in a public room; docs/engines.md). */
  'NOT_FOR_BOTS',
  /** A moderator muted this account: it may play but not talk until the ack's `until` (docs/protocol.md, "Chat"). */
  'MUTED',
  /** No such player (an unknown id or username, or the server's computer player; docs/protocol.md, "Challenges"). */
  'NO_SUCH_PLAYER',
  /** One of the two players blocked the other: nothing passes between them. */
  'BLOCKED',
  /** The player is not connected: a challenge needs them online. */
  'OFFLINE',
  /** The player accepts challenges from friends only, or from nobody. */
  'NOT_ACCEPTING',
  /** The challenge is unknown, or not pending any more (answered, cancelled, expired). */
  'CHALLENGE_GONE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
