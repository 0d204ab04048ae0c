import { z } from 'zod';
import type { ApiClient } from './api-client';
import { type ChallengeSettings, ChallengeSettingsSchema } from './challenges';
import {
  AllMessagesSchema,
  type ConversationQuery,
  ConversationsSchema,
  type Conversation,
  type DirectMessage,
  DirectMessageSchema,
  DirectMessagesSchema,
  MarkReadSchema,
  type Unread,
  UnreadSchema,
} from './direct-messages';
import {
  type AddFriendBody,
  type AddFriendResponse,
  AddFriendResponseSchema,
  type Friend,
  type FriendAnswer,
  FriendAnswerSchema,
  type FriendRequest,
  FriendRequestsSchema,
  FriendsPresenceSchema,
  FriendsSchema,
  type FriendUser,
  type Presence,
  UsersListSchema,
} from './friends';

const EmptySchema = z.object({}).loose();
const id = (value: string): string => encodeURIComponent(value);

/** Whether `POST /friends/add` made a new request (rather than accepting the other player's). */
export function isNewRequest(answer: AddFriendResponse): answer is FriendRequest {
  return 'sender' in answer && 'receiver' in answer;
}

/**
 * The HTTP calls of friends and direct messages (docs/protocol.md, "Friends", "Direct messages") on
 * an ApiClient and its token. The original server answers the original's routes (`friends`, `add`,
 * `requests`, `pending`, `accept`, `users`, `allMessages`, `send`, `conversation`, `editMessage`,
 * `deleteMessage`); the others are ours (a client asks them only of a server whose capabilities
 * list `friends`).
 */
export class FriendsApi {
  constructor(private readonly client: ApiClient) {}

  friends(): Promise<Friend[]> {
    return this.client.call('GET', '/friends/me', FriendsSchema, 'Friends');
  }

  /** Asks a player to be friends (accepts their request when they asked first); by username on our server only. */
  add(body: AddFriendBody): Promise<AddFriendResponse> {
    return this.client.call('POST', '/friends/add', AddFriendResponseSchema, 'Friend request', {
      ok: [200, 201],
      body,
    });
  }

  /** Every account (the original's `GET /users`, its only user lookup: our server has search instead). */
  users(): Promise<FriendUser[]> {
    return this.client.call('GET', '/users', UsersListSchema, 'Players');
  }

  /** Requests waiting for the caller. */
  requests(): Promise<FriendRequest[]> {
    return this.client.call('GET', '/friends/requests', FriendRequestsSchema, 'Friend requests');
  }

  /** Requests the caller sent, waiting for their answer. */
  pending(): Promise<FriendRequest[]> {
    return this.client.call('GET', '/friends/pending', FriendRequestsSchema, 'Pending requests');
  }

  accept(frId: string): Promise<FriendAnswer> {
    return this.client.call('POST', '/friends/accept', FriendAnswerSchema, 'Accepting', {
      ok: [200, 201],
      body: { frId },
    });
  }

  decline(frId: string): Promise<FriendAnswer> {
    return this.client.call('POST', '/friends/decline', FriendAnswerSchema, 'Declining', {
      ok: [200, 201],
      body: { frId },
    });
  }

  /** Withdraws a request the caller sent. */
  cancel(frId: string): Promise<FriendAnswer> {
    return this.client.call('POST', '/friends/cancel', FriendAnswerSchema, 'Withdrawing', {
      ok: [200, 201],
      body: { frId },
    });
  }

  /** Ends a friendship. */
  async unfriend(userId: string): Promise<void> {
    await this.client.call('DELETE', `/friends/${id(userId)}`, EmptySchema, 'Removing a friend');
  }

  async presence(): Promise<Presence[]> {
    return (await this.client.call('GET', '/friends/presence', FriendsPresenceSchema, 'Presence')).friends;
  }

  challengeSettings(): Promise<ChallengeSettings> {
    return this.client.call('GET', '/users/me/challenge-settings', ChallengeSettingsSchema, 'Challenge settings');
  }

  setChallengeSettings(settings: ChallengeSettings): Promise<ChallengeSettings> {
    return this.client.call('PUT', '/users/me/challenge-settings', ChallengeSettingsSchema, 'Challenge settings', {
      body: settings,
    });
  }

  /** Every conversation's messages, by the other player's username (the original's `GET /messages`). */
  allMessages(): Promise<Record<string, DirectMessage[]>> {
    return this.client.call('GET', '/messages', AllMessagesSchema, 'Messages');
  }

  send(userId: string, message: string): Promise<DirectMessage> {
    return this.client.call('POST', `/messages/${id(userId)}`, DirectMessageSchema, 'Sending', {
      ok: [200, 201],
      body: { message },
    });
  }

  /** The conversation with `userId`, oldest first; on our server a page of it (`before`, `limit`). */
  conversation(userId: string, page: ConversationQuery = {}): Promise<DirectMessage[]> {
    const query = new URLSearchParams();
    if (page.before !== undefined) query.set('before', String(page.before));
    if (page.limit !== undefined) query.set('limit', String(page.limit));
    const suffix = query.size > 0 ? `?${query}` : '';
    return this.client.call('GET', `/messages/${id(userId)}${suffix}`, DirectMessagesSchema, 'Conversation');
  }

  editMessage(messageId: string, message: string): Promise<DirectMessage> {
    return this.client.call('PUT', `/messages/${id(messageId)}`, DirectMessageSchema, 'Editing', { body: { message } });
  }

  /** Deletes one of the caller's messages: it stays in the conversation, marked deleted. */
  deleteMessage(messageId: string): Promise<DirectMessage> {
    return this.client.call('DELETE', `/messages/${id(messageId)}`, DirectMessageSchema, 'Deleting');
  }

  async conversations(): Promise<Conversation[]> {
    return (await this.client.call('GET', '/messages/conversations', ConversationsSchema, 'Conversations'))
      .conversations;
  }

  unread(): Promise<Unread> {
    return this.client.call('GET', '/messages/unread', UnreadSchema, 'Unread messages');
  }

  async markRead(userId: string): Promise<number> {
    return (
      await this.client.call('POST', `/messages/${id(userId)}/read`, MarkReadSchema, 'Reading', { ok: [200, 201] })
    ).read;
  }
}
