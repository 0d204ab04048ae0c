import { z } from 'zod';
import { TitleSchema } from './schemas';

/*
 * Bot accounts (docs/engines.md, "Bot accounts"): an account a program plays through the API, the way
 * lichess has them. An account becomes one by an explicit, irreversible upgrade, allowed only while it
 * has played no rated game: a rating earned by a person is never carried over to a program.
 */

/** POST /users/me/bot takes no body (an empty object or nothing). */
export const BotUpgradeBodySchema = z.strictObject({}).nullish();

/** The answer: the account, now a bot (its tokens stay valid: the server reads the title at every check). */
export const BotUpgradeResponseSchema = z.object({
  id: z.string(),
  username: z.string(),
  title: TitleSchema,
  /** Epoch ms when the account became a bot. */
  botSince: z.number(),
  /** False when the account was a bot already (the call changes nothing then). */
  upgraded: z.boolean(),
});
export type BotUpgradeResponse = z.infer<typeof BotUpgradeResponseSchema>;

/** Why an upgrade is refused (409 `reason`). */
export const BOT_UPGRADE_REFUSALS = ['RATED_GAMES'] as const;
export type BotUpgradeRefusal = (typeof BOT_UPGRADE_REFUSALS)[number];
