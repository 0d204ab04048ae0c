import type { Kysely } from 'kysely';
import type { MutedPlayer } from '../../src/protocol';
import type { Database } from '../db/schema';

/**
 * A player's own mutes (docs/game.md, "Chat"): one-sided and remembered with the account. The
 * muted player's lines, quick messages included, are no longer shown to the one who muted them, in
 * any room, from then on; the muted player is not told. (An admin's mute, which keeps an account
 * from talking at all, is `ctx.moderation`'s.)
 */
export class Mutes {
  constructor(private readonly db: Kysely<Database>) {}

  /** False when it was muted already. */
  async mute(userId: string, mutedId: string, at = Date.now()): Promise<boolean> {
    const result = await this.db
      .insertInto('chat_mutes')
      .values({ user_id: userId, muted_id: mutedId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'muted_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** False when there was no such mute. */
  async unmute(userId: string, mutedId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chat_mutes')
      .where('user_id', '=', userId)
      .where('muted_id', '=', mutedId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The players `userId` muted, most recent first. */
  async list(userId: string): Promise<MutedPlayer[]> {
    const rows = await this.db
      .selectFrom('chat_mutes')
      .innerJoin('users', 'users.id', 'chat_mutes.muted_id')
      .select(['chat_mutes.muted_id', 'users.username', 'chat_mutes.created_at'])
      .where('chat_mutes.user_id', '=', userId)
      .orderBy('chat_mutes.created_at', 'desc')
      .execute();
    return rows.map((row) => ({ userId: row.muted_id, username: row.username, since: Number(row.created_at) }));
  }

  /**
   * Who must not read `userId`'s lines: the players who muted them, and those in a block with them
   * either way (one query; docs/game.md, "Blocking a player").
   */
  async deafTo(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('chat_mutes')
      .select('user_id as id')
      .where('muted_id', '=', userId)
      .union(this.db.selectFrom('blocks').select('blocked_id as id').where('user_id', '=', userId))
      .union(this.db.selectFrom('blocks').select('user_id as id').where('blocked_id', '=', userId))
      .execute();
    return rows.map((row) => row.id);
  }
}
