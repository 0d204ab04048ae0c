import type { Kysely } from 'kysely';
import type { BlockedPlayer } from '../../src/protocol';
import type { Database } from '../db/schema';

/** A block just made or lifted: who blocked whom. */
export interface BlockChange {
  readonly userId: string;
  readonly blockedId: string;
  readonly blocked: boolean;
}

/**
 * Blocks (docs/game.md, "Blocking a player"): one player blocks another, and from then on nothing
 * passes between the two, either way — no chat line, direct message, friend request, challenge or
 * quick-match pairing. Every capability that lets two players meet asks `between` first; those that
 * keep a relation (friends, pending requests) end it on `onChange`.
 */
export class Blocks {
  private readonly listeners = new Set<(change: BlockChange) => void | Promise<void>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Blocks `blockedId` for `userId`; false when it was blocked already. */
  async block(userId: string, blockedId: string, at = Date.now()): Promise<boolean> {
    const result = await this.db
      .insertInto('blocks')
      .values({ user_id: userId, blocked_id: blockedId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'blocked_id']).doNothing())
      .executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    if (added) await this.announce({ userId, blockedId, blocked: true });
    return added;
  }

  /** Lifts `userId`'s block of `blockedId`; false when there was none. */
  async unblock(userId: string, blockedId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('blocks')
      .where('user_id', '=', userId)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    if (removed) await this.announce({ userId, blockedId, blocked: false });
    return removed;
  }

  /** True when either of the two blocked the other. */
  async between(a: string, b: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blocks')
      .select('user_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a), eb('blocked_id', '=', b)]),
          eb.and([eb('user_id', '=', b), eb('blocked_id', '=', a)]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Of `others`, those `userId` blocked or who blocked `userId` (one query for a whole list). */
  async amongst(userId: string, others: readonly string[]): Promise<Set<string>> {
    if (others.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('blocks')
      .select(['user_id', 'blocked_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', userId), eb('blocked_id', 'in', others)]),
          eb.and([eb('blocked_id', '=', userId), eb('user_id', 'in', others)]),
        ]),
      )
      .execute();
    return new Set(rows.map((row) => (row.user_id === userId ? row.blocked_id : row.user_id)));
  }

  /** The players `userId` blocked, most recent first. */
  async list(userId: string): Promise<BlockedPlayer[]> {
    const rows = await this.db
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked_id')
      .select(['blocks.blocked_id', 'users.username', 'blocks.created_at'])
      .where('blocks.user_id', '=', userId)
      .orderBy('blocks.created_at', 'desc')
      .execute();
    return rows.map((row) => ({ userId: row.blocked_id, username: row.username, since: Number(row.created_at) }));
  }

  /** Calls `listener` after each block made or lifted on this node (friends end, requests go). */
  onChange(listener: (change: BlockChange) => void | Promise<void>): void {
    this.listeners.add(listener);
  }

  private async announce(change: BlockChange): Promise<void> {
    for (const listener of this.listeners) await listener(change);
  }
}
