import { BotLevelSchema, type PublicUser, type UpdatedUser } from '../../src/protocol';
import type { AccountRow } from './account-store';

/**
 * A player as anyone logged in sees them (`GET /users/:id`, search results): the original's fields
 * `id`, `username`, `role` and `creation_date`, our `title` and `bot`; never the e-mail or the hash.
 */
export function publicUser(account: AccountRow): PublicUser {
  const bot = BotLevelSchema.safeParse(account.botLevel);
  return {
    id: account.id,
    username: account.username,
    role: account.role,
    creation_date: new Date(account.createdAt).toISOString(),
    title: account.botSince === null ? null : 'BOT',
    bot: bot.success ? bot.data : null,
  };
}

/** The account as its owner sees it after a change: the public fields and the e-mail. */
export function ownAccount(account: AccountRow): UpdatedUser {
  return { ...publicUser(account), email: account.email };
}
