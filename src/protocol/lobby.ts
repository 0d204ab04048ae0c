import { z } from 'zod';
import { CLASSIC_RULES } from '../game';
import type { PeopleServerToClientEvents } from './people-events';
import type { Restarting } from './operations';
import { BotLevelSchema, type ErrorAckSchema, RulesBodySchema, RulesSchema, TitleSchema } from './schemas';

/* Playing without a friend (issue 12): computer games over HTTP, and the /lobby namespace that
 * carries the quick-match queue and the live list of open games. Every shape is validated with
 * these schemas on both sides. */

/** POST /room/computer: a new room whose second member is the server's computer player, under `rules` (classic when absent). */
export const ComputerGameBodySchema = z.strictObject({ level: BotLevelSchema, rules: RulesBodySchema.optional() });
export const ComputerGameResponseSchema = z.object({
  slug: z.string(),
  bot: z.object({ userId: z.string(), username: z.string(), level: BotLevelSchema }),
});

export const LOBBY_NAMESPACE = '/lobby';

/** A public room waiting for a second player. */
export const OpenGameSchema = z.object({
  slug: z.string(),
  /** `title` BOT when a bot account waits for a person (docs/engines.md, "Bot accounts"). */
  host: z.object({ userId: z.string(), username: z.string(), title: TitleSchema.nullable().optional() }),
  /** Epoch ms (server clock) since the room has been waiting. */
  since: z.number(),
  /** The room's rules (docs/game.md, "Rule variants"); absent from older servers, which play classic. */
  rules: RulesSchema.optional(),
});
export const OpenGamesSchema = z.object({ games: z.array(OpenGameSchema) });

/**
 * `findOpponent`: the rules wanted (omitted keys take the defaults; no payload, an empty object or
 * no `rules`: classic). Only players who asked for the same rules are paired (docs/protocol.md).
 */
export const FindOpponentPayloadSchema = z
  .strictObject({ rules: RulesBodySchema.optional() })
  .nullish()
  .transform((p) => p?.rules ?? CLASSIC_RULES);
export const CancelSearchPayloadSchema = z.strictObject({}).nullish();
/** The ack of `findOpponent`: when the wait began and when the computer should be offered. */
export const SearchingSchema = z.object({
  /** Epoch ms (server clock) when the player joined the queue. */
  since: z.number(),
  /** After this long without a match the client offers a game against the computer. */
  offerComputerAfterMs: z.number().int().min(0),
  serverNow: z.number(),
});
/** Sent to both players once the queue has paired them: the room is ready for ship placement. */
export const MatchFoundSchema = z.object({
  slug: z.string(),
  opponent: z.object({ userId: z.string(), username: z.string() }),
});

export const LobbyServerEventSchemas = {
  openGames: OpenGamesSchema,
  matchFound: MatchFoundSchema,
} as const;

/** What a client sends: its rules may leave keys out (the defaults fill them). */
export type ComputerGameBody = z.input<typeof ComputerGameBodySchema>;
export type ComputerGameResponse = z.infer<typeof ComputerGameResponseSchema>;
export type OpenGame = z.infer<typeof OpenGameSchema>;
export type OpenGames = z.infer<typeof OpenGamesSchema>;
export type Searching = z.infer<typeof SearchingSchema>;
export type MatchFound = z.infer<typeof MatchFoundSchema>;

/** Besides the open games and the queue, /lobby carries what concerns people (people-events.ts). */
export interface LobbyServerToClientEvents extends PeopleServerToClientEvents {
  openGames: (payload: OpenGames) => void;
  matchFound: (payload: MatchFound) => void;
  /** A pairing failed: the player is still searching, at the place they had (same `since`). */
  searching: (payload: Searching) => void;
  /** The node restarts and closes this socket now; connect again (src/protocol/operations.ts). */
  restarting: (payload: Restarting) => void;
}
export interface LobbyClientToServerEvents {
  findOpponent: (
    payload: z.input<typeof FindOpponentPayloadSchema>,
    ack: (reply: Searching | z.infer<typeof ErrorAckSchema>) => void,
  ) => void;
  cancelSearch: (payload: Record<string, never>, ack: (reply: null | z.infer<typeof ErrorAckSchema>) => void) => void;
}
