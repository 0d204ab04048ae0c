import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Friend, FriendRequest } from '../../src/protocol/friends';
import { isUniqueViolation } from '../db/conflict';
import type { Database } from '../db/schema';
import { friendUser, type PersonRow } from './people';

/** A friend request as stored: who asked whom, when. */
export interface RequestRow {
  readonly id: string;
  readonly senderId: string;
  readonly receiverId: string;
  readonly createdAt: number;
}

/**
 * Friendships and friend requests in SQL (docs/protocol.md, "Friends"). A friendship is two rows,
 * one per side, written and removed together; a request goes when it is answered.
 */
export class FriendStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** `userId`'s friends, by username. */
  async friends(userId: string): Promise<Friend[]> {
    const rows = await this.db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.friend_id')
      .select([
        'users.id',
        'users.username',
        'users.role',
        'users.created_at',
        'users.bot_since',
        'friendships.created_at as since',
      ])
      .where('friendships.user_id', '=', userId)
      .orderBy('users.username')
      .execute();
    return rows.map((row) => ({ ...friendUser(row), since: Number(row.since) }));
  }

  async friendIds(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).execute();
    return rows.map((row) => row.friend_id);
  }

  /** Since when `a` and `b` are friends (epoch ms), or null. */
  async friendsSince(a: string, b: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('friendships')
      .select('created_at')
      .where('user_id', '=', a)
      .where('friend_id', '=', b)
      .executeTakeFirst();
    return row ? Number(row.created_at) : null;
  }

  async request(id: string): Promise<RequestRow | null> {
    const row = await this.db.selectFrom('friend_requests').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRequest(row) : null;
  }

  /** The request `senderId` sent `receiverId`, if one waits. */
  async requestBetween(senderId: string, receiverId: string): Promise<RequestRow | null> {
    const row = await this.db
      .selectFrom('friend_requests')
      .selectAll()
      .where('sender_id', '=', senderId)
      .where('receiver_id', '=', receiverId)
      .executeTakeFirst();
    return row ? toRequest(row) : null;
  }

  /** A new request; the one already waiting when the same was sent before (or at the same moment). */
  async addRequest(senderId: string, receiverId: string, now = Date.now()): Promise<RequestRow> {
    const row = { id: randomUUID(), sender_id: senderId, receiver_id: receiverId, created_at: now };
    try {
      await this.db.insertInto('friend_requests').values(row).execute();
      return toRequest(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const waiting = await this.requestBetween(senderId, receiverId);
      if (!waiting) throw error;
      return waiting;
    }
  }

  /**
   * Accepts a request: it goes and the two become friends, in one transaction. False when the
   * request was gone already (answered at the same moment elsewhere).
   */
  async accept(request: RequestRow, now = Date.now()): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const gone = await tx.deleteFrom('friend_requests').where('id', '=', request.id).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) return false;
      // A reverse request, if any, is answered by the same friendship.
      await tx
        .deleteFrom('friend_requests')
        .where('sender_id', '=', request.receiverId)
        .where('receiver_id', '=', request.senderId)
        .execute();
      await tx
        .insertInto('friendships')
        .values([
          { user_id: request.senderId, friend_id: request.receiverId, created_at: now },
          { user_id: request.receiverId, friend_id: request.senderId, created_at: now },
        ])
        .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
        .execute();
      return true;
    });
  }

  /** Removes a request (declined or withdrawn); false when it was gone already. */
  async deleteRequest(id: string): Promise<boolean> {
    const gone = await this.db.deleteFrom('friend_requests').where('id', '=', id).executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  }

  /** Ends the friendship of `a` and `b`, both sides; false when they were not friends. */
  async remove(a: string, b: string): Promise<boolean> {
    const gone = await this.db
      .deleteFrom('friendships')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
          eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
        ]),
      )
      .executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  }

  /** Requests between `a` and `b`, either way (a block ends them). */
  async requestsBetween(a: string, b: string): Promise<RequestRow[]> {
    const rows = await this.db
      .selectFrom('friend_requests')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('sender_id', '=', a), eb('receiver_id', '=', b)]),
          eb.and([eb('sender_id', '=', b), eb('receiver_id', '=', a)]),
        ]),
      )
      .execute();
    return rows.map(toRequest);
  }

  /** Requests waiting for `userId` (`received`) or sent by them, oldest first. */
  async requests(userId: string, side: 'received' | 'sent'): Promise<RequestRow[]> {
    const rows = await this.db
      .selectFrom('friend_requests')
      .selectAll()
      .where(side === 'received' ? 'receiver_id' : 'sender_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map(toRequest);
  }
}

/** A request as the original answers it: its id, both users, and (ours) its date. */
export function requestShape(request: RequestRow, sender: PersonRow, receiver: PersonRow): FriendRequest {
  return {
    id: request.id,
    sender: friendUser(sender),
    receiver: friendUser(receiver),
    creation_date: new Date(request.createdAt).toISOString(),
  };
}

function toRequest(row: { id: string; sender_id: string; receiver_id: string; created_at: number }): RequestRow {
  return { id: row.id, senderId: row.sender_id, receiverId: row.receiver_id, createdAt: Number(row.created_at) };
}
