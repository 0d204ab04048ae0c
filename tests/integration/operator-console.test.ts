import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  type AuditPage,
  ClusterOverviewSchema,
  ClusterRoomsSchema,
  type RoomClosed,
} from '../../src/protocol';
import { startAndPlace, twoPlayersInRoom } from '../support/game';
import { lobbyOf } from '../support/lobby';
import { jsonCall } from '../support/http';
import { eventually } from '../support/match';
import { connectClient, newPlayer, signedUpAs, type TestPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

const ADMIN_EMAIL = 'ops@example.test';
let server: TestServer;
let admin: TestPlayer;

beforeAll(async () => {
  server = await startTestServer({ config: { adminEmails: [ADMIN_EMAIL], nodeName: 'console-node' } });
  admin = await signedUpAs(server.url, ADMIN_EMAIL, 'operator');
});
afterAll(async () => {
  await server.dispose();
});

/** A raw JSON call as `player` (or a visitor), for the statuses the ApiClient would turn into errors. */
const call = (player: TestPlayer | null, method: string, path: string, body?: unknown) =>
  jsonCall(server.url, player?.token ?? null, method, path, body);

describe('the operator’s console JSON', () => {
  it('refuses a visitor (401) and a player (403), revealing nothing of the rooms or nodes', async () => {
    const player = await newPlayer(server.url, 'curious');
    for (const [method, path] of [
      ['GET', '/admin/cluster'],
      ['GET', '/admin/cluster/rooms'],
      ['POST', '/admin/cluster/rooms/some-room-1/close'],
      ['POST', `/admin/cluster/users/${player.id}/disconnect`],
    ] as const) {
      const visitor = await call(null, method, path, method === 'POST' ? { reason: 'because' } : undefined);
      expect(visitor.status, path).toBe(401);
      const refused = await call(player, method, path, method === 'POST' ? { reason: 'because' } : undefined);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, message: 'This is for moderators only' });
      expect(JSON.stringify(refused.body)).not.toMatch(/console-node|slug|rooms/);
    }
  });

  it('lists the node, its rooms with their players, status and age, the computer seats and the queue', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    await startAndPlace(slug, a, b);
    const computerPlayer = await newPlayer(server.url, 'solo');
    const computerGame = await call(computerPlayer, 'POST', '/room/computer', { level: 'medium' });
    const waiting = await newPlayer(server.url, 'queued');
    const lobby = await lobbyOf(server.url, waiting);
    await lobby.findOpponent();

    const overview = ClusterOverviewSchema.parse((await call(admin, 'GET', '/admin/cluster')).body);
    expect(overview.silent).toEqual([]);
    expect(overview.nodes).toHaveLength(1);
    const [node] = overview.nodes;
    expect(node).toMatchObject({ name: 'console-node', phase: 'serving', computers: { seats: 1 } });
    expect(node?.rooms).toBeGreaterThanOrEqual(2);
    expect(node?.sockets.room).toBeGreaterThanOrEqual(2);
    expect(node?.sockets.lobby).toBe(1);
    expect(overview.seats).toEqual([
      { slug: (computerGame.body as { slug: string }).slug, node: node?.id, level: 'medium' },
    ]);
    expect(overview.queue.map((e) => e.userId)).toEqual([waiting.id]);
    lobby.close();

    const listed = ClusterRoomsSchema.parse((await call(admin, 'GET', '/admin/cluster/rooms?status=PLAY')).body);
    const room = listed.rooms.find((r) => r.slug === slug);
    expect(room).toMatchObject({ status: 'PLAY', node: node?.id, spectators: 0, public: false });
    expect(room?.members.map((m) => ({ userId: m.userId, connected: m.connected }))).toEqual([
      { userId: a.player.id, connected: true },
      { userId: b.player.id, connected: true },
    ]);
    expect(room?.createdAt).toBeLessThanOrEqual(Date.now());
    expect(listed.totals[node?.id ?? '']).toBeGreaterThanOrEqual(1);
    const byPlayer = ClusterRoomsSchema.parse(
      (await call(admin, 'GET', `/admin/cluster/rooms?player=${encodeURIComponent(a.player.username.slice(0, 8))}`))
        .body,
    );
    expect(byPlayer.rooms.map((r) => r.slug)).toContain(slug);
    expect((await call(admin, 'GET', '/admin/cluster/rooms?limit=0')).status).toBe(400);
    a.client.close();
    b.client.close();
  });

  it('closes a room: its players and spectators are told why, it is never loaded again, and the audit log says who and why', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first } = await startAndPlace(slug, a, b);
    const watcher = await newPlayer(server.url, 'watcher');
    const spectator = await connectClient(server.url, watcher.token, slug);
    await spectator.watchRoom(slug);
    const told: RoomClosed[] = [];
    for (const client of [a.client, b.client, spectator])
      client.socket.on('roomClosed', (payload: RoomClosed) => told.push(payload));

    const reason = 'Abusive names in this room';
    expect((await call(admin, 'POST', `/admin/cluster/rooms/${slug}/close`, { reason: 'no' })).status).toBe(400);
    const closed = await call(admin, 'POST', `/admin/cluster/rooms/${slug}/close`, { reason });
    expect(closed).toMatchObject({ status: 200, body: { slug, closed: true } });
    await eventually(
      async () => told.length,
      (n) => n === 3,
    );
    expect(told).toEqual([
      { slug, reason },
      { slug, reason },
      { slug, reason },
    ]);
    await eventually(
      async () => a.client.state.closed ?? null,
      (c) => c !== null,
    );
    expect(a.client.state.closed).toEqual({ reason });

    // Nothing runs on it any more, and nobody gets in again.
    expect(await first.client.shoot({ x: 0, y: 0 })).toMatchObject({ error: 'NOT_JOINED' });
    const late = await connectClient(server.url, a.player.token, slug);
    expect(await late.joinRoom(slug)).toMatchObject({ error: 'ROOM_NOT_FOUND' });
    late.close();
    expect(await a.player.api.myGames()).toMatchObject({ games: [] });
    expect((await call(admin, 'POST', `/admin/cluster/rooms/${slug}/close`, { reason })).status).toBe(409);
    expect((await call(admin, 'POST', '/admin/cluster/rooms/no-such-room-9/close', { reason })).status).toBe(404);
    const listed = ClusterRoomsSchema.parse((await call(admin, 'GET', '/admin/cluster/rooms')).body);
    expect(listed.rooms.map((r) => r.slug)).not.toContain(slug);

    const audit = (await call(admin, 'GET', '/admin/audit?action=close-room')).body as AuditPage;
    expect(audit.entries[0]).toMatchObject({
      actor: { userId: admin.id, username: admin.username },
      action: 'close-room',
      target: { room: slug },
      reason,
    });
    for (const client of [a.client, b.client, spectator]) client.close();
  });

  it('disconnects every socket of a user, who may connect again; audited', async () => {
    const target = await newPlayer(server.url, 'noisy');
    const slug = (await target.api.createRoom({ userId: target.id, username: target.username, socketId: null })).slug;
    const client = await connectClient(server.url, target.token, slug);
    const lobby = await lobbyOf(server.url, target);
    const gone = Promise.all([
      new Promise((resolve) => client.socket.once('disconnect', resolve)),
      new Promise((resolve) => lobby.socket.once('disconnect', resolve)),
    ]);
    const reply = await call(admin, 'POST', `/admin/cluster/users/${target.id}/disconnect`, {
      reason: 'Flooding the lobby',
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { userId: target.id, username: target.username, disconnected: true },
    });
    await gone;
    // The token still works: a disconnect is not a ban.
    const again = await connectClient(server.url, target.token, slug);
    expect(await again.joinRoom(slug)).toBe('UNSTARTED');
    again.close();
    expect((await call(admin, 'POST', '/admin/cluster/users/nobody/disconnect', { reason: 'Flooding' })).status).toBe(
      404,
    );
    const audit = (await call(admin, 'GET', `/admin/audit?action=disconnect&userId=${target.id}`)).body as AuditPage;
    expect(audit.entries[0]).toMatchObject({
      action: 'disconnect',
      reason: 'Flooding the lobby',
      target: { userId: target.id },
    });
  });
});
