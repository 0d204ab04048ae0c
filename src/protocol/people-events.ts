import type { z } from 'zod';
import { type Challenge, ChallengeSchema, type Challenges, ChallengesSchema } from './challenges';
import { type DirectMessage, DirectMessageSchema, type Unread, UnreadSchema } from './direct-messages';
import {
  FriendAddedSchema,
  FriendRemovedSchema,
  FriendRequestGoneSchema,
  type FriendRequest,
  FriendRequestSchema,
  FriendsPresenceSchema,
  type Presence,
  PresenceSchema,
} from './friends';

/*
 * What /lobby carries for people (docs/protocol.md, "/lobby for people"): pushed to each of a
 * user's /lobby sockets, on every node, as friends, requests, challenges and messages change.
 */

export type FriendAdded = z.infer<typeof FriendAddedSchema>;
export type FriendRemoved = z.infer<typeof FriendRemovedSchema>;
export type FriendRequestGone = z.infer<typeof FriendRequestGoneSchema>;
export type FriendsPresence = z.infer<typeof FriendsPresenceSchema>;

export interface PeopleServerToClientEvents {
  /** A request sent to this user, or by them (their other pages list it as pending). */
  friendRequest: (request: FriendRequest) => void;
  friendRequestGone: (gone: FriendRequestGone) => void;
  friendAdded: (added: FriendAdded) => void;
  friendRemoved: (removed: FriendRemoved) => void;
  /** Where every friend is, sent on connecting. */
  friendsPresence: (presence: FriendsPresence) => void;
  /** A friend who came, went, started or finished a game. */
  presence: (presence: Presence) => void;
  /** The pending challenges of this user, sent on connecting. */
  challenges: (challenges: Challenges) => void;
  /** A challenge to or from this user, new or changed (accepted with its room, declined, cancelled, expired). */
  challenge: (challenge: Challenge) => void;
  /** A message to or from this user, new, edited or deleted. */
  directMessage: (message: DirectMessage) => void;
  /** This user's unread messages, whenever the count changes. */
  unread: (unread: Unread) => void;
}

/** Every people event and the schema a client checks its payload with. */
export const PeopleServerEventSchemas = {
  friendRequest: FriendRequestSchema,
  friendRequestGone: FriendRequestGoneSchema,
  friendAdded: FriendAddedSchema,
  friendRemoved: FriendRemovedSchema,
  friendsPresence: FriendsPresenceSchema,
  presence: PresenceSchema,
  challenges: ChallengesSchema,
  challenge: ChallengeSchema,
  directMessage: DirectMessageSchema,
  unread: UnreadSchema,
} as const satisfies Record<keyof PeopleServerToClientEvents, z.ZodType>;

export type PeopleEventName = keyof PeopleServerToClientEvents;
export type PeopleEventPayload<E extends PeopleEventName> = Parameters<PeopleServerToClientEvents[E]>[0];

export type { Challenge, Challenges, DirectMessage, FriendRequest, Presence, Unread };
