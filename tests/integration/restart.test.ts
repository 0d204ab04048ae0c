import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, isErrorAck } from '../../src/protocol';
import { type Seat, startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, waitForState } from '../support/players';
import { startTestServer } from '../support/server';

const dataDir = mkdtempSync(join(tmpdir(), 'broadside-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a restart on the same data directory', () => {
  it('keeps users, rooms and a game in progress, which then goes on', async () => {
    const before = await startTestServer({ dataDir });
    const { slug, a, b } = await twoPlayersInRoom(before.url);
    const { first, second } = await startAndPlace(slug, a, b);
    for (const at of [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
    ]) {
      expect(isErrorAck(await first.client.shoot(at))).toBe(false);
      expect(isErrorAck(await second.client.shoot(at))).toBe(false);
    }
    const marks = (grid: string[][]) => grid.flat().filter((c) => c !== 'E' && c !== 'S').length;
    const seen = await waitForState(a.client, (s) => marks(s.playerBoats) === 2 && marks(s.opponentBoats) === 2);
    a.client.close();
    b.client.close();
    await before.close();

    const after = await startTestServer({ dataDir });
    try {
      // The generated JWT secret lives in the data directory: old tokens still work, and so does login.
      const api = new ApiClient({ baseUrl: after.url });
      await expect(api.login({ email: a.player.email, password: 'correct horse battery' })).resolves.toHaveProperty(
        'access_token',
      );
      const reconnect = async (seat: Seat): Promise<Seat> => ({
        ...seat,
        client: await connectClient(after.url, seat.player.token, slug),
      });
      const [a2, b2] = await Promise.all([reconnect(a), reconnect(b)]);
      expect(await a2.client.joinRoom(slug)).toBe('PLAY');
      expect(await b2.client.joinRoom(slug)).toBe('PLAY');
      const state = await waitForState(a2.client, (s) => s.members.length === 2 && marks(s.opponentBoats) === 2);
      expect(state.playerBoats).toEqual(seen.playerBoats);
      expect(state.opponentBoats).toEqual(seen.opponentBoats);
      expect(state.shipsIndexes).toEqual(a.fleet);
      expect(state.members.find((m) => m.hasToPlay)?.userId).toBe(first.player.id);

      const seat = (s: Seat) => (s === a ? a2 : b2);
      const f = seat(first);
      const g = seat(second);
      // The scanners restart at cell 0: skip the cells both already shot.
      for (const at of [{ x: 2, y: 0 }]) {
        expect(isErrorAck(await f.client.shoot(at))).toBe(false);
        expect(isErrorAck(await g.client.shoot(at))).toBe(false);
      }
      expect(await f.client.shoot({ x: 0, y: 0 })).toEqual({ error: 'ALREADY_SHOT' });
      f.client.close();
      g.client.close();
    } finally {
      await after.close();
    }
  });
});

describe('GameClient across a server restart', () => {
  it('reconnects by itself, joins again and gets the full state', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'broadside-reconnect-'));
    const first = await startTestServer({ dataDir: dir });
    const { slug, a, b } = await twoPlayersInRoom(first.url);
    const { GameClient } = await import('../../src/protocol');
    const resilient = new GameClient({
      url: first.url,
      token: a.player.token,
      slug,
      socket: { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 200 },
    });
    await resilient.connect();
    expect(await resilient.joinRoom(slug)).toBe('UNSTARTED');
    expect(await b.client.startGame(slug)).toBeNull();
    await waitForState(resilient, (s) => s.gameStatus === 'PLACE_SHIPS');
    a.client.close();
    b.client.close();
    await first.close();
    await waitForState(resilient, (s) => !s.connected);

    const second = await startTestServer({ dataDir: dir, port: first.port });
    try {
      // The fresh server only learns this socket through the automatic joinRoom.
      const mine = (s: typeof resilient.state) => s.members.find((m) => m.userId === a.player.id)?.socketId;
      const back = await waitForState(resilient, (s) => s.connected && mine(s) === resilient.socket.id, 10_000);
      expect(back.gameStatus).toBe('PLACE_SHIPS');
      expect(back.members).toHaveLength(2);
    } finally {
      resilient.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
