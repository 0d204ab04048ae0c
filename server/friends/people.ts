import type { Kysely } from 'kysely';
import type { FriendUser } from '../../src/protocol/friends';
import type { Database } from '../db/schema';

/** The columns of `users` that another player may see (never the e-mail or the password hash). */
export const PUBLIC_COLUMNS = ['id', 'username', 'role', 'created_at', 'bot_since'] as const;

export interface PersonRow {
  readonly id: string;
  readonly username: string;
  readonly role: string;
  readonly created_at: number;
  readonly bot_since: number | null;
}

/** A person as friends, requests and messages show them: the original system's user, less its secrets. */
export function friendUser(row: PersonRow): FriendUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role === 'admin' ? 'admin' : 'player',
    creation_date: new Date(Number(row.created_at)).toISOString(),
    title: row.bot_since === null ? null : 'BOT',
  };
}

/**
 * Players someone may befriend, message or challenge: accounts people (or their bots) log in
 * to. The server's computer players (`bot_level`) are no one's friends; a deleted account (its
 * tombstone, `deleted_at`) is no one at all.
 */
export class People {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('users')
      .select([...PUBLIC_COLUMNS])
      .where('bot_level', 'is', null)
      .where('deleted_at', 'is', null);
  }

  async byId(id: string): Promise<PersonRow | null> {
    return (await this.base().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** By username, whatever its case (usernames are unique that way). */
  async byName(username: string): Promise<PersonRow | null> {
    const row = await this.base()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    return row ?? null;
  }

  /** Several at once, by id (those that exist). */
  async many(ids: readonly string[]): Promise<Map<string, PersonRow>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.base().where('id', 'in', unique).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** By id or username, as a body names them. */
  find(who: { userId?: string; username?: string }): Promise<PersonRow | null> {
    if (who.userId !== undefined) return this.byId(who.userId);
    if (who.username !== undefined) return this.byName(who.username);
    return Promise.resolve(null);
  }
}
