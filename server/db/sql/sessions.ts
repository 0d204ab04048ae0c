import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { SessionRow, SessionStore } from '../storage';

/** Sessions in SQL: one read per identity check (the user joined with this token's revocation). */
export class SqlSessions implements SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user named by a token and whether the token was revoked; null when the user does not exist. */
  async session(userId: string, digest: string): Promise<SessionRow | null> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('revoked_tokens', (join) =>
        join.onRef('revoked_tokens.user_id', '=', 'users.id').on('revoked_tokens.token_digest', '=', digest),
      )
      .select([
        'users.username',
        'users.sessions_from',
        'users.bot_since',
        'users.role',
        'users.banned_until',
        'revoked_tokens.token_digest',
      ])
      .where('users.id', '=', userId)
      // A deleted account's tombstone (014) is nobody to log in as.
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    return {
      username: row.username,
      sessionsFrom: row.sessions_from,
      revoked: row.token_digest !== null,
      bot: row.bot_since !== null,
      admin: row.role === 'admin',
      bannedUntil: row.banned_until === null ? null : Number(row.banned_until),
    };
  }

  /** Records one token as logged out until `expiresAt` (a second revocation of it changes nothing). */
  async revoke(digest: string, userId: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('revoked_tokens')
      .values({ token_digest: digest, user_id: userId, expires_at: expiresAt })
      .onConflict((oc) => oc.column('token_digest').doNothing())
      .execute();
  }

  /** Refuses every token of the user issued before `from`. */
  async revokeAll(userId: string, from: number): Promise<void> {
    await this.db.updateTable('users').set({ sessions_from: from }).where('id', '=', userId).execute();
  }

  /** Forgets revocations of tokens that have expired anyway; returns how many. */
  async purgeExpired(now: number): Promise<number> {
    const result = await this.db.deleteFrom('revoked_tokens').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
