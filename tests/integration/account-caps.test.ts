import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, randomFleet } from '../../src/game';
import { ApiError, isErrorAck } from '../../src/protocol';
import { placeBoth } from '../support/game';
import { roomOf } from '../support/lobby';
import { connectClient, newPlayer, type TestPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/* Per-account caps (docs/deploy.md): small ones, so that a test reaches them. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      maxWaitingRooms: 2,
      maxPublicRooms: 1,
      maxComputerGames: 1,
      maxSpectatorSockets: 2,
      botIdleSeconds: 1,
      reconnectGraceSeconds: 2,
    },
  });
});
afterAll(async () => {
  await server.dispose();
});

/** POST /room as `player`: the raw answer, Retry-After included. */
async function createRoom(player: TestPlayer, body: object = {}) {
  const response = await fetch(`${server.url}/room`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

function expectLimit(answer: Awaited<ReturnType<typeof createRoom>>, reason: string, limit: number): void {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', reason, limit });
  expect(answer.body.retryAfter).toBe(Number(answer.retryAfter));
  expect(answer.body.message).toEqual([expect.stringMatching(/^You already have/)]);
}

describe('rooms waiting at once', () => {
  it('refuses a third waiting room with 429, Retry-After and the reason, and gives the place back once a game starts', async () => {
    const host = await newPlayer(server.url, 'host');
    const slugs = [await roomOf(host), await roomOf(host)];
    expectLimit(await createRoom(host), 'WAITING_ROOMS', 2);
    // Another account has its own count.
    const other = await newPlayer(server.url, 'other');
    expect((await createRoom(other)).status).toBe(201);

    // The first room's game starts: it no longer waits, and a new room may be made.
    const guest = await newPlayer(server.url, 'guest');
    const [ca, cb] = await Promise.all([
      connectClient(server.url, host.token, slugs[0] ?? ''),
      connectClient(server.url, guest.token, slugs[0] ?? ''),
    ]);
    try {
      await ca.joinRoom();
      await cb.joinRoom();
      expect(await ca.startGame()).toBeNull();
      await expect.poll(async () => (await createRoom(host)).status, { timeout: 5000 }).toBe(201);
      expectLimit(await createRoom(host), 'WAITING_ROOMS', 2);
    } finally {
      ca.close();
      cb.close();
    }
  });

  it('holds under a burst: of 12 rooms asked at once, exactly the cap is made', async () => {
    const burst = await newPlayer(server.url, 'burst');
    const answers = await Promise.all(Array.from({ length: 12 }, () => createRoom(burst)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });
});

describe('public rooms listed at once', () => {
  it('refuses a second public room, while a private one is still allowed', async () => {
    const host = await newPlayer(server.url, 'public');
    expect((await createRoom(host, { public: true })).status).toBe(201);
    expectLimit(await createRoom(host, { public: true }), 'PUBLIC_ROOMS', 1);
    expect((await createRoom(host)).status).toBe(201);
    // The refused public room did not take a waiting place: the cap of 2 is full with the two made.
    expectLimit(await createRoom(host), 'WAITING_ROOMS', 2);
  });

  it('stops counting a lobby its host left for the reconnect grace (issue 36), and a lobby everyone left', async () => {
    const host = await newPlayer(server.url, 'closedtab');
    const slug = await roomOf(host, { public: true });
    const tab = await connectClient(server.url, host.token, slug);
    await tab.joinRoom();
    expectLimit(await createRoom(host, { public: true }), 'PUBLIC_ROOMS', 1);
    // The tab is closed: within the grace the lobby still counts (the player may be reloading)…
    tab.close();
    expectLimit(await createRoom(host, { public: true }), 'PUBLIC_ROOMS', 1);
    // …after it, it no longer does, and the player may list another game.
    await expect
      .poll(async () => (await createRoom(host, { public: true })).status, { timeout: 10_000, interval: 400 })
      .toBe(201);
    // The lobby left behind still waits for a second player (of the 2 waiting rooms allowed here).
    expectLimit(await createRoom(host, { public: true }), 'WAITING_ROOMS', 2);

    // A lobby left by everyone before its game holds nothing: both its places come back.
    const other = await newPlayer(server.url, 'leaver');
    const left = await roomOf(other, { public: true });
    const page = await connectClient(server.url, other.token, left);
    await page.joinRoom();
    expectLimit(await createRoom(other, { public: true }), 'PUBLIC_ROOMS', 1);
    expect(await page.leaveRoom(left)).toBeNull();
    page.close();
    await expect
      .poll(async () => (await createRoom(other, { public: true })).status, { timeout: 5000, interval: 200 })
      .toBe(201);
    expect((await createRoom(other)).status).toBe(201);
  }, 30_000);
});

describe('computer games at once', () => {
  it('refuses a second computer game, and gives the place back when the game ends or the computer leaves', async () => {
    const human = await newPlayer(server.url, 'human');
    const { slug } = await human.api.computerGame({ level: 'easy' });
    const refused = await human.api.computerGame({ level: 'easy' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).limit).toMatchObject({ reason: 'COMPUTER_GAMES', limit: 1 });

    // The game is played and resigned: ended, it no longer counts.
    const client = await connectClient(server.url, human.token, slug);
    try {
      await client.joinRoom(slug);
      expect(await client.placeShips(randomFleet(createRng(3)))).toBeNull();
      await waitForState(client, (s) => s.gameStatus === 'PLAY', 10_000);
      expect(await client.resign(slug)).toBeNull();
      await waitForState(client, (s) => s.gameStatus === 'ENDED');
    } finally {
      client.close();
    }
    const second = await human.api.computerGame({ level: 'easy' });
    // Nobody opens the second game: its computer leaves after BOT_IDLE_SECONDS and the place is free.
    await expect
      .poll(async () => (await human.api.computerGame({ level: 'easy' }).catch(() => null))?.slug, {
        timeout: 10_000,
        interval: 500,
      })
      .toMatch(/./);
    expect(second.slug).toBeTruthy();
  }, 30_000);
});

describe('spectator sockets at once', () => {
  it('refuses a third watching socket with LIMIT_REACHED, lets a socket move between games, and frees the place when one closes', async () => {
    const viewer = await newPlayer(server.url, 'viewer');
    const rooms: string[] = [];
    for (let i = 0; i < 2; i++) {
      const host = await newPlayer(server.url, 'watched');
      const guest = await newPlayer(server.url, 'guest');
      const slug = await roomOf(host);
      const [ca, cb] = await Promise.all([
        connectClient(server.url, host.token, slug),
        connectClient(server.url, guest.token, slug),
      ]);
      await ca.joinRoom();
      await cb.joinRoom();
      await ca.startGame();
      await placeBoth(
        { player: host, client: ca, fleet: randomFleet(createRng(10 + i)) },
        { player: guest, client: cb, fleet: randomFleet(createRng(20 + i)) },
      );
      rooms.push(slug);
    }
    const [roomA = '', roomB = ''] = rooms;
    const sockets = await Promise.all([0, 1, 2].map(() => connectClient(server.url, viewer.token, roomA)));
    try {
      const [one, two, three] = sockets;
      if (!one || !two || !three) throw new Error('three sockets expected');
      expect(isErrorAck(await one.watchRoom(roomA))).toBe(false);
      expect(isErrorAck(await two.watchRoom(roomB))).toBe(false);
      const refused = await three.watchRoom(roomA);
      expect(refused).toMatchObject({ error: 'LIMIT_REACHED', reason: 'SPECTATOR_SOCKETS', limit: 2 });
      expect(isErrorAck(refused) && (refused.retryAfter ?? 0) > 0).toBe(true);
      // A socket that already watches moves to another game without taking a second place.
      expect(isErrorAck(await one.watchRoom(roomB))).toBe(false);
      expect(isErrorAck(await one.watchRoom(roomA))).toBe(false);
      // One stops watching: the third may watch now.
      expect(await two.unwatchRoom(roomB)).toBeNull();
      expect(isErrorAck(await three.watchRoom(roomB))).toBe(false);
      // A socket that closes gives its place back too.
      one.close();
      await expect.poll(async () => isErrorAck(await two.watchRoom(roomA)), { timeout: 5000 }).toBe(false);
    } finally {
      for (const socket of sockets) socket.close();
    }
  }, 30_000);
});
