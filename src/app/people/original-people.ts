import type { Conversation, DirectMessage } from '../../protocol/direct-messages';
import type { AddFriendResponse, Friend, FriendRequest, FriendUser } from '../../protocol/friends';
import { otherOf } from './people-logic';

/*
 * Friends and messages on the original server (docs/protocol.md, "Interoperability"): its answers
 * mapped to what our pages show. The original has no presence, no live events, no conversation
 * list, no unread counts and no search: pure, so the pages and the session only call these.
 */

/** How often the lists and an open conversation are read again there: nothing comes live. */
export const ORIGINAL_POLL_MS = 5_000;

/** The lists a player keeps of friends and requests. */
export interface PeopleLists {
  readonly friends: readonly Friend[];
  readonly incoming: readonly FriendRequest[];
  readonly outgoing: readonly FriendRequest[];
}

function byTime(a: DirectMessage, b: DirectMessage): number {
  return Date.parse(a.creation_date) - Date.parse(b.creation_date) || a.id.localeCompare(b.id);
}

/**
 * The original's `GET /messages` (each conversation's messages under the other player's username,
 * not the deleted ones, in no order) as our conversation list: one per player, its latest message,
 * the latest conversation first. Nothing is unread there (it does not count); writing is for friends.
 */
export function conversationsFromAll(
  all: Readonly<Record<string, readonly DirectMessage[]>>,
  myId: string,
  friends: readonly Pick<Friend, 'id'>[],
): Conversation[] {
  const friendIds = new Set(friends.map((f) => f.id));
  const latest = new Map<string, DirectMessage>();
  for (const messages of Object.values(all)) {
    for (const message of messages) {
      const other = otherOf(message, myId);
      if (other.id === myId) continue;
      const known = latest.get(other.id);
      if (!known || byTime(known, message) < 0) latest.set(other.id, message);
    }
  }
  return [...latest.values()]
    .sort((a, b) => byTime(b, a))
    .map((last) => {
      const user = otherOf(last, myId);
      return { user, last, unread: 0, canWrite: friendIds.has(user.id) };
    });
}

/** What asking to befriend a name typed on the original comes to, from its list of accounts. */
export type AddTarget =
  | { readonly kind: 'empty' }
  | { readonly kind: 'none' }
  | { readonly kind: 'self' }
  | { readonly kind: 'friend' | 'sent' | 'received' | 'ask'; readonly user: FriendUser };

/**
 * The account a player means by `typed` — a username (any case) or an id, as the original's
 * `POST /friends/add` takes — among `users` (its `GET /users`), and where the two stand.
 */
export function addTarget(users: readonly FriendUser[], typed: string, myId: string, lists: PeopleLists): AddTarget {
  const wanted = typed.trim();
  if (wanted === '') return { kind: 'empty' };
  const lower = wanted.toLowerCase();
  const user = users.find((u) => u.id === wanted) ?? users.find((u) => u.username.toLowerCase() === lower);
  if (!user) return { kind: 'none' };
  if (user.id === myId) return { kind: 'self' };
  if (lists.friends.some((f) => f.id === user.id)) return { kind: 'friend', user };
  if (lists.outgoing.some((r) => r.receiver.id === user.id)) return { kind: 'sent', user };
  if (lists.incoming.some((r) => r.sender.id === user.id)) return { kind: 'received', user };
  return { kind: 'ask', user };
}

function withFriend(friends: readonly Friend[], user: FriendUser): Friend[] {
  return [...friends.filter((f) => f.id !== user.id), user];
}

/**
 * The lists once a request is accepted. The original answers an accept before it has written the
 * friendship (its answer is the request's deletion), so the list read at once may lack the friend:
 * the request's sender goes in now.
 */
export function afterAccept(lists: PeopleLists, frId: string): PeopleLists {
  const request = lists.incoming.find((r) => r.id === frId);
  return {
    friends: request ? withFriend(lists.friends, request.sender) : [...lists.friends],
    incoming: lists.incoming.filter((r) => r.id !== frId),
    outgoing: [...lists.outgoing],
  };
}

/**
 * The lists after `POST /friends/add {userId}`: a new request joins those sent; where `userId` had
 * asked first, the original accepted their request instead (answering the deletion).
 */
export function afterAdd(lists: PeopleLists, answer: AddFriendResponse, userId: string): PeopleLists {
  if ('sender' in answer && 'receiver' in answer) {
    return { ...lists, outgoing: [...lists.outgoing.filter((r) => r.id !== answer.id), answer] };
  }
  const theirs = lists.incoming.find((r) => r.sender.id === userId);
  return theirs ? afterAccept(lists, theirs.id) : { ...lists };
}
