import { type Kysely, sql } from 'kysely';
import { deletedUsername } from '../../src/protocol';
import { isUniqueViolation } from '../db/conflict';
import type { Database } from '../db/schema';

/** An account as this plugin reads it: everything but what other plugins keep. */
export interface AccountRow {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly role: 'player' | 'admin';
  readonly createdAt: number;
  /** The computer's level for one of the server's computer players, else null. */
  readonly botLevel: string | null;
  readonly botSince: number | null;
  readonly deletedAt: number | null;
}

/** What a `PUT /users/:id` writes, already checked and hashed. */
export interface AccountChanges {
  readonly username?: string;
  readonly email?: string;
  readonly passwordHash?: string;
}

export type ChangeOutcome = 'OK' | 'USERNAME_TAKEN' | 'EMAIL_TAKEN' | 'NOT_FOUND';

type UsersRow = Database['users'];

function accountOf(row: {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  role: string;
  created_at: number;
  bot_level: string | null;
  bot_since: number | null;
  deleted_at: number | null;
}): AccountRow {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role === 'admin' ? 'admin' : 'player',
    createdAt: Number(row.created_at),
    botLevel: row.bot_level,
    botSince: row.bot_since === null ? null : Number(row.bot_since),
    deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
  };
}

const COLUMNS = [
  'id',
  'username',
  'email',
  'password_hash',
  'role',
  'created_at',
  'bot_level',
  'bot_since',
  'deleted_at',
] as const satisfies readonly (keyof UsersRow)[];

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (escape character `\`). */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Accounts in SQL for profiles, search and "your account" (SQLite and PostgreSQL alike). Names are
 * compared with the database's `lower()`, the function of the unique index on usernames, so the
 * check here and the index agree on what a clash is; the index is the arbiter when two changes race.
 */
export class AccountStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account, deleted or not; null when there never was one. */
  async find(userId: string): Promise<AccountRow | null> {
    const row = await this.db.selectFrom('users').select(COLUMNS).where('id', '=', userId).executeTakeFirst();
    return row ? accountOf(row) : null;
  }

  /** The live account of a person (not a computer player) with this e-mail (any case), or null. */
  async findByEmail(email: string): Promise<AccountRow | null> {
    const row = await this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where('email', '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .where('bot_level', 'is', null)
      .executeTakeFirst();
    return row ? accountOf(row) : null;
  }

  /** Whether `userId` blocked `otherId` (one way: what the Block button of a profile shows). */
  async blocked(userId: string, otherId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blocks')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('blocked_id', '=', otherId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Live accounts whose username starts with `prefix` (any case), by username, one page, and how
   * many match in all. The server's computer players are not accounts one meets by name: left out.
   */
  async search(prefix: string, page: number, pageSize: number): Promise<{ total: number; users: AccountRow[] }> {
    const matching = this.db
      .selectFrom('users')
      .where(sql<boolean>`lower(username) like lower(${likePrefix(prefix)}) escape '\\'`)
      .where('deleted_at', 'is', null)
      .where('bot_level', 'is', null);
    const counted = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await matching
      .select(COLUMNS)
      .orderBy(sql`lower(username)`)
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(counted?.n ?? 0), users: rows.map(accountOf) };
  }

  /** Who else holds this username (any case) or e-mail; null when nobody does. */
  private async clash(
    db: Kysely<Database>,
    userId: string,
    changes: AccountChanges,
  ): Promise<'USERNAME_TAKEN' | 'EMAIL_TAKEN' | null> {
    if (changes.username !== undefined) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`lower(username) = lower(${changes.username})`)
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (row) return 'USERNAME_TAKEN';
    }
    if (changes.email !== undefined) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', changes.email.toLowerCase())
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (row) return 'EMAIL_TAKEN';
    }
    return null;
  }

  /**
   * Writes the changes of a live account in one statement, unless another account holds the new
   * username or e-mail: then nothing changes. `sessionsFrom` (epoch ms) refuses the account's tokens
   * issued before it, in the same statement (a new password ends every other session).
   */
  async change(userId: string, changes: AccountChanges, sessionsFrom: number | null = null): Promise<ChangeOutcome> {
    const set = {
      ...(changes.username === undefined ? {} : { username: changes.username }),
      ...(changes.email === undefined ? {} : { email: changes.email.toLowerCase() }),
      ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
      ...(sessionsFrom === null ? {} : { sessions_from: sessionsFrom }),
    };
    if (Object.keys(set).length === 0) return (await this.find(userId))?.deletedAt === null ? 'OK' : 'NOT_FOUND';
    try {
      return await this.db.transaction().execute(async (tx): Promise<ChangeOutcome> => {
        const taken = await this.clash(tx, userId, changes);
        if (taken) return taken;
        const done = await tx
          .updateTable('users')
          .set(set)
          .where('id', '=', userId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        return Number(done.numUpdatedRows) === 1 ? 'OK' : 'NOT_FOUND';
      });
    } catch (error) {
      // Two changes to one name at the same moment (PostgreSQL runs them side by side): the unique
      // indexes let one through, the other lands here and is told which field was taken.
      if (!isUniqueViolation(error)) throw error;
      const taken = await this.clash(this.db, userId, changes);
      if (!taken) throw error;
      return taken;
    }
  }

  /**
   * Deletes a live account in one transaction (docs/protocol.md, "Deleting an account"): its row
   * becomes a tombstone — a reserved name, no e-mail, no password hash, no role, ban or mute, every
   * token refused from `now` — so its games stay in the other players' histories; its ratings (the
   * leaderboard), blocks and password-reset links go; then `more` removes what other capabilities
   * keep (friends, messages). False when there is no live account by that id (nothing changed).
   */
  async delete(
    userId: string,
    now: number,
    more: (userId: string, tx: Kysely<Database>) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const done = await tx
        .updateTable('users')
        .set({
          username: deletedUsername(userId),
          // Unique and on the reserved .invalid domain: nobody logs in with it or receives mail there.
          email: `deleted-${userId}@deleted.broadside.invalid`,
          // Not an argon2 hash: no password ever verifies against it.
          password_hash: '!deleted-account',
          role: 'player',
          banned_until: null,
          ban_reason: null,
          muted_until: null,
          sessions_from: now,
          deleted_at: now,
        })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .where('bot_level', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await tx.deleteFrom('ratings').where('user_id', '=', userId).execute();
      await tx
        .deleteFrom('blocks')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('blocked_id', '=', userId)]))
        .execute();
      await tx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      // Revocations of single tokens are moot: every token of the account is refused from now on.
      await tx.deleteFrom('revoked_tokens').where('user_id', '=', userId).execute();
      await more(userId, tx);
      return true;
    });
  }
}
