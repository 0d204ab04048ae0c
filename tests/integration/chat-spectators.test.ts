import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatLine, type GameClient, isErrorAck } from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { jsonCall } from '../support/http';
import { connectClient, newPlayer, type TestPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Spectators' chat where the operator lets spectators read the players (CHAT_SPECTATORS_READ_PLAYERS;
 * docs/protocol.md, "Chat"): a spectator reads the players' lines live and on arriving, talks in its
 * own channel that no player reads before the end, and reads both beside the replay. The default
 * (spectators read only their channel) is tests/integration/chat.test.ts's. Real server, real sockets.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { chatLinesPerWindow: 0, chatSpectatorsReadPlayers: true } });
});
afterAll(async () => {
  await server.dispose();
});

async function said(client: GameClient, text: string): Promise<ChatLine> {
  const reply = await client.say(text);
  if (isErrorAck(reply)) throw new Error(`"${text}" refused: ${reply.error} ${reply.message ?? ''}`);
  return reply;
}

const texts = (client: GameClient): (string | undefined)[] => client.chat.map((line) => line.text);
const settle = (ms = 300): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const call = (player: TestPlayer, path: string) => jsonCall(server.url, player.token, 'GET', path);

describe('spectators where the server lets them read the players', () => {
  it('says so in its capabilities', async () => {
    const body = (await (await fetch(`${server.url}/capabilities`)).json()) as { features: string[] };
    expect(body.features).toContain('spectatorsReadPlayers');
  });

  it('read the players live and on arriving; the players never read them before the end', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    await said(a.client, 'gl hf');
    const fan = await newPlayer(server.url, 'fan');
    const watcher = await connectClient(server.url, fan.token, slug);
    expect(isErrorAck(await watcher.watchRoom(slug))).toBe(false);
    // On arriving: the players' lines said before.
    await expect.poll(() => texts(watcher)).toEqual(['gl hf']);

    const { first, second } = await startAndPlace(slug, a, b);
    const cheer = await said(watcher, 'go bob!');
    expect(cheer.channel).toBe('spectators');
    const reply = await said(b.client, 'you too');
    expect(reply.channel).toBe('players');
    await expect.poll(() => texts(watcher)).toEqual(['gl hf', 'go bob!', 'you too']);
    await settle();
    for (const seat of [a, b]) expect(texts(seat.client)).toEqual(['gl hf', 'you too']);

    // A second spectator arriving mid-game reads both channels.
    const late = await connectClient(server.url, (await newPlayer(server.url, 'late')).token, slug);
    expect(isErrorAck(await late.watchRoom(slug))).toBe(false);
    await expect.poll(() => texts(late)).toEqual(['gl hf', 'go bob!', 'you too']);
    expect(late.chat.map((line) => line.channel)).toEqual(['players', 'spectators', 'players']);

    await playToTheEnd(first, second);
    await waitForState(a.client, (s) => s.gameStatus === 'ENDED');
    // At the end the players are given the spectators' lines.
    await expect.poll(() => texts(a.client)).toEqual(['gl hf', 'go bob!', 'you too']);

    // Beside the replay, anyone logged in reads what a spectator read: both channels.
    const games = await call(a.player, '/users/me/history');
    const gameId = ((games.body?.games ?? []) as { gameId: number }[])[0]?.gameId;
    const stranger = await newPlayer(server.url, 'stranger');
    const chat = await call(stranger, `/games/${gameId}/chat`);
    expect(chat.status).toBe(200);
    expect(((chat.body?.lines ?? []) as ChatLine[]).map((line) => [line.channel, line.text])).toEqual([
      ['players', 'gl hf'],
      ['spectators', 'go bob!'],
      ['players', 'you too'],
    ]);
    for (const client of [a.client, b.client, watcher, late]) client.close();
  });

  it('lets a spectator report a player’s line it read', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const rude = await said(a.client, 'you all stink');
    const fan = await newPlayer(server.url, 'fan');
    const watcher = await connectClient(server.url, fan.token, slug);
    expect(isErrorAck(await watcher.watchRoom(slug))).toBe(false);
    const filed = await jsonCall(server.url, fan.token, 'POST', '/reports', {
      userId: a.player.id,
      category: 'abuse',
      room: slug,
      lineId: rude.id,
    });
    expect(filed.status).toBe(201);
    for (const client of [a.client, b.client, watcher]) client.close();
  });
});

describe('spectators on a server where the players talk among themselves (the default)', () => {
  it('read only the spectators’ lines beside the replay, as they did live', async () => {
    const quiet = await startTestServer({ config: { chatLinesPerWindow: 0 } });
    try {
      const { slug, a, b } = await twoPlayersInRoom(quiet.url);
      const fan = await newPlayer(quiet.url, 'fan');
      const watcher = await connectClient(quiet.url, fan.token, slug);
      expect(isErrorAck(await watcher.watchRoom(slug))).toBe(false);
      const { first, second } = await startAndPlace(slug, a, b);
      await said(a.client, 'between us');
      await said(watcher, 'hello from the stands');
      await settle();
      expect(texts(watcher)).toEqual(['hello from the stands']);
      await playToTheEnd(first, second);
      await waitForState(a.client, (s) => s.gameStatus === 'ENDED');
      const games = await jsonCall(quiet.url, a.player.token, 'GET', '/users/me/history');
      const gameId = ((games.body?.games ?? []) as { gameId: number }[])[0]?.gameId;
      const stranger = await jsonCall(quiet.url, fan.token, 'GET', `/games/${gameId}/chat`);
      expect(((stranger.body?.lines ?? []) as ChatLine[]).map((line) => line.text)).toEqual(['hello from the stands']);
      const player = await jsonCall(quiet.url, b.player.token, 'GET', `/games/${gameId}/chat`);
      expect(((player.body?.lines ?? []) as ChatLine[]).map((line) => line.text)).toEqual([
        'between us',
        'hello from the stands',
      ]);
      // Someone who said nothing there reporting a player's line spectators could not read: refused.
      const line = a.client.chat.find((l) => l.text === 'between us');
      const silent = await newPlayer(quiet.url, 'silent');
      const refused = await jsonCall(quiet.url, silent.token, 'POST', '/reports', {
        userId: a.player.id,
        category: 'abuse',
        room: slug,
        lineId: line?.id,
      });
      expect(refused.status).toBe(403);
      const body = (await (await fetch(`${quiet.url}/capabilities`)).json()) as { features: string[] };
      expect(body.features).not.toContain('spectatorsReadPlayers');
      for (const client of [a.client, b.client, watcher]) client.close();
    } finally {
      await quiet.dispose();
    }
  });
});
