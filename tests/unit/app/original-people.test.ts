import { describe, expect, it } from 'vitest';
import {
  afterAccept,
  afterAdd,
  addTarget,
  conversationsFromAll,
  type PeopleLists,
} from '../../../src/app/people/original-people';
import {
  peopleRoutes,
  readProbe,
  afterJoin,
  BROADSIDE_CAPABILITIES,
  SPEC_CAPABILITIES,
} from '../../../src/protocol/capabilities';
import { AllMessagesSchema } from '../../../src/protocol/direct-messages';
import {
  AddFriendResponseSchema,
  FriendRequestSchema,
  FriendRequestsSchema,
  FriendsSchema,
  UsersListSchema,
} from '../../../src/protocol/friends';

/*
 * The original server's answers (its TypeORM entities as NestJS sends them: every user with its
 * e-mail and password hash, `Player` roles, dates as ISO text) read through our schemas, then
 * mapped to what the Friends and Messages pages show.
 */

const raw = (id: string, username: string) => ({
  id,
  username,
  email: `${username}@example.com`,
  password: '$2b$10$abcdefghijklmnopqrstuv',
  role: 'Player',
  creation_date: '2026-12-01T10:00:00.000Z',
});
const ANN = raw('a1', 'ann');
const BEN = raw('b2', 'Ben');
const CY = raw('c3', 'cy');
const rawMessage = (id: string, from: object, to: object, minute: number, message = `m${id}`) => ({
  id,
  message,
  deleted: false,
  sender: from,
  receiver: to,
  creation_date: `2026-12-02T09:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('the original answers read through our schemas', () => {
  it('drops its e-mails and password hashes from every user', () => {
    const users = UsersListSchema.parse([ANN, BEN]);
    expect(users[0]).toEqual({ id: 'a1', username: 'ann', role: 'Player', creation_date: ANN.creation_date });
    const [request] = FriendRequestsSchema.parse([{ id: 'fr1', sender: BEN, receiver: ANN }]);
    expect(JSON.stringify(request)).not.toMatch(/password|email/);
    const all = AllMessagesSchema.parse({ Ben: [rawMessage('1', ANN, BEN, 1)] });
    expect(JSON.stringify(all)).not.toMatch(/password|email/);
  });

  it('refuses an answer of another shape, saying where', () => {
    const bad = FriendsSchema.safeParse([{ id: 'b2', creation_date: 'x' }]);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual([0, 'username']);
  });

  it('tells a new request from an accept (the deletion of their request)', () => {
    expect(AddFriendResponseSchema.parse({ id: 'fr1', sender: ANN, receiver: BEN })).toHaveProperty('sender');
    expect(AddFriendResponseSchema.parse({ raw: [], affected: 1 })).toEqual({ raw: [], affected: 1 });
  });
});

describe('peopleRoutes: whose friends routes a client uses', () => {
  it('ours where friends is listed, the original once a server is known to speak SPEC only', () => {
    expect(peopleRoutes(BROADSIDE_CAPABILITIES)).toBe('broadside');
    expect(peopleRoutes(readProbe({ status: 404, body: { message: 'Not Found' } }) ?? SPEC_CAPABILITIES)).toBe(
      'original',
    );
    expect(peopleRoutes(afterJoin(BROADSIDE_CAPABILITIES, 'spec'))).toBe('original');
  });

  it('none before another server answered, nor on a Broadside server without friends', () => {
    expect(peopleRoutes(SPEC_CAPABILITIES)).toBeNull();
    const without = readProbe({ status: 200, body: { protocol: 'broadside/2', features: ['presence'] } });
    expect(without && peopleRoutes(without)).toBeNull();
  });
});

describe('conversationsFromAll: the original GET /messages as a conversation list', () => {
  it('one per other player, its latest message, the latest conversation first, writable to friends', () => {
    // The original files each message under its sender and its receiver, then drops the caller's own name.
    const m1 = rawMessage('1', ANN, BEN, 1);
    const m2 = rawMessage('2', BEN, ANN, 5);
    const m3 = rawMessage('3', CY, ANN, 3);
    const all = AllMessagesSchema.parse({ Ben: [m1, m2], cy: [m3] });
    const list = conversationsFromAll(all, 'a1', [{ id: 'b2' }]);
    expect(list.map((c) => [c.user.username, c.last.id, c.unread, c.canWrite])).toEqual([
      ['Ben', '2', 0, true],
      ['cy', '3', 0, false],
    ]);
  });

  it('nothing said, no conversation', () => {
    expect(conversationsFromAll({}, 'a1', [])).toEqual([]);
  });
});

const users = UsersListSchema.parse([ANN, BEN, CY]);
const request = (id: string, from: object, to: object) => FriendRequestSchema.parse({ id, sender: from, receiver: to });
const none: PeopleLists = { friends: [], incoming: [], outgoing: [] };

describe('addTarget: whom a typed name means on the original', () => {
  it('finds a username in any case, or an id, and says where the two stand', () => {
    expect(addTarget(users, ' ben ', 'a1', none)).toMatchObject({ kind: 'ask', user: { id: 'b2' } });
    expect(addTarget(users, 'c3', 'a1', none)).toMatchObject({ kind: 'ask', user: { username: 'cy' } });
    const lists: PeopleLists = {
      friends: users.filter((u) => u.id === 'b2'),
      incoming: [request('fr1', CY, ANN)],
      outgoing: [],
    };
    expect(addTarget(users, 'Ben', 'a1', lists).kind).toBe('friend');
    expect(addTarget(users, 'cy', 'a1', lists).kind).toBe('received');
    expect(addTarget(users, 'cy', 'b2', { ...none, outgoing: [request('fr2', BEN, CY)] }).kind).toBe('sent');
  });

  it('nobody, oneself, or nothing typed', () => {
    expect(addTarget(users, 'be', 'a1', none).kind).toBe('none');
    expect(addTarget(users, 'ANN', 'a1', none).kind).toBe('self');
    expect(addTarget(users, '  ', 'a1', none).kind).toBe('empty');
  });
});

describe('after accepting or asking on the original', () => {
  it('an accepted request leaves the requests and its sender joins the friends at once', () => {
    const lists = { ...none, incoming: [request('fr1', BEN, ANN), request('fr3', CY, ANN)] };
    const after = afterAccept(lists, 'fr1');
    expect(after.friends.map((f) => f.id)).toEqual(['b2']);
    expect(after.incoming.map((r) => r.id)).toEqual(['fr3']);
    expect(afterAccept(lists, 'gone')).toEqual(lists);
  });

  it('a new request joins those sent; where they had asked first, theirs is accepted', () => {
    const sent = AddFriendResponseSchema.parse({ id: 'fr9', sender: ANN, receiver: BEN });
    expect(afterAdd(none, sent, 'b2').outgoing.map((r) => r.id)).toEqual(['fr9']);
    const accepted = AddFriendResponseSchema.parse({ raw: [], affected: 1 });
    const after = afterAdd({ ...none, incoming: [request('fr1', BEN, ANN)] }, accepted, 'b2');
    expect(after.friends.map((f) => f.username)).toEqual(['Ben']);
    expect(after.incoming).toEqual([]);
  });
});
