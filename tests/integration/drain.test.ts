import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Coord, coordOf, type ShotResult } from '../../src/game';
import { GameClient, isErrorAck } from '../../src/protocol';
import { type Seat, startAndPlace, twoPlayersInRoom } from '../support/game';
import { eventually, storedRound } from '../support/match';
import { waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';
import { freePort } from '../../scripts/cluster/services';

const dataDir = mkdtempSync(join(tmpdir(), 'broadside-drain-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A browser-like client: reconnects by itself (quickly, for the test) and joins again. */
async function reconnecting(url: string, seat: Seat, slug: string): Promise<GameClient> {
  const client = new GameClient({
    url,
    token: seat.player.token,
    slug,
    socket: { transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 400 },
  });
  await client.connect();
  expect(await client.joinRoom(slug)).toBe('PLAY');
  return client;
}

/** What a WebSocket handshake to /socket.io/ gets: the HTTP status of the refusal, or 101. */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    ws.on('upgrade', () => {
      ws.terminate();
      resolve(101);
    });
    ws.on('unexpected-response', (_request, response) => {
      ws.terminate();
      resolve(response.statusCode ?? 0);
    });
    ws.on('error', reject);
  });
}

describe('readiness and the drain of a node alone', () => {
  it('says ready, then 503 from the moment it drains; refuses new sockets; finishes what is in flight; the game goes on after the restart', async () => {
    // A known port and secret, so that the same clients come back to the restarted server.
    const port = await freePort();
    const jwtSecret = 'drain-test-secret';
    let server: TestServer = await startTestServer({ dataDir, port, jwtSecret, config: { drainSeconds: 10 } });

    const ready = await fetch(`${server.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'off' },
    });

    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first, second } = await startAndPlace(slug, a, b);
    a.client.close();
    b.client.close();
    const shooter = { ...first, client: await reconnecting(server.url, first, slug) };
    const target = { ...second, client: await reconnecting(server.url, second, slug) };
    const told: string[] = [];
    for (const seat of [shooter, target]) seat.client.socket.on('restarting', () => told.push(seat.player.id));
    const offline: boolean[] = [];
    shooter.client.subscribe((state) => offline.push(!state.connected));

    // A shot sent as the drain begins: acknowledged (and then stored), or never run (and then not).
    const at: Coord = { x: 0, y: 0 };
    const shot = shooter.client.shoot(at);
    const drained = server.drain();
    const reply = await shot;
    const report = await drained;
    expect(report).toMatchObject({ handedOver: 0, socketsClosed: 2, socketsLeft: 0 });
    expect(report?.keptHere).toBeGreaterThanOrEqual(0);

    // Draining: not ready, still alive, and no new socket.
    const notReady = await fetch(`${server.url}/health/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'draining' });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(await upgradeStatus(server.url)).toBe(503);
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(503);
    expect(polling.headers.get('retry-after')).toBe('1');
    expect(await polling.json()).toMatchObject({ statusCode: 503 });

    // Both sockets were told to reconnect before their connection closed.
    await eventually(
      async () => shooter.client.socket.connected || target.client.socket.connected,
      (connected) => !connected,
    );
    expect(told.sort()).toEqual([shooter.player.id, target.player.id].sort());
    // Every state frame from now on comes from the restarted server, after the client joined again.
    const rejoined = [shooter, target].map(
      (seat) =>
        new Promise<void>((resolve) => {
          const stop = seat.client.subscribe((state, change) => {
            if (change !== 'state' || !state.connected) return;
            stop();
            resolve();
          });
        }),
    );
    await server.close();
    const stored = await (async () => {
      const again = await startTestServer({ dataDir, port, jwtSecret });
      server = again;
      return storedRound(again, slug);
    })();
    const acknowledged = !isErrorAck(reply);
    expect(stored.moves.length).toBe(acknowledged ? 1 : 0);
    if (!acknowledged) expect(reply).toMatchObject({ error: 'DISCONNECTED' });

    // The clients were back within moments, joined again, and the game goes on.
    await Promise.all(rejoined);
    const turnOf = (seat: Seat) =>
      acknowledged ? (seat === shooter ? target : shooter) : seat === shooter ? shooter : target;
    const next = turnOf(shooter);
    await waitForState(next.client, (s) => s.members.some((m) => m.userId === next.player.id && m.hasToPlay), 15_000);
    const result = await next.client.shoot(coordOf(50));
    expect(result, JSON.stringify(result)).not.toHaveProperty('error');
    expect(['M', 'H', 'D']).toContain(result as ShotResult);
    // The player was never shown offline for the planned restart (the notice waits PLANNED_QUIET_MS).
    expect(offline.filter(Boolean).length).toBe(0);
    shooter.client.close();
    target.client.close();
    await server.dispose();
  }, 60_000);
});
