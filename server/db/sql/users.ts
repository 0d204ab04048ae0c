import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../conflict';
import { isPostgres } from '../postgres';
import { totalRecord } from '../records';
import type { Database } from '../schema';
import type { BotUpgrade, PlayerRecord, UserRow, UserStore } from '../storage';
import { playedGames } from './records';

/** Accounts in SQL (SQLite or PostgreSQL, one schema). */
export class SqlUsers implements UserStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a user unless the username or e-mail (case-insensitive) is taken. */
  async createUser(user: UserRow): Promise<'OK' | 'USERNAME_TAKEN' | 'EMAIL_TAKEN'> {
    const email = user.email.toLowerCase();
    const clash = async (db: Kysely<Database>): Promise<'USERNAME_TAKEN' | 'EMAIL_TAKEN' | null> => {
      const row = await db
        .selectFrom('users')
        .select(['username', 'email'])
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['username']), '=', user.username.toLowerCase()), eb('email', '=', email)]),
        )
        .executeTakeFirst();
      return row ? (row.email === email ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN') : null;
    };
    try {
      return await this.db.transaction().execute(async (tx) => {
        const taken = await clash(tx);
        if (taken) return taken;
        await tx
          .insertInto('users')
          .values({
            id: user.id,
            username: user.username,
            email,
            password_hash: user.passwordHash,
            created_at: Date.now(),
          })
          .execute();
        return 'OK';
      });
    } catch (error) {
      // Two sign-ups for one name at the same moment (PostgreSQL runs them side by side): the unique
      // indexes let one through; the other lands here and is told which field was taken.
      if (!isUniqueViolation(error)) throw error;
      const taken = await clash(this.db);
      if (!taken) throw error;
      return taken;
    }
  }

  private toUser(
    row: { id: string; username: string; email: string; password_hash: string; bot_since: number | null } | undefined,
  ): UserRow | null {
    if (!row) return null;
    const botSince = row.bot_since === null ? null : Number(row.bot_since);
    return { id: row.id, username: row.username, email: row.email, passwordHash: row.password_hash, botSince };
  }

  /**
   * Upgrades a person's account to a bot account unless it has a rated game, atomically against
   * the rating of its first game (docs/engines.md, "Bot accounts"). On PostgreSQL the user's row is
   * locked first (FOR NO KEY UPDATE, so rows that only reference the user are not held up), and
   * SqlRatings.settle reads its players' rows FOR SHARE: either that rating has committed its
   * game_ratings before the conditional update below looks (refused), or it waits and rates the
   * account as the bot it now is. SQLite runs one transaction at a time, and the conditional
   * update decides in one statement.
   */
  async upgradeToBot(userId: string, now = Date.now()): Promise<BotUpgrade> {
    const postgres = isPostgres(this.db);
    return this.db.transaction().execute(async (tx): Promise<BotUpgrade> => {
      const row = await tx
        .selectFrom('users')
        .select('bot_since')
        .where('id', '=', userId)
        .$if(postgres, (q) => q.forNoKeyUpdate())
        .executeTakeFirst();
      if (!row) return { outcome: 'NOT_FOUND' };
      if (row.bot_since !== null) return { outcome: 'ALREADY_BOT', botSince: Number(row.bot_since) };
      const done = await tx
        .updateTable('users')
        .set({ bot_since: now })
        .where('id', '=', userId)
        .where('bot_since', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('game_ratings').select('game_id').where('game_ratings.user_id', '=', userId))),
        )
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 1) return { outcome: 'UPGRADED', botSince: now };
      const again = await tx.selectFrom('users').select('bot_since').where('id', '=', userId).executeTakeFirst();
      return again?.bot_since == null
        ? { outcome: 'RATED_GAMES' }
        : { outcome: 'ALREADY_BOT', botSince: Number(again.bot_since) };
    });
  }

  async findUserByEmail(email: string): Promise<UserRow | null> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return this.toUser(row);
  }

  async findUserById(id: string): Promise<UserRow | null> {
    return this.toUser(await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
  }

  /** Finished rounds the user played, and those won, against people and against the computer apart. */
  async record(userId: string): Promise<PlayerRecord> {
    return totalRecord(await playedGames(this.db, userId));
  }
}
