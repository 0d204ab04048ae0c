import { z } from 'zod';
import { RulesSchema, TitleSchema } from './schemas';

/* The games being played now, to pick one to watch (docs/protocol.md, "Live games"). */

export const LIVE_GAMES_PATH = '/games/live';

/** A room whose round is under way (ships being placed, or shots) with a player at the table. */
export const LiveGameSchema = z.object({
  slug: z.string(),
  /** Both seats, in the room's order; `title` BOT for a bot account. */
  players: z.array(z.object({ userId: z.string(), username: z.string(), title: TitleSchema.nullable().optional() })),
  status: z.enum(['PLACE_SHIPS', 'PLAY']),
  /** Epoch ms (server clock) since the round has been under way. */
  since: z.number(),
  rules: RulesSchema,
  /** The turn clock in seconds, or null for none. */
  turnSeconds: z.number().nullable(),
});
export const LiveGamesSchema = z.object({ games: z.array(LiveGameSchema) });

export type LiveGame = z.infer<typeof LiveGameSchema>;
export type LiveGames = z.infer<typeof LiveGamesSchema>;
