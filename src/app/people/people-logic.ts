import type { Challenge } from '../../protocol/challenges';
import type { DirectMessage, Unread } from '../../protocol/direct-messages';
import type { Friend, FriendRequest, Presence, PresenceStatus } from '../../protocol/friends';

/*
 * What the Friends and Messages pages and the header work out from /lobby's people events
 * (docs/game.md, "Friends"): pure, so the components only render it.
 */

/** A friend as the list shows them: who, and where they are now. */
export interface FriendEntry {
  readonly friend: Friend;
  readonly status: PresenceStatus;
  /** The room of the game they are playing (`playing`): the Watch link. */
  readonly slug: string | null;
}

/** The order of the list: who can be played with now first, then who is away, then the others. */
const STATUS_ORDER: Readonly<Record<PresenceStatus, number>> = { online: 0, playing: 1, away: 2, offline: 3 };

/** Each friend with their presence (offline when unknown), online first, then by name. */
export function friendEntries(friends: readonly Friend[], presence: Readonly<Record<string, Presence>>): FriendEntry[] {
  return friends
    .map((friend) => {
      const known = presence[friend.id];
      const status = known?.status ?? 'offline';
      return { friend, status, slug: status === 'playing' ? (known?.slug ?? null) : null };
    })
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        a.friend.username.localeCompare(b.friend.username, undefined, { sensitivity: 'base' }),
    );
}

/** How many friends are on the site (online, playing or away). */
export function friendsOnline(entries: readonly FriendEntry[]): number {
  return entries.filter((entry) => entry.status !== 'offline').length;
}

/** A count as a badge shows it: nothing for none, "9+" past nine. */
export function badgeText(count: number): string | null {
  if (!(count > 0)) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** What the Friends entry of the navigation counts: requests waiting for an answer and unread messages. */
export function peopleBadgeCount(incomingRequests: number, unread: Unread | null): number {
  return incomingRequests + (unread?.total ?? 0);
}

/** A request added to a list, or put in place of the one of the same id. */
export function withRequest(list: readonly FriendRequest[], request: FriendRequest): FriendRequest[] {
  return [...list.filter((r) => r.id !== request.id), request];
}

/** Whether this request is one the player sent (else it was sent to them). */
export function isOwnRequest(request: FriendRequest, myId: string): boolean {
  return request.sender.id === myId;
}

/** The other player of a message, from the point of view of `myId`. */
export function otherOf(message: DirectMessage, myId: string): DirectMessage['sender'] {
  return message.sender.id === myId ? message.receiver : message.sender;
}

function time(message: DirectMessage): number {
  return Date.parse(message.creation_date);
}

/**
 * A conversation with messages merged in: one per id (an edited or deleted message replaces its
 * older self), oldest first — the page shows older pages above and live messages below.
 */
export function mergeMessages(list: readonly DirectMessage[], more: readonly DirectMessage[]): DirectMessage[] {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of more) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => time(a) - time(b) || a.id.localeCompare(b.id));
}

/** The `before` of the next older page: the oldest message's time, or undefined for the newest page. */
export function olderPageBefore(list: readonly DirectMessage[]): number | undefined {
  const first = list[0];
  return first ? time(first) : undefined;
}

/** Unread messages from `userId`, as the server counted them. */
export function unreadFrom(unread: Unread | null, userId: string): number {
  return unread?.byUser[userId] ?? 0;
}

/** Whole seconds left to answer a challenge on the local clock (the server's time corrected by `offsetMs`); never below 0. */
export function challengeSecondsLeft(challenge: Pick<Challenge, 'expiresAt'>, now: number, offsetMs = 0): number {
  return Math.max(0, Math.ceil((challenge.expiresAt - offsetMs - now) / 1000));
}

/**
 * How far the server's clock is ahead of this one, guessed from a challenge just made: it was made
 * `createdAt` on the server's clock, and is seen `receivedAt` here (less than a round trip later).
 */
export function challengeClockOffset(challenge: Pick<Challenge, 'createdAt'>, receivedAt: number): number {
  return challenge.createdAt - receivedAt;
}

/** What the challenger is told when a challenge ends other than accepted (a translation key, under `friends.challenge`). */
export function challengeOutcomeKey(challenge: Challenge): string | null {
  switch (challenge.status) {
    case 'declined':
      return `declined.${challenge.reason ?? 'generic'}`;
    case 'expired':
      return 'expired';
    case 'cancelled':
      return 'cancelled';
    default:
      return null;
  }
}

/** The pending challenges with one changed: kept while pending, gone otherwise. */
export function withChallenge(list: readonly Challenge[], challenge: Challenge): Challenge[] {
  const others = list.filter((c) => c.id !== challenge.id);
  return challenge.status === 'pending' ? [...others, challenge] : others;
}
