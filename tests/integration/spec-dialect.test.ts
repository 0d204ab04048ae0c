import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, randomFleet } from '../../src/game';
import { playGame, shooterNamed, placerNamed, oneAfterTheOther } from '../../src/bots';
import { GameClient, SOCKET_NAMESPACE } from '../../src/protocol';
import { FEATURES, readProbe } from '../../src/protocol/capabilities';
import { newPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Our server to a client that does not ask for broadside/2: the SPEC dialect, as the original
 * server speaks it (docs/protocol.md). Two clients that speak only it play whole games while every
 * frame they receive is recorded and checked.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

interface Frame {
  readonly event: string;
  readonly payload: unknown;
  readonly status: string | null;
}

function isGrid(value: unknown, cells: RegExp): boolean {
  return (
    Array.isArray(value) &&
    value.length === 10 &&
    value.every(
      (row) => Array.isArray(row) && row.length === 10 && row.every((c) => typeof c === 'string' && cells.test(c)),
    )
  );
}

async function specSeat(url: string, prefix: string, slug?: string) {
  const player = await newPlayer(url, prefix);
  const room =
    slug ?? (await player.api.createRoom({ userId: player.id, username: player.username, socketId: null })).slug;
  const client = new GameClient({
    url,
    token: player.token,
    slug: room,
    speak: 'spec',
    socket: { transports: ['websocket'] },
  });
  const frames: Frame[] = [];
  client.socket.onAny((event: string, payload: unknown) =>
    frames.push({ event, payload, status: client.state.gameStatus }),
  );
  await client.connect();
  return { player, client, frames, slug: room };
}

describe('the SPEC dialect of our server', () => {
  it('plays whole games with SPEC-only clients; no frame shows an unsunk opponent ship before ENDED', async () => {
    const a = await specSeat(server.url, 'sd_a');
    const b = await specSeat(server.url, 'sd_b', a.slug);
    expect(await a.client.joinRoom()).toBe('UNSTARTED');
    expect(await b.client.joinRoom()).toBe('UNSTARTED');
    expect(a.client.dialect).toBe('spec');
    const bot = (userId: string, seed: number) => ({
      userId,
      shooter: shooterNamed('hunt'),
      placer: placerNamed('random'),
      rng: createRng(seed),
    });
    for (let game = 0; game < 2; game++) {
      if (game > 0) expect(await a.client.replay()).toBe('PLACE_SHIPS');
      const [first, second] = oneAfterTheOther();
      const [ra, rb] = await Promise.all([
        playGame(a.client, bot(a.player.id, 10 + game), { start: true, stepTimeoutMs: 15_000, ...first }),
        playGame(b.client, bot(b.player.id, 20 + game), { start: true, stepTimeoutMs: 15_000, ...second }),
      ]);
      expect(ra.won).not.toBe(rb.won);
      expect(ra.winner.userId).toBe(rb.winner.userId);
    }
    for (const { frames } of [a, b]) {
      const names = new Set(frames.map((f) => f.event));
      expect(names.has('match')).toBe(false);
      for (const f of frames) {
        if (f.event === 'battlePlace') expect(isGrid(f.payload, /^[EMHD]$/)).toBe(true);
        if (f.event === 'playerBoats') expect(isGrid(f.payload, /^[EMHD1-5]$/)).toBe(true);
        if (f.event === 'opponentBoats' || f.event === 'opponentShipsIndexes') {
          // Sent with the end of a game only: the client's status is ENDED once it arrives.
          expect(['ENDED', 'PLAY']).toContain(f.status);
          expect(frames.some((g) => g.event === 'gameStatus' && g.payload === 'ENDED')).toBe(true);
        }
        if (f.event === 'shipsIndexes' && f.payload && Object.keys(f.payload).length > 0) {
          expect(Object.keys(f.payload).sort()).toEqual(['1', '2', '3', '4', '5']);
        }
        if (f.event === 'members') {
          for (const m of f.payload as { isHost?: unknown }[]) expect(typeof m.isHost).toBe('boolean');
        }
      }
      // Own-grid ship cells hold the ship's key.
      const grids = frames.filter((f) => f.event === 'playerBoats').map((f) => f.payload as string[][]);
      expect(grids.some((grid) => grid.flat().some((c) => /^[1-5]$/.test(c)))).toBe(true);
      // The opponent's board and fleet came at the end, after the last status ENDED.
      const lastEnded = frames.map((f) => f.payload).lastIndexOf('ENDED');
      const opponentFleet = frames.findLastIndex((f) => f.event === 'opponentShipsIndexes');
      expect(opponentFleet).toBeGreaterThan(lastEnded);
    }
    // Before any ENDED, the opponent's board never came at all.
    for (const { frames } of [a, b]) {
      const firstEnded = frames.findIndex((f) => f.event === 'gameStatus' && f.payload === 'ENDED');
      expect(
        frames.slice(0, firstEnded).some((f) => f.event === 'opponentBoats' || f.event === 'opponentShipsIndexes'),
      ).toBe(false);
    }
    a.client.close();
    b.client.close();
  });

  it('marks who has not placed with hasToPlay during PLACE_SHIPS, the host with isHost, and shipsIndexes {} before placing', async () => {
    const a = await specSeat(server.url, 'sd_c');
    const b = await specSeat(server.url, 'sd_d', a.slug);
    await a.client.joinRoom();
    const shipsAtJoin = a.frames.find((f) => f.event === 'shipsIndexes');
    expect(shipsAtJoin?.payload).toEqual({});
    await b.client.joinRoom();
    expect(await a.client.startGame()).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    const placing = a.frames.filter((f) => f.event === 'members').at(-1)?.payload as {
      userId: string;
      hasToPlay: boolean;
      isHost: boolean;
    }[];
    expect(placing.map((m) => m.hasToPlay)).toEqual([true, true]);
    expect(placing.find((m) => m.userId === a.player.id)?.isHost).toBe(true);
    expect(placing.find((m) => m.userId === b.player.id)?.isHost).toBe(false);
    // The placing page keeps its own layout: no shipsIndexes while this member has not placed.
    const sinceStart = a.frames.slice(a.frames.findIndex((f) => f.payload === 'PLACE_SHIPS'));
    expect(sinceStart.some((f) => f.event === 'shipsIndexes')).toBe(false);
    expect(await a.client.placeShips(randomFleet(createRng(5)))).toBeNull();
    // Refusals carry a sentence a person can read, and the stable code beside it.
    const raw = await a.client.socket.timeout(3000).emitWithAck('shoot', { x: 0, y: 0 });
    expect(raw).toEqual({ error: expect.stringMatching(/stage of the game/), code: 'WRONG_STATUS' });
    const bad = await a.client.socket.timeout(3000).emitWithAck('placeShips', { '9': [] } as never);
    expect(bad).toMatchObject({ code: 'BAD_PAYLOAD' });
    a.client.close();
    b.client.close();
  });

  it('refuses a malformed or forged token at the handshake and keeps serving', async () => {
    for (const token of ['not-a-jwt', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJpZCI6IngiLCJ1c2VybmFtZSI6IngifQ.']) {
      const socket = io(`${server.url}${SOCKET_NAMESPACE}`, {
        query: { token, slug: 'x' },
        transports: ['websocket'],
        reconnection: false,
      });
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('UNAUTHORIZED');
      socket.close();
    }
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
  });

  it('tells a web client on another origin what it offers beyond SPEC (GET /capabilities)', async () => {
    const response = await fetch(`${server.url}/capabilities`, { headers: { origin: 'http://elsewhere.test' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = await response.json();
    // Everything but the password reset, which needs an SMTP server (tests/integration/password-reset.test.ts),
    // and spectators reading the players' chat, which the operator turns on (tests/integration/chat-spectators.test.ts).
    const offered = FEATURES.filter((f) => f !== 'passwordReset' && f !== 'spectatorsReadPlayers');
    expect(body).toEqual({ protocol: 'broadside/2', features: offered });
    expect(readProbe({ status: response.status, body })?.server).toBe('broadside');
  });

  it('never answers a password hash', async () => {
    const response = await fetch(`${server.url}/users/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nohash', email: 'nohash@example.com', password: 'a-long-password' }),
    });
    const text = await response.text();
    expect(response.status).toBe(201);
    expect(text).not.toMatch(/password|\$argon2/i);
  });
});
