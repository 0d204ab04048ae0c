import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatLine, type GameClient, isErrorAck, QUICK_MESSAGES, RECENT_LINES, TEXT_MAX } from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { roomOf } from '../support/lobby';
import { connectClient, newPlayer, rawSpecSocket, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * The room's chat on a real server with real sockets (docs/protocol.md, "Chat"): both dialects,
 * the recent lines on a join, the spectators' channel, and bad input changing nothing. Runs on
 * SQLite and (integration-pg) PostgreSQL.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { chatLinesPerWindow: 0 } });
});
afterAll(async () => {
  await server.dispose();
});

/** Every `chat` event a raw socket receives, with all its arguments. */
function heard(socket: Socket): unknown[][] {
  const seen: unknown[][] = [];
  socket.on('chat', (...args: unknown[]) => seen.push(args));
  return seen;
}

/** Resolves once the client holds a line matching `match`. */
async function hears(client: GameClient, match: (line: ChatLine) => boolean, timeoutMs = 5000): Promise<ChatLine> {
  await expect.poll(() => client.chat.some(match), { timeout: timeoutMs }).toBe(true);
  return client.chat.find(match) as ChatLine;
}

/** Waits a moment: what has not arrived by then was not sent. */
const settle = (ms = 300): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('chat between the players (broadside/2)', () => {
  it('sends a line to both players, answers the sender with the line, and keeps it in order', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const reply = await a.client.say('  gl\nhf \u200b');
    if (isErrorAck(reply)) throw new Error(reply.error);
    expect(reply).toMatchObject({
      from: { userId: a.player.id, username: a.player.username },
      channel: 'players',
      text: 'gl hf',
    });
    expect(reply.id).toMatch(/^\d+$/);
    expect(Math.abs(reply.at - Date.now())).toBeLessThan(5000);
    const seen = await hears(b.client, (line) => line.id === reply.id);
    expect(seen).toEqual(reply);
    // The sender's other sockets (and this one) hear it too: one copy.
    await hears(a.client, (line) => line.id === reply.id);
    expect(a.client.chat.filter((line) => line.id === reply.id)).toHaveLength(1);
    expect(await b.client.sayQuick('good-luck', 'Good luck!')).toMatchObject({ quick: 'good-luck' });
    await hears(a.client, (line) => line.quick === 'good-luck');
    expect(a.client.chat.map((line) => line.text ?? line.quick)).toEqual(['gl hf', 'good-luck']);
    a.client.close();
    b.client.close();
    void slug;
  });

  it('refuses bad lines with BAD_PAYLOAD and a reason, sends and keeps nothing', async () => {
    const { a, b } = await twoPlayersInRoom(server.url);
    const emit = (payload: unknown) => a.client.socket.timeout(5000).emitWithAck('chat', payload as never);
    const cases: [unknown, RegExp][] = [
      [{ text: '' }, /empty/],
      [{ text: '\u200b\u200d \u3164' }, /empty/],
      [{ text: 'x'.repeat(TEXT_MAX + 1) }, /301 characters long, at most 300/],
      [{ text: 'x'.repeat(10_000) }, /10000 characters long, at most 300/],
      [{ quick: 'insult' }, /unknown quick message "insult"/],
      [{ text: 'hi', quick: 'hello' }, /one of the two/],
      [{ text: 42 }, /must be text/],
      ['just a string', /.+/],
      [null, /.+/],
      [{ text: 'hi', to: 'everyone' }, /.+/],
    ];
    for (const [payload, reason] of cases) {
      const reply = await emit(payload).catch((error: Error) => ({ error: 'DISCONNECTED', message: error.message }));
      expect(reply, JSON.stringify(payload).slice(0, 60)).toMatchObject({ error: 'BAD_PAYLOAD' });
      expect((reply as { message: string }).message).toMatch(reason);
    }
    await settle();
    expect(b.client.chat).toEqual([]);
    expect(a.client.chat).toEqual([]);
    a.client.close();
    b.client.close();
  });

  it('refuses a socket that has joined no room: NOT_JOINED', async () => {
    const player = await newPlayer(server.url, 'lonely');
    const slug = await roomOf(player);
    const client = await connectClient(server.url, player.token, slug);
    // Not joined yet: the client speaks broadside/2 once a join told it so; ask the raw socket.
    const reply = await client.socket.timeout(5000).emitWithAck('chat', { text: 'anyone?' });
    expect(reply).toMatchObject({ error: 'NOT_JOINED' });
    client.close();
  });

  it('sends the latest lines the reader may read when a socket joins, oldest first', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const said: string[] = [];
    for (let i = 0; i < RECENT_LINES + 5; i++) {
      const text = `line ${i}`;
      said.push(text);
      const reply = await (i % 2 === 0 ? a : b).client.say(text);
      expect(isErrorAck(reply)).toBe(false);
    }
    const again = await connectClient(server.url, b.player.token, slug);
    expect(await again.joinRoom(slug)).toBe('UNSTARTED');
    await expect.poll(() => again.chat.length).toBe(RECENT_LINES);
    expect(again.chat.map((line) => line.text)).toEqual(said.slice(-RECENT_LINES));
    for (const client of [a.client, b.client, again]) client.close();
  });

  it('shows text as text: markup is kept as written, never interpreted', async () => {
    const { a, b } = await twoPlayersInRoom(server.url);
    const xss = '<img src=x onerror="alert(1)"><script>alert(document.cookie)</script>&amp;';
    const reply = await a.client.say(xss);
    expect(reply).toMatchObject({ text: xss });
    expect(await hears(b.client, (line) => line.id === (reply as ChatLine).id)).toMatchObject({ text: xss });
    a.client.close();
    b.client.close();
  });
});

describe('chat in the SPEC dialect (as the original server)', () => {
  it('broadcasts the payload as sent and {userId, username}, answers {message}, reads every shape', async () => {
    const [host, guest] = await Promise.all([newPlayer(server.url, 'orighost'), newPlayer(server.url, 'origguest')]);
    const slug = await roomOf(host);
    const [one, two] = await Promise.all([
      rawSpecSocket(server.url, host.token, slug),
      rawSpecSocket(server.url, guest.token, slug),
    ]);
    expect(await one.socket.timeout(5000).emitWithAck('joinRoom', slug)).toEqual({ gameStatus: 'UNSTARTED' });
    expect(await two.socket.timeout(5000).emitWithAck('joinRoom', slug)).toEqual({ gameStatus: 'UNSTARTED' });
    const oneHeard = heard(one.socket);
    const twoHeard = heard(two.socket);
    const original = { text: 'Salut\u0007 !', timeSent: '2024-05-01T10:00:00.000Z' };
    expect(await one.socket.timeout(5000).emitWithAck('chat', original)).toEqual({ message: 'Message sent' });
    expect(await two.socket.timeout(5000).emitWithAck('chat', { message: 'hello' })).toEqual({
      message: 'Message sent',
    });
    expect(await two.socket.timeout(5000).emitWithAck('chat', 'bare')).toEqual({ message: 'Message sent' });
    const hostRef = { userId: host.id, username: host.username };
    const guestRef = { userId: guest.id, username: guest.username };
    const expected = [
      [{ text: 'Salut !', timeSent: original.timeSent }, hostRef],
      [{ message: 'hello' }, guestRef],
      ['bare', guestRef],
    ];
    await expect.poll(() => twoHeard).toEqual(expected);
    await expect.poll(() => oneHeard).toEqual(expected);
    // A refusal: {error: sentence, code}.
    const refused = await one.socket.timeout(5000).emitWithAck('chat', { message: '' });
    expect(refused).toMatchObject({ code: 'BAD_PAYLOAD' });
    expect(typeof (refused as { error: unknown }).error).toBe('string');
    one.socket.disconnect();
    two.socket.disconnect();
  });

  it('carries lines between a SPEC socket and a broadside/2 one, quick messages in English', async () => {
    const [host, guest] = await Promise.all([newPlayer(server.url, 'mixhost'), newPlayer(server.url, 'mixguest')]);
    const slug = await roomOf(host);
    const spec = await rawSpecSocket(server.url, host.token, slug);
    await spec.socket.timeout(5000).emitWithAck('joinRoom', slug);
    const ours = await connectClient(server.url, guest.token, slug);
    await ours.joinRoom(slug);
    const specHeard = heard(spec.socket);
    await spec.socket.timeout(5000).emitWithAck('chat', { message: 'from the old client' });
    expect(await hears(ours, (line) => line.text === 'from the old client')).toMatchObject({
      from: { userId: host.id, username: host.username },
      channel: 'players',
    });
    const quick = await ours.sayQuick('nice-shot', 'Joli tir !');
    if (isErrorAck(quick)) throw new Error(quick.error);
    await expect.poll(() => specHeard.length).toBe(2);
    expect(specHeard[1]).toEqual([
      { message: 'Nice shot!', text: 'Nice shot!', timeSent: new Date(quick.at).toISOString() },
      { userId: guest.id, username: guest.username },
    ]);
    spec.socket.disconnect();
    ours.close();
  });
});

describe('every quick message', () => {
  it('is accepted by its code and kept as a code', async () => {
    const { a, b } = await twoPlayersInRoom(server.url);
    for (const code of QUICK_MESSAGES) expect(await a.client.sayQuick(code, code)).toMatchObject({ quick: code });
    await expect.poll(() => b.client.chat.map((line) => line.quick)).toEqual([...QUICK_MESSAGES]);
    a.client.close();
    b.client.close();
  });
});

describe('spectators', () => {
  it('talk among themselves; their lines reach the players only once the game is over', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const fan = await newPlayer(server.url, 'fan');
    const watcher = await connectClient(server.url, fan.token, slug);
    expect(isErrorAck(await watcher.watchRoom(slug))).toBe(false);
    const early = await a.client.say('players only');
    expect(isErrorAck(early)).toBe(false);
    const cheer = await watcher.say('go bob!');
    expect(cheer).toMatchObject({ channel: 'spectators', text: 'go bob!' });
    await hears(watcher, (line) => line.text === 'go bob!');
    const { first, second } = await startAndPlace(slug, a, b);
    await watcher.say('what a start');
    await settle();
    // Neither player heard a spectator; the spectator heard no player.
    for (const seat of [a, b]) expect(seat.client.chat.map((l) => l.channel)).not.toContain('spectators');
    expect(watcher.chat.map((l) => l.channel)).not.toContain('players');
    // A player's new socket (it takes the seat over) is not given them either.
    const rejoined = await connectClient(server.url, a.player.token, slug);
    expect(await rejoined.joinRoom(slug)).toBe('PLAY');
    await hears(rejoined, (line) => line.text === 'players only');
    expect(rejoined.chat.map((l) => l.text)).toEqual(['players only']);
    a.client.close();
    const seatA = { ...a, client: rejoined };
    const [one, two] = first === a ? [seatA, second] : [first, seatA];

    await playToTheEnd(one, two);
    await waitForState(rejoined, (s) => s.gameStatus === 'ENDED');
    // At the end, the players are given the spectators' lines of the game…
    await hears(rejoined, (line) => line.text === 'what a start');
    expect(rejoined.chat.map((l) => l.text)).toEqual(['players only', 'go bob!', 'what a start']);
    // …and hear the spectators from then on.
    await watcher.say('gg both');
    await hears(b.client, (line) => line.text === 'gg both');
    for (const client of [rejoined, b.client, watcher]) client.close();
  });
});
