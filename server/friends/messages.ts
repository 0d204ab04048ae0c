import type { TranscriptLine } from '../../src/protocol';
import type { Conversation, DirectMessage, Unread } from '../../src/protocol/direct-messages';
import type { Mutes } from '../chat/mutes';
import type { TalkLimiter } from '../chat/talk-limiter';
import { limitMessage } from '../caps/messages';
import { type LobbyNamespace, userRoom } from '../lobby/namespace';
import type { Blocks } from '../moderation/blocks';
import type { Moderation } from '../moderation/moderation';
import type { Friends } from './friends';
import type { MessageRow, MessageStore } from './message-store';
import { blocked, noSuchPlayer, PeopleError } from './people-error';
import { friendUser, type People, type PersonRow } from './people';

interface Deps {
  readonly store: MessageStore;
  readonly people: People;
  readonly friends: Friends;
  readonly blocks: Blocks;
  readonly moderation: Moderation;
  /** Players' own mutes (server/chat/mutes.ts): a muted player's messages are hidden from the one who muted them. */
  readonly mutes: Mutes;
  /** The chat's pace, per account (server/chat/talk-limiter.ts): a message counts as a line. */
  readonly talk: TalkLimiter;
  readonly lobby: LobbyNamespace;
}

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

/** A deleted account (a tombstone) reads as this in a message kept from before (never happens once forgotten). */
const GONE: PersonRow = { id: '', username: '', role: 'player', created_at: 0, bot_since: null };

/**
 * Direct messages between friends (docs/protocol.md, "Direct messages"): sent only to a friend
 * nobody blocked, by an account no moderator muted, at the chat's pace and with its text rules;
 * edited and deleted by their author only (a delete keeps the message's place, marked deleted, its
 * text gone). Every change reaches both players' /lobby sockets on every node, and the receiver's
 * unread count follows. A player who muted another (the chat's own mute) does not see that
 * player's messages, live or read later, nor count them unread; the sender is not told.
 */
export class Messages {
  constructor(private readonly deps: Deps) {}

  /** The players whose messages `reader` does not see (muted). */
  private async hiddenFrom(reader: string): Promise<Set<string>> {
    return new Set((await this.deps.mutes.list(reader)).map((muted) => muted.userId));
  }

  /** The message as both players see it. */
  shape(row: MessageRow, people: ReadonlyMap<string, PersonRow>): DirectMessage {
    return {
      id: row.id,
      message: row.deleted ? '' : row.message,
      deleted: row.deleted,
      sender: friendUser(people.get(row.senderId) ?? { ...GONE, id: row.senderId }),
      receiver: friendUser(people.get(row.receiverId) ?? { ...GONE, id: row.receiverId }),
      creation_date: new Date(row.createdAt).toISOString(),
      edited_date: iso(row.editedAt),
      read_date: iso(row.readAt),
    };
  }

  private async shapeOne(row: MessageRow): Promise<DirectMessage> {
    return this.shape(row, await this.deps.people.many([row.senderId, row.receiverId]));
  }

  /** Tells both players of a new or changed message (the receiver unless they muted the sender), and the receiver their unread count. */
  private async tell(message: DirectMessage): Promise<void> {
    const { sender, receiver } = message;
    const hidden = (await this.hiddenFrom(receiver.id)).has(sender.id);
    const to = hidden ? [userRoom(sender.id)] : [userRoom(sender.id), userRoom(receiver.id)];
    this.deps.lobby.to(to).emit('directMessage', message);
    if (!hidden) await this.tellUnread(receiver.id);
  }

  async tellUnread(userId: string): Promise<void> {
    this.deps.lobby.to(userRoom(userId)).emit('unread', await this.unread(userId));
  }

  /** May `me` talk now: not muted, within the chat's pace. */
  private async mayTalk(me: string): Promise<void> {
    const until = await this.deps.moderation.mutedUntil(me);
    if (until !== null) {
      throw new PeopleError(403, 'MUTED', `A moderator muted you until ${new Date(until).toISOString()}`, { until });
    }
    const limit = await this.deps.talk.take(me);
    if (limit) throw new PeopleError(429, 'LIMIT_REACHED', limitMessage(limit), { limit });
  }

  async send(me: string, to: string, text: string): Promise<DirectMessage> {
    const receiver = await this.deps.people.byId(to);
    if (!receiver) throw noSuchPlayer();
    if (receiver.id === me) throw new PeopleError(400, 'BAD_PAYLOAD', 'You cannot send a message to yourself');
    if (await this.deps.blocks.between(me, to)) throw blocked('send messages to');
    if (!(await this.deps.friends.areFriends(me, to))) {
      throw new PeopleError(403, 'BAD_PAYLOAD', 'You can send messages to your friends only');
    }
    await this.mayTalk(me);
    const message = await this.shapeOne(await this.deps.store.add(me, to, text));
    await this.tell(message);
    return message;
  }

  /** One of `me`'s own messages, not deleted; refusals otherwise. */
  private async own(me: string, id: string): Promise<MessageRow> {
    const row = await this.deps.store.get(id);
    if (!row || (row.senderId !== me && row.receiverId !== me)) {
      throw new PeopleError(404, 'BAD_PAYLOAD', 'No such message');
    }
    if (row.senderId !== me) throw new PeopleError(403, 'BAD_PAYLOAD', 'Only its author may change a message');
    if (row.deleted) throw new PeopleError(409, 'BAD_PAYLOAD', 'This message was deleted');
    return row;
  }

  async edit(me: string, id: string, text: string): Promise<DirectMessage> {
    const row = await this.own(me, id);
    if (await this.deps.blocks.between(me, row.receiverId)) throw blocked('send messages to');
    await this.mayTalk(me);
    const edited = await this.deps.store.edit(id, text);
    if (!edited) throw new PeopleError(409, 'BAD_PAYLOAD', 'This message was deleted');
    const message = await this.shapeOne(edited);
    await this.tell(message);
    return message;
  }

  async remove(me: string, id: string): Promise<DirectMessage> {
    await this.own(me, id);
    const deleted = await this.deps.store.softDelete(id);
    if (!deleted) throw new PeopleError(404, 'BAD_PAYLOAD', 'No such message');
    const message = await this.shapeOne(deleted);
    await this.tell(message);
    return message;
  }

  /** The conversation of `me` with `other`, a page of it, oldest first. */
  async conversation(me: string, other: string, page: { before?: number; limit: number }): Promise<DirectMessage[]> {
    const person = await this.deps.people.byId(other);
    if (!person) throw noSuchPlayer();
    const hidden = await this.hiddenFrom(me);
    const rows = await this.deps.store.conversation(me, other, page);
    const people = await this.deps.people.many([me, other]);
    return rows.filter((row) => !hidden.has(row.senderId)).map((row) => this.shape(row, people));
  }

  /** `GET /messages`: the messages not deleted, by the other player's username. */
  async everything(me: string): Promise<Record<string, DirectMessage[]>> {
    const hidden = await this.hiddenFrom(me);
    const rows = (await this.deps.store.everyConversation(me)).filter((row) => !hidden.has(row.senderId));
    const people = await this.deps.people.many(rows.flatMap((row) => [row.senderId, row.receiverId]));
    const byName: Record<string, DirectMessage[]> = {};
    for (const row of rows) {
      const other = people.get(row.senderId === me ? row.receiverId : row.senderId);
      if (!other) continue;
      byName[other.username] ??= [];
      byName[other.username]?.push(this.shape(row, people));
    }
    return byName;
  }

  async conversations(me: string): Promise<Conversation[]> {
    const hidden = await this.hiddenFrom(me);
    const rows = await this.deps.store.conversations(me);
    const people = await this.deps.people.many([me, ...rows.map((row) => row.otherId)]);
    const blockedIds = await this.deps.blocks.amongst(
      me,
      rows.map((row) => row.otherId),
    );
    const friends = new Set(await this.deps.friends.friendIds(me));
    return rows.flatMap((row) => {
      const other = people.get(row.otherId);
      if (!other) return [];
      // A muted player's conversation shows the reader's own side only.
      const last = hidden.has(row.otherId) ? row.lastOwn : row.last;
      if (!last) return [];
      return [
        {
          user: friendUser(other),
          last: this.shape(last, people),
          unread: hidden.has(row.otherId) ? 0 : row.unread,
          canWrite: friends.has(row.otherId) && !blockedIds.has(row.otherId),
        },
      ];
    });
  }

  /** Every message of `me`, deleted ones too (their text is gone): the account's export. */
  async exported(me: string): Promise<DirectMessage[]> {
    const rows = await this.deps.store.allOf(me);
    const people = await this.deps.people.many(rows.flatMap((row) => [row.senderId, row.receiverId]));
    return rows.map((row) => this.shape(row, people));
  }

  async unread(me: string): Promise<Unread> {
    const [counts, hidden] = await Promise.all([this.deps.store.unread(me), this.hiddenFrom(me)]);
    if (hidden.size === 0) return counts;
    const byUser = Object.fromEntries(Object.entries(counts.byUser).filter(([id]) => !hidden.has(id)));
    return { total: Object.values(byUser).reduce((sum, n) => sum + n, 0), byUser };
  }

  /** The conversation of a reporter with the player they report, as a report keeps it (server/chat/transcripts.ts). */
  async transcript(reporterId: string, targetId: string): Promise<TranscriptLine[]> {
    const rows = await this.deps.store.conversation(reporterId, targetId, { limit: 100 });
    const people = await this.deps.people.many([reporterId, targetId]);
    return rows
      .filter((row) => !row.deleted)
      .map((row) => ({
        id: row.id,
        at: row.createdAt,
        from: { userId: row.senderId, username: people.get(row.senderId)?.username ?? '' },
        channel: 'message',
        text: row.message,
      }));
  }

  /** Marks what `other` sent `me` as read; tells `me`'s pages their unread count. */
  async markRead(me: string, other: string): Promise<number> {
    const read = await this.deps.store.markRead(me, other);
    if (read > 0) await this.tellUnread(me);
    return read;
  }
}
