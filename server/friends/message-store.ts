import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A direct message as stored. */
export interface MessageRow {
  readonly id: string;
  readonly senderId: string;
  readonly receiverId: string;
  readonly message: string;
  readonly deleted: boolean;
  readonly createdAt: number;
  readonly editedAt: number | null;
  readonly readAt: number | null;
}

/** The newest messages `GET /messages` lists per conversation (the original lists them all). */
export const ALL_MESSAGES_PER_CONVERSATION = 500;

/** The conversations `GET /messages/conversations` lists, the most recent first. */
export const CONVERSATIONS_LISTED = 100;

function toMessage(row: {
  id: string;
  sender_id: string;
  receiver_id: string;
  message: string;
  deleted: number;
  created_at: number;
  edited_at: number | null;
  read_at: number | null;
}): MessageRow {
  return {
    id: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    message: row.message,
    deleted: Number(row.deleted) === 1,
    createdAt: Number(row.created_at),
    editedAt: row.edited_at === null ? null : Number(row.edited_at),
    readAt: row.read_at === null ? null : Number(row.read_at),
  };
}

/** One conversation: the other player, its latest message, and how many of theirs `userId` has not read. */
export interface ConversationRow {
  readonly otherId: string;
  readonly last: MessageRow;
  /** The latest message `userId` sent in it (what shows when the other player is muted). */
  readonly lastOwn: MessageRow | null;
  readonly unread: number;
}

/**
 * Direct messages in SQL (docs/protocol.md, "Direct messages"). Deleting is soft, as the original
 * does (the message keeps its place, marked deleted); its text is wiped at once.
 */
export class MessageStore {
  constructor(private readonly db: Kysely<Database>) {}

  private selectAll() {
    return this.db.selectFrom('direct_messages').selectAll();
  }

  async add(senderId: string, receiverId: string, message: string, now = Date.now()): Promise<MessageRow> {
    const row = {
      id: randomUUID(),
      sender_id: senderId,
      receiver_id: receiverId,
      message,
      deleted: 0,
      created_at: now,
      edited_at: null,
      read_at: null,
    };
    await this.db.insertInto('direct_messages').values(row).execute();
    return toMessage(row);
  }

  async get(id: string): Promise<MessageRow | null> {
    const row = await this.selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toMessage(row) : null;
  }

  /** Changes the text of a message not deleted; the message as it is now, or null when it was deleted meanwhile. */
  async edit(id: string, message: string, now = Date.now()): Promise<MessageRow | null> {
    const done = await this.db
      .updateTable('direct_messages')
      .set({ message, edited_at: now })
      .where('id', '=', id)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0 ? this.get(id) : null;
  }

  /** Marks a message deleted and wipes its text (its place in the conversation stays). */
  async softDelete(id: string): Promise<MessageRow | null> {
    await this.db.updateTable('direct_messages').set({ deleted: 1, message: '' }).where('id', '=', id).execute();
    return this.get(id);
  }

  private between(a: string, b: string) {
    return this.selectAll().where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', a), eb('receiver_id', '=', b)]),
        eb.and([eb('sender_id', '=', b), eb('receiver_id', '=', a)]),
      ]),
    );
  }

  /** The conversation of `a` and `b`: the `limit` messages before `before` (epoch ms; the newest when absent), oldest first. */
  async conversation(
    a: string,
    b: string,
    { before, limit }: { before?: number; limit: number },
  ): Promise<MessageRow[]> {
    let query = this.between(a, b);
    if (before !== undefined) query = query.where('created_at', '<', before);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toMessage).reverse();
  }

  /**
   * Every message of `userId` not deleted, oldest first (`GET /messages`), at most
   * ALL_MESSAGES_PER_CONVERSATION per conversation (its newest).
   */
  async everyConversation(userId: string): Promise<MessageRow[]> {
    const rows = await this.selectAll()
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .where('deleted', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const kept = new Map<string, number>();
    const messages: MessageRow[] = [];
    for (const row of rows) {
      const other = row.sender_id === userId ? row.receiver_id : row.sender_id;
      const count = kept.get(other) ?? 0;
      if (count >= ALL_MESSAGES_PER_CONVERSATION) continue;
      kept.set(other, count + 1);
      messages.push(toMessage(row));
    }
    return messages.reverse();
  }

  /** Every message `userId` sent or received, deleted ones too, oldest first (the account's export). */
  async allOf(userId: string): Promise<MessageRow[]> {
    const rows = await this.selectAll()
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toMessage);
  }

  /** `userId`'s conversations, the most recent first, each with its latest message and unread count. */
  async conversations(userId: string): Promise<ConversationRow[]> {
    const others = await this.db
      .selectFrom('direct_messages')
      .select((eb) => [
        eb
          .case()
          .when('sender_id', '=', userId)
          .then(eb.ref('receiver_id'))
          .else(eb.ref('sender_id'))
          .end()
          .as('other'),
        eb.fn.max('created_at').as('at'),
      ])
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .groupBy('other')
      .orderBy('at', 'desc')
      .limit(CONVERSATIONS_LISTED)
      .execute();
    const unread = await this.unread(userId);
    const result: ConversationRow[] = [];
    for (const { other } of others) {
      const [last] = await this.conversation(userId, other, { limit: 1 });
      if (!last) continue;
      const lastOwn = last.senderId === userId ? last : await this.latestFrom(userId, other);
      result.push({ otherId: other, last, lastOwn, unread: unread.byUser[other] ?? 0 });
    }
    return result;
  }

  /** The latest message `senderId` sent `receiverId`, or null. */
  private async latestFrom(senderId: string, receiverId: string): Promise<MessageRow | null> {
    const row = await this.selectAll()
      .where('sender_id', '=', senderId)
      .where('receiver_id', '=', receiverId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toMessage(row) : null;
  }

  /** Messages to `userId` not read yet (deleted ones apart): in all and per sender. */
  async unread(userId: string): Promise<{ total: number; byUser: Record<string, number> }> {
    const rows = await this.db
      .selectFrom('direct_messages')
      .select((eb) => ['sender_id', eb.fn.countAll<number>().as('n')])
      .where('receiver_id', '=', userId)
      .where('read_at', 'is', null)
      .where('deleted', '=', 0)
      .groupBy('sender_id')
      .execute();
    const byUser: Record<string, number> = {};
    let total = 0;
    for (const row of rows) {
      const n = Number(row.n);
      byUser[row.sender_id] = n;
      total += n;
    }
    return { total, byUser };
  }

  /** Marks every message `from` sent `to` as read; how many were unread. */
  async markRead(to: string, from: string, now = Date.now()): Promise<number> {
    const done = await this.db
      .updateTable('direct_messages')
      .set({ read_at: now })
      .where('receiver_id', '=', to)
      .where('sender_id', '=', from)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows);
  }
}
