import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DirectMessageSchema } from '../../src/protocol';
import { befriend, friendsOf, pageOf } from '../support/people';
import { jsonCall } from '../support/http';
import { newPlayer, signedUpAs, type TestPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Direct messages (docs/protocol.md, "Direct messages"): the original's routes and shapes between
 * friends, only one's own message edited or deleted (a deleted one keeps its place, its text gone),
 * live delivery and the unread count on /lobby, the chat's text rules, pace, mutes and blocks.
 */

let server: TestServer;
let admin: TestPlayer;
const ADMIN_EMAIL = 'dm.admin@example.test';
beforeAll(async () => {
  server = await startTestServer({
    config: { adminEmails: [ADMIN_EMAIL], chatLinesPerWindow: 5, chatWindowSeconds: 10 },
  });
  admin = await signedUpAs(server.url, ADMIN_EMAIL, 'dm_admin');
});
afterAll(async () => {
  await server.dispose();
});

const call = (player: TestPlayer | null, method: string, path: string, body?: unknown) =>
  jsonCall(server.url, player?.token ?? null, method, path, body);

async function friends(): Promise<[TestPlayer, TestPlayer]> {
  const [ann, bob] = await Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'bob')]);
  await befriend(ann, bob);
  return [ann, bob];
}

describe('between friends', () => {
  it('sends in the original shape, delivers live, counts unread, lists both ways', async () => {
    const [ann, bob] = await friends();
    const [annPage, bobPage] = await Promise.all([pageOf(server.url, ann), pageOf(server.url, bob)]);
    expect(await bobPage.next('unread')).toEqual({ total: 0, byUser: {} });
    const sent = await call(ann, 'POST', `/messages/${bob.id}`, { message: '  good game!\u200b ' });
    expect(sent.status).toBe(201);
    const message = DirectMessageSchema.parse(sent.body);
    expect(message).toMatchObject({
      message: 'good game!',
      deleted: false,
      sender: { id: ann.id, username: ann.username },
      receiver: { id: bob.id, username: bob.username },
      edited_date: null,
      read_date: null,
    });
    expect(JSON.stringify(sent.body)).not.toMatch(/email|password/i);
    expect(await bobPage.next('directMessage')).toEqual(message);
    expect(await annPage.next('directMessage')).toEqual(message);
    expect(await bobPage.next('unread', (u) => u.total === 1)).toEqual({ total: 1, byUser: { [ann.id]: 1 } });

    await friendsOf(bob).send(ann.id, 'thanks, again tomorrow?');
    const conversation = await friendsOf(ann).conversation(bob.id);
    expect(conversation.map((m) => m.message)).toEqual(['good game!', 'thanks, again tomorrow?']);
    expect(await friendsOf(bob).conversation(ann.id)).toEqual(conversation);

    // The original's GET /messages: every conversation, by the other player's username.
    const all = await friendsOf(bob).allMessages();
    expect(Object.keys(all)).toEqual([ann.username]);
    expect(all[ann.username]?.map((m) => m.message)).toEqual(['good game!', 'thanks, again tomorrow?']);

    const [listed] = await friendsOf(bob).conversations();
    expect(listed).toMatchObject({
      user: { id: ann.id },
      unread: 1,
      canWrite: true,
      last: { message: 'thanks, again tomorrow?' },
    });
    expect(await friendsOf(bob).markRead(ann.id)).toBe(1);
    expect(await bobPage.next('unread', (u) => u.total === 0 && bobPage.seen.unread.length > 2)).toEqual({
      total: 0,
      byUser: {},
    });
    expect((await friendsOf(ann).conversation(bob.id))[0]?.read_date).toEqual(expect.any(String));
    annPage.close();
    bobPage.close();
  });

  it('only its author edits or deletes a message; a deleted one keeps its place, its text gone', async () => {
    const [ann, bob] = await friends();
    const bobPage = await pageOf(server.url, bob);
    const message = await friendsOf(ann).send(bob.id, 'see you at 8');
    expect((await call(bob, 'PUT', `/messages/${message.id}`, { message: 'hijacked' })).status).toBe(403);
    expect((await call(bob, 'DELETE', `/messages/${message.id}`)).status).toBe(403);
    const stranger = await newPlayer(server.url, 'cy');
    expect((await call(stranger, 'PUT', `/messages/${message.id}`, { message: 'x' })).status).toBe(404);

    const edited = await friendsOf(ann).editMessage(message.id, 'see you at 9');
    expect(edited).toMatchObject({ id: message.id, message: 'see you at 9', edited_date: expect.any(String) });
    expect(await bobPage.next('directMessage', (m) => m.message === 'see you at 9')).toEqual(edited);

    const deleted = await friendsOf(ann).deleteMessage(message.id);
    expect(deleted).toMatchObject({ id: message.id, deleted: true, message: '' });
    expect(await bobPage.next('directMessage', (m) => m.deleted)).toEqual(deleted);
    // In the conversation, in its place, as deleted; not in the original's GET /messages.
    expect(await friendsOf(bob).conversation(ann.id)).toEqual([deleted]);
    expect(await friendsOf(bob).allMessages()).toEqual({});
    expect(JSON.stringify(await friendsOf(bob).conversation(ann.id))).not.toContain('see you');
    // A deleted message cannot be changed again, and is no longer unread.
    expect((await call(ann, 'PUT', `/messages/${message.id}`, { message: 'back' })).status).toBe(409);
    expect((await call(ann, 'DELETE', `/messages/${message.id}`)).status).toBe(409);
    expect((await friendsOf(bob).unread()).total).toBe(0);
    bobPage.close();
  });

  it('pages a long conversation, oldest first, from the newest', async () => {
    const [ann, bob] = await friends();
    for (let i = 1; i <= 7; i++) {
      await server.store.db
        .insertInto('direct_messages')
        .values({
          id: `m${i}-${ann.id}`,
          sender_id: ann.id,
          receiver_id: bob.id,
          message: `n${i}`,
          created_at: 1000 * i,
          edited_at: null,
          read_at: null,
        })
        .execute();
    }
    const last = await friendsOf(bob).conversation(ann.id, { limit: 3 });
    expect(last.map((m) => m.message)).toEqual(['n5', 'n6', 'n7']);
    const before = Date.parse(last[0]?.creation_date ?? '');
    const earlier = await friendsOf(bob).conversation(ann.id, { limit: 3, before });
    expect(earlier.map((m) => m.message)).toEqual(['n2', 'n3', 'n4']);
    expect((await call(bob, 'GET', `/messages/${ann.id}?limit=1000`)).status).toBe(400);
  });
});

describe('refusals', () => {
  it('not to a stranger, nor to oneself, nor empty or too long, nor without a token', async () => {
    const [ann, stranger] = await Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'zed')]);
    const toStranger = await call(ann, 'POST', `/messages/${stranger.id}`, { message: 'hi' });
    expect(toStranger).toMatchObject({ status: 403, body: { message: 'You can send messages to your friends only' } });
    expect((await call(ann, 'POST', `/messages/${ann.id}`, { message: 'hi' })).status).toBe(400);
    expect((await call(ann, 'POST', '/messages/00000000-0000-4000-8000-000000000000', { message: 'hi' })).status).toBe(
      404,
    );
    const [a, b] = await friends();
    const empty = await call(a, 'POST', `/messages/${b.id}`, { message: '\u200b\u200b  ' });
    expect(empty).toMatchObject({ status: 400 });
    expect(JSON.stringify(empty.body)).toContain('empty once invisible characters are taken out');
    expect((await call(a, 'POST', `/messages/${b.id}`, { message: 'x'.repeat(301) })).status).toBe(400);
    expect((await call(a, 'POST', `/messages/${b.id}`, {})).status).toBe(400);
    expect((await call(a, 'POST', `/messages/${b.id}`, { message: 42 })).status).toBe(400);
    expect((await call(null, 'POST', `/messages/${b.id}`, { message: 'hi' })).status).toBe(401);
    expect((await call(null, 'GET', '/messages')).status).toBe(401);
    expect(await friendsOf(b).conversation(a.id)).toEqual([]);
  });

  it('at the chat’s pace: the sixth line in ten seconds waits', async () => {
    const [ann, bob] = await friends();
    for (let i = 0; i < 5; i++) await friendsOf(ann).send(bob.id, `line ${i}`);
    const sixth = await call(ann, 'POST', `/messages/${bob.id}`, { message: 'one more' });
    expect(sixth).toMatchObject({ status: 429, body: { reason: 'CHAT_LINES', limit: 5 } });
    expect(await friendsOf(bob).conversation(ann.id)).toHaveLength(5);
  });

  it('a muted account cannot send; a block stops messages both ways but keeps the history readable', async () => {
    const [ann, bob] = await friends();
    await friendsOf(ann).send(bob.id, 'before');
    const muted = await call(admin, 'POST', `/admin/users/${ann.id}/mute`, { minutes: 5, reason: 'spam' });
    expect(muted.status).toBe(200);
    const refused = await call(ann, 'POST', `/messages/${bob.id}`, { message: 'after' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'MUTED', until: expect.any(Number) } });
    await call(admin, 'DELETE', `/admin/users/${ann.id}/mute`, {});

    await call(bob, 'POST', `/users/${ann.id}/block`);
    expect((await call(ann, 'POST', `/messages/${bob.id}`, { message: 'hello?' })).status).toBe(403);
    expect((await call(bob, 'POST', `/messages/${ann.id}`, { message: 'hello?' })).status).toBe(403);
    const [conversation] = await friendsOf(ann).conversations();
    expect(conversation).toMatchObject({ user: { id: bob.id }, canWrite: false });
    expect((await friendsOf(ann).conversation(bob.id)).map((m) => m.message)).toEqual(['before']);
  });
});

describe('mutes and reports', () => {
  it('a player who muted another does not see their messages, live or later, nor counts them; the sender is not told', async () => {
    const [ann, bob] = await friends();
    await friendsOf(bob).send(ann.id, 'before the mute');
    expect((await call(ann, 'POST', `/users/${bob.id}/mute`)).status).toBe(201);
    const annPage = await pageOf(server.url, ann);
    const bobPage = await pageOf(server.url, bob);
    const hidden = await friendsOf(bob).send(ann.id, 'after the mute');
    expect(await bobPage.next('directMessage')).toEqual(hidden);
    await friendsOf(ann).send(bob.id, 'mine');
    await annPage.next('directMessage', (m) => m.message === 'mine');
    expect(annPage.seen.directMessage.map((m) => m.message)).toEqual(['mine']);
    expect((await friendsOf(ann).unread()).total).toBe(0);
    expect((await friendsOf(ann).conversation(bob.id)).map((m) => m.message)).toEqual(['mine']);
    expect((await friendsOf(ann).conversations())[0]).toMatchObject({ last: { message: 'mine' }, unread: 0 });
    // The sender sees their conversation whole.
    expect((await friendsOf(bob).conversation(ann.id)).map((m) => m.message)).toEqual([
      'before the mute',
      'after the mute',
      'mine',
    ]);
    // Lifting the mute shows them again.
    await call(ann, 'DELETE', `/users/${bob.id}/mute`);
    expect((await friendsOf(ann).conversation(bob.id)).map((m) => m.message)).toContain('after the mute');
    annPage.close();
    bobPage.close();
  });

  it('a report from a conversation keeps its transcript for the moderators', async () => {
    const [ann, bob] = await friends();
    await friendsOf(bob).send(ann.id, 'you are terrible');
    await friendsOf(ann).send(bob.id, 'please stop');
    const filed = await call(ann, 'POST', '/reports', { userId: bob.id, category: 'abuse', conversation: true });
    expect(filed.status).toBe(201);
    const report = await call(admin, 'GET', `/admin/reports/${String(filed.body?.id)}`);
    expect(report.body).toMatchObject({
      context: 'conversation',
      transcript: [
        { from: { userId: bob.id }, channel: 'message', text: 'you are terrible' },
        { from: { userId: ann.id }, channel: 'message', text: 'please stop' },
      ],
    });
  });
});

describe('a deleted account', () => {
  it('takes its friendships, requests and messages with it, and its former friends are told', async () => {
    const [ann, bob] = await friends();
    await friendsOf(ann).send(bob.id, 'bye');
    const carl = await newPlayer(server.url, 'carl');
    await friendsOf(carl).add({ userId: ann.id });
    const bobPage = await pageOf(server.url, bob);
    // The export has friends and messages before.
    const exported = await ann.api.call(
      'GET',
      '/users/me/export',
      z.object({ more: z.record(z.string(), z.unknown()) }),
      'Export',
    );
    expect(exported.more.friends).toMatchObject({
      friends: [{ id: bob.id }],
      requestsReceived: [{ sender: { id: carl.id } }],
    });
    expect(exported.more.messages).toMatchObject([{ message: 'bye' }]);

    const deleted = await call(ann, 'DELETE', `/users/${ann.id}`, { password: 'correct horse battery' });
    expect(deleted.status).toBe(200);
    expect(await bobPage.next('friendRemoved')).toEqual({ userId: ann.id });
    expect(await friendsOf(bob).friends()).toEqual([]);
    expect(await friendsOf(bob).conversations()).toEqual([]);
    expect(await friendsOf(carl).pending()).toEqual([]);
    const db = server.store.db;
    const left = await db.selectFrom('direct_messages').select('id').where('sender_id', '=', ann.id).execute();
    expect(left).toEqual([]);
    // Nobody befriends, messages or challenges a deleted account.
    expect((await call(bob, 'POST', '/friends/add', { userId: ann.id })).status).toBe(404);
    bobPage.close();
  });
});
