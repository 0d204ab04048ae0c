import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../conflict';
import type { Database } from '../schema';
import type { BotUpgrade, PlayerRecord, UserRow, UserStore } from '../storage';

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

  async upgradeToBot(userId: string, now = Date.now()): Promise<BotUpgrade> {
    return this.db.transaction().execute(async (tx): Promise<BotUpgrade> => {
      const row = await tx.selectFrom('users').select('bot_since').where('id', '=', userId).executeTakeFirst();
      if (!row) return { outcome: 'NOT_FOUND' };
      if (row.bot_since !== null) return { outcome: 'ALREADY_BOT', botSince: Number(row.bot_since) };
      const rated = await tx
        .selectFrom('game_ratings')
        .select('game_id')
        .where('user_id', '=', userId)
        .limit(1)
        .execute();
      if (rated.length > 0) return { outcome: 'RATED_GAMES' };
      // Only a person's row changes: of two upgrades at once, the second finds bot_since set.
      const done = await tx
        .updateTable('users')
        .set({ bot_since: now })
        .where('id', '=', userId)
        .where('bot_since', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 1) return { outcome: 'UPGRADED', botSince: now };
      const again = await tx.selectFrom('users').select('bot_since').where('id', '=', userId).executeTakeFirst();
      return { outcome: 'ALREADY_BOT', botSince: Number(again?.bot_since ?? now) };
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

  /**
   * Finished rounds the user played, and those won, against people and against the computer apart
   * (the opponent's `users.bot_level` tells which).
   */
  async record(userId: string): Promise<PlayerRecord> {
    const rows = await this.db
      .selectFrom('games')
      .innerJoin('members as me', 'me.room_slug', 'games.room_slug')
      .innerJoin('members as them', 'them.room_slug', 'games.room_slug')
      .innerJoin('users as opponent', 'opponent.id', 'them.user_id')
      .where('me.user_id', '=', userId)
      .where('them.user_id', '!=', userId)
      .where('games.ended_at', 'is not', null)
      .select((eb) => [
        eb.case().when('opponent.bot_level', 'is', null).then(0).else(1).end().as('computer'),
        eb.fn.countAll<number>().as('played'),
        eb.fn.sum<number>(eb.case().when('games.winner_id', '=', userId).then(1).else(0).end()).as('won'),
      ])
      .groupBy('computer')
      .execute();
    const people = rows.find((r) => Number(r.computer) === 0);
    const computer = rows.find((r) => Number(r.computer) === 1);
    return {
      gamesPlayed: Number(people?.played ?? 0),
      gamesWon: Number(people?.won ?? 0),
      computerGamesPlayed: Number(computer?.played ?? 0),
      computerGamesWon: Number(computer?.won ?? 0),
    };
  }
}
