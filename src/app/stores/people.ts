import { proxy } from 'valtio';
import type { Challenge } from '../../protocol/challenges';
import type { DirectMessage, Unread } from '../../protocol/direct-messages';
import type { Friend, FriendRequest, Presence } from '../../protocol/friends';

/** A challenge that ended for the challenger other than by accepting: said once, then dismissed. */
export interface ChallengeNotice {
  readonly id: string;
  readonly username: string;
  /** Under `friends.challenge` (people-logic.ts, challengeOutcomeKey). */
  readonly key: string;
}

export interface PeopleState {
  /** Whether the people socket is open (`off` with no user or on a server without friends). */
  connection: 'off' | 'connecting' | 'online' | 'offline';
  /** Whether the lists below were read from the server at least once. */
  loaded: boolean;
  friends: Friend[];
  /** Where each friend is, by id. */
  presence: Record<string, Presence>;
  /** Requests sent to the player, and by them. */
  incoming: FriendRequest[];
  outgoing: FriendRequest[];
  /** Pending challenges to and from the player. */
  challengesIn: Challenge[];
  challengesOut: Challenge[];
  notices: ChallengeNotice[];
  /** How far the server's clock is ahead of this one (challenge countdowns). */
  offsetMs: number;
  unread: Unread | null;
  /** Each message that came live, in order (the conversation page merges those of its player). */
  live: DirectMessage[];
  /** A room a challenge of this player's was accepted into: the app goes there. */
  room: string | null;
  /**
   * On the original server, which tells nothing live: how many times its lists were read again
   * (every few seconds while the page is seen). The messages pages read theirs again on each.
   */
  polls: number;
}

function initial(): PeopleState {
  return {
    connection: 'off',
    loaded: false,
    friends: [],
    presence: {},
    incoming: [],
    outgoing: [],
    challengesIn: [],
    challengesOut: [],
    notices: [],
    offsetMs: 0,
    unread: null,
    live: [],
    room: null,
    polls: 0,
  };
}

/** Friends, requests, challenges and messages as /lobby tells them (docs/game.md, "Friends"). */
export const peopleStore = proxy<PeopleState>(initial());

export function resetPeopleStore(connection: PeopleState['connection']): void {
  Object.assign(peopleStore, initial(), { connection });
}
