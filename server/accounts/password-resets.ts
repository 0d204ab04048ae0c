import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

const digestOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * The links of "Forgot your password?" (docs/protocol.md, "Password reset"): a token of 256 random
 * bits, stored only as its SHA-256 (the table holds no usable link), valid for an hour, used once.
 * A new link replaces the account's older ones; using one removes them all.
 */
export class PasswordResets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs = RESET_LINK_MINUTES * 60_000,
  ) {}

  /** A new link's token for the account (its older links stop working). */
  async issue(userId: string, now = Date.now()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await tx
        .insertInto('password_resets')
        .values({ token_digest: digestOf(token), user_id: userId, created_at: now, expires_at: now + this.ttlMs })
        .execute();
    });
    return token;
  }

  /**
   * The account a valid, unexpired token was issued for, with every link of that account used up
   * at once (one statement claims the token: of two uses at the same moment, one wins); null when
   * the token is unknown, used or expired.
   */
  async use(token: string, now = Date.now()): Promise<string | null> {
    const claimed = await this.db
      .deleteFrom('password_resets')
      .where('token_digest', '=', digestOf(token))
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!claimed) return null;
    await this.db.deleteFrom('password_resets').where('user_id', '=', claimed.user_id).execute();
    return Number(claimed.expires_at) > now ? claimed.user_id : null;
  }

  /** Forgets expired links; returns how many. */
  async purgeExpired(now = Date.now()): Promise<number> {
    const done = await this.db.deleteFrom('password_resets').where('expires_at', '<=', now).executeTakeFirst();
    return Number(done.numDeletedRows);
  }
}
