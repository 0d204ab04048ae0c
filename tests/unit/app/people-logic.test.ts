import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../../src/protocol/challenges';
import type { DirectMessage } from '../../../src/protocol/direct-messages';
import type { Friend, FriendRequest, Presence } from '../../../src/protocol/friends';
import { checkDraft } from '../../../src/app/people/message-draft';
import {
  badgeText,
  challengeClockOffset,
  challengeOutcomeKey,
  challengeSecondsLeft,
  friendEntries,
  friendsOnline,
  isOwnRequest,
  mergeMessages,
  olderPageBefore,
  otherOf,
  peopleBadgeCount,
  unreadFrom,
  withChallenge,
  withRequest,
} from '../../../src/app/people/people-logic';

const user = (id: string, username = id): Friend => ({
  id,
  username,
  role: 'player',
  creation_date: '2026-01-01T00:00:00.000Z',
  title: null,
});
const presence = (userId: string, status: Presence['status'], slug: string | null = null): Presence => ({
  userId,
  status,
  slug,
});

describe('friendEntries', () => {
  it('puts who can play now first, then playing, away and offline, each by name in any case', () => {
    const friends = [user('1', 'zed'), user('2', 'Bob'), user('3', 'amy'), user('4', 'carl'), user('5', 'dora')];
    const entries = friendEntries(friends, {
      '1': presence('1', 'online'),
      '2': presence('2', 'away'),
      '3': presence('3', 'online'),
      '4': presence('4', 'playing', 'calm-reef-17'),
    });
    expect(entries.map((e) => [e.friend.username, e.status])).toEqual([
      ['amy', 'online'],
      ['zed', 'online'],
      ['carl', 'playing'],
      ['Bob', 'away'],
      ['dora', 'offline'],
    ]);
    expect(entries.find((e) => e.status === 'playing')?.slug).toBe('calm-reef-17');
    expect(friendsOnline(entries)).toBe(4);
  });

  it('keeps a room only for a friend who is playing', () => {
    const [entry] = friendEntries([user('1')], { '1': presence('1', 'online', 'stale-room') });
    expect(entry?.slug).toBeNull();
  });
});

describe('badges', () => {
  it('says nothing for none, the count up to nine, then 9+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
    expect(badgeText(3)).toBe('3');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });

  it('counts requests waiting and unread messages together', () => {
    expect(peopleBadgeCount(2, null)).toBe(2);
    expect(peopleBadgeCount(1, { total: 4, byUser: { a: 4 } })).toBe(5);
    expect(unreadFrom({ total: 4, byUser: { a: 3, b: 1 } }, 'a')).toBe(3);
    expect(unreadFrom({ total: 4, byUser: { a: 3, b: 1 } }, 'c')).toBe(0);
    expect(unreadFrom(null, 'a')).toBe(0);
  });
});

describe('requests', () => {
  const request = (id: string, sender: string, receiver: string): FriendRequest => ({
    id,
    sender: user(sender),
    receiver: user(receiver),
  });

  it('adds a request once and tells whose it is', () => {
    const list = withRequest([request('r1', 'a', 'b')], request('r1', 'a', 'b'));
    expect(list).toHaveLength(1);
    expect(withRequest(list, request('r2', 'c', 'b')).map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(isOwnRequest(request('r1', 'a', 'b'), 'a')).toBe(true);
    expect(isOwnRequest(request('r1', 'a', 'b'), 'b')).toBe(false);
  });
});

describe('messages', () => {
  const message = (id: string, at: string, from = 'a', to = 'b', text = id): DirectMessage => ({
    id,
    message: text,
    deleted: false,
    sender: user(from),
    receiver: user(to),
    creation_date: at,
    edited_date: null,
    read_date: null,
  });

  it('merges pages and live messages oldest first, a changed message in place of its older self', () => {
    const page = [message('m2', '2026-01-01T10:02:00Z'), message('m3', '2026-01-01T10:03:00Z')];
    const older = [message('m1', '2026-01-01T10:01:00Z')];
    const deleted = { ...message('m2', '2026-01-01T10:02:00Z'), deleted: true, message: '' };
    const merged = mergeMessages(mergeMessages(page, older), [deleted, message('m4', '2026-01-01T10:04:00Z')]);
    expect(merged.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(merged[1]?.deleted).toBe(true);
    expect(olderPageBefore(merged)).toBe(Date.parse('2026-01-01T10:01:00Z'));
    expect(olderPageBefore([])).toBeUndefined();
  });

  it('names the other player of a message', () => {
    expect(otherOf(message('m', '2026-01-01T10:00:00Z', 'a', 'b'), 'a').id).toBe('b');
    expect(otherOf(message('m', '2026-01-01T10:00:00Z', 'a', 'b'), 'b').id).toBe('a');
  });

  it('sends a draft as the chat cleans it, 1 to 300 characters', () => {
    expect(checkDraft('  hello\u200b  there ').text).toBe('hello there');
    expect(checkDraft('   ').sendable).toBe(false);
    expect(checkDraft('x'.repeat(300)).sendable).toBe(true);
    expect(checkDraft('x'.repeat(302))).toMatchObject({ sendable: false, over: 2 });
  });
});

describe('challenges', () => {
  const challenge = (over: Partial<Challenge> = {}): Challenge => ({
    id: 'c1',
    from: { userId: 'a', username: 'alice', title: null },
    to: { userId: 'b', username: 'bob', title: null },
    rules: { fleet: 'classic', touch: true, shots: 'one', again: 'never' },
    turnSeconds: null,
    createdAt: 1_000_000,
    expiresAt: 1_060_000,
    status: 'pending',
    reason: null,
    slug: null,
    ...over,
  });

  it('counts the seconds left on the local clock, rounded up, never below zero', () => {
    expect(challengeSecondsLeft(challenge(), 1_000_000)).toBe(60);
    expect(challengeSecondsLeft(challenge(), 1_059_001)).toBe(1);
    expect(challengeSecondsLeft(challenge(), 1_070_000)).toBe(0);
    // The server's clock is 5 s ahead: 5 s fewer left on this one.
    const offset = challengeClockOffset(challenge(), 995_000);
    expect(offset).toBe(5000);
    expect(challengeSecondsLeft(challenge(), 995_000, offset)).toBe(60);
    expect(challengeSecondsLeft(challenge(), 1_000_000, offset)).toBe(55);
  });

  it('tells the challenger why a challenge ended, not when it was accepted', () => {
    expect(challengeOutcomeKey(challenge({ status: 'declined', reason: 'later' }))).toBe('declined.later');
    expect(challengeOutcomeKey(challenge({ status: 'declined' }))).toBe('declined.generic');
    expect(challengeOutcomeKey(challenge({ status: 'expired' }))).toBe('expired');
    expect(challengeOutcomeKey(challenge({ status: 'cancelled' }))).toBe('cancelled');
    expect(challengeOutcomeKey(challenge({ status: 'accepted', slug: 'x' }))).toBeNull();
    expect(challengeOutcomeKey(challenge())).toBeNull();
  });

  it('keeps the pending ones only', () => {
    const list = withChallenge([], challenge());
    expect(list).toHaveLength(1);
    expect(withChallenge(list, challenge({ status: 'pending', turnSeconds: 30 }))[0]?.turnSeconds).toBe(30);
    expect(withChallenge(list, challenge({ status: 'expired' }))).toEqual([]);
  });
});
