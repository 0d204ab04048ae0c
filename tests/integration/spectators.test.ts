import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellIndex, type Coord, makeRules, SHIP_KEYS, type ShipMap } from '../../src/game';
import { type GameClient, isErrorAck, type SpectatorFrame, SpectatorFrameSchema } from '../../src/protocol';
import { type Seat, playToTheEnd, scanner, startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, newPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** A socket.io event frame of the /room namespace: `2/room,["event",payload]`, or an ack `3/room,N[payload]`. */
function parseFrame(data: string): { event: string; payload: unknown } | null {
  const event = /^2\/room,(\d*)(\[.*\])$/s.exec(data);
  if (event?.[2]) {
    const [name, payload] = JSON.parse(event[2]) as [string, unknown];
    return { event: name, payload };
  }
  const ack = /^3\/room,(\d+)(\[.*\])$/s.exec(data);
  if (ack?.[2]) return { event: 'ack', payload: (JSON.parse(ack[2]) as unknown[])[0] };
  return null;
}

/** A spectator's socket connected as a fresh user, recording every raw frame it receives. */
async function spectator(slug: string): Promise<{ client: GameClient; frames: string[] }> {
  const viewer = await newPlayer(server.url, 'carol');
  const client = await connectClient(server.url, viewer.token, slug);
  const frames: string[] = [];
  client.socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
    if (packet.type === 'message' && typeof packet.data === 'string') frames.push(packet.data);
  });
  return { client, frames };
}

function waitForFrame(client: GameClient, predicate: (frame: SpectatorFrame) => boolean, timeoutMs = 10_000) {
  return new Promise<SpectatorFrame>((resolve, reject) => {
    if (client.frame && predicate(client.frame)) return resolve(client.frame);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`frame not reached within ${timeoutMs} ms: ${JSON.stringify(client.frame).slice(0, 300)}`));
    }, timeoutMs);
    const stop = client.subscribeFrames((frame) => {
      if (!predicate(frame)) return;
      clearTimeout(timer);
      stop();
      resolve(frame);
    });
  });
}

describe('a spectator', () => {
  it('sees every shot land, and never a cell of an unsunk ship before ENDED', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { client, frames } = await spectator(slug);
    const first = await client.watchRoom(slug);
    expect(isErrorAck(first)).toBe(false);
    const { first: opener, second } = await startAndPlace(slug, a, b);
    const { shots } = await playToTheEnd(opener, second);
    const last = await waitForFrame(client, (f) => f.status === 'ENDED');
    expect(last.winner).not.toBeNull();

    const fleets: Record<string, ShipMap> = { [a.player.id]: a.fleet, [b.player.id]: b.fleet };
    const shipCells = new Set<string>();
    for (const [id, fleet] of Object.entries(fleets))
      for (const k of SHIP_KEYS) for (const c of fleet[k]) shipCells.add(`${id}:${cellIndex(c)}`);
    // Cells shot at each player's fleet, as the frames reveal them in order.
    const shotAt: Record<string, Set<number>> = { [a.player.id]: new Set(), [b.player.id]: new Set() };
    const target = (shooterId: string) => (shooterId === a.player.id ? b.player.id : a.player.id);
    let spectateFrames = 0;
    let ended = false;
    for (const data of frames) {
      const parsed = parseFrame(data);
      if (!parsed || (parsed.event !== 'spectate' && parsed.event !== 'ack')) continue;
      const check = SpectatorFrameSchema.safeParse(parsed.payload);
      expect(check.success, `frame matches its schema: ${data.slice(0, 200)}`).toBe(true);
      if (!check.success) continue;
      const frame = check.data;
      spectateFrames++;
      if (frame.lastShot) shotAt[target(frame.lastShot.shooterId)]?.add(cellIndex(frame.lastShot));
      if (frame.status === 'ENDED') {
        ended = true;
        continue;
      }
      expect(frame.gameId, 'the replay is named once the game ended').toBeUndefined();
      expect(ended, 'no frame of a running game after ENDED').toBe(false);
      expect(data).not.toContain('"S"');
      for (const player of frame.players) {
        const shot = shotAt[player.userId] ?? new Set<number>();
        player.board.forEach((row, y) => {
          row.forEach((cell, x) => {
            expect('EMHD').toContain(cell);
            if (cell !== 'E') expect(shot.has(cellIndex({ x, y })), `(${x},${y}) shown but never shot`).toBe(true);
          });
        });
        // A ship may be listed only once every one of its cells has been shot.
        for (const cells of Object.values(player.ships)) {
          expect((cells ?? []).every((c: Coord) => shot.has(cellIndex(c)))).toBe(true);
        }
        // Nowhere in the frame may a coordinate of an unshot ship cell of this player appear.
        for (const match of JSON.stringify(player).matchAll(/\{"x":(\d),"y":(\d)\}/g)) {
          const index = cellIndex({ x: Number(match[1]), y: Number(match[2]) });
          if (shipCells.has(`${player.userId}:${index}`)) expect(shot.has(index)).toBe(true);
        }
      }
    }
    // The ack, placement, start of play and one frame per shot (the last one is ENDED).
    expect(spectateFrames).toBeGreaterThanOrEqual(shots.length);
    expect(ended).toBe(true);
    // Once ENDED both fleets are revealed.
    const byId = new Map(last.players.map((p) => [p.userId, p]));
    expect(byId.get(a.player.id)?.ships).toEqual(a.fleet);
    expect(byId.get(b.player.id)?.ships).toEqual(b.fleet);
    expect(byId.get(opener.player.id)?.shots).toBe(shots.filter((s) => s.seat === opener).length);
    // The round's record, which the watch page links to as its replay.
    expect(last.gameId).toEqual(expect.any(Number));
    for (const c of [client, a.client, b.client]) c.close();
  }, 60_000);

  it('of a room under other rules reads them in every frame, and a salvo in the order it was fired', async () => {
    const rules = makeRules({ fleet: 'russian', shots: 'salvo' });
    const { slug, a, b } = await twoPlayersInRoom(server.url, { rules, seeds: [21, 22] });
    const { client } = await spectator(slug);
    const joined = await client.watchRoom(slug);
    expect(isErrorAck(joined)).toBe(false);
    // The watch page names the rules from the frame: from the first one on, before any shot.
    expect((await waitForFrame(client, () => true)).rules).toEqual(rules);
    const { first, second } = await startAndPlace(slug, a, b);
    await waitForFrame(client, (f) => f.status === 'PLAY');
    // Ten ships afloat: ten shots, fired in an order that is not the grid's.
    const salvo: Coord[] = Array.from({ length: 10 }, (_, i) => ({ x: 9 - i, y: i % 3 }));
    const reply = await first.client.shoot(salvo);
    expect(Array.isArray(reply), JSON.stringify(reply)).toBe(true);
    const after = await waitForFrame(client, (f) => (f.lastMove?.length ?? 0) === 10);
    expect(after.rules).toEqual(rules);
    expect(after.lastMove?.map(({ x, y }) => ({ x, y }))).toEqual(salvo);
    expect(after.lastMove?.every((shot) => shot.shooterId === first.player.id)).toBe(true);
    for (const c of [client, first.client, second.client]) c.close();
  });

  it('cannot act: every game event is refused, and it never becomes a member', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { client } = await spectator(slug);
    expect(isErrorAck(await client.watchRoom(slug))).toBe(false);
    expect(await client.joinRoom(slug)).toMatchObject({ error: 'SPECTATOR' });
    expect(await client.startGame(slug)).toMatchObject({ error: 'SPECTATOR' });
    expect(await client.placeShips(a.fleet)).toMatchObject({ error: 'SPECTATOR' });
    expect(await client.shoot({ x: 0, y: 0 })).toMatchObject({ error: 'SPECTATOR' });
    expect(await client.replay(slug)).toMatchObject({ error: 'SPECTATOR' });
    const refused = await client.startGame(slug);
    expect(isErrorAck(refused) && refused.message).toContain('spectator');
    // The game is untouched: still UNSTARTED with its two members, and they can start it.
    expect(client.frame?.status).toBe('UNSTARTED');
    expect(client.frame?.players.map((p) => p.userId)).toEqual([a.player.id, b.player.id]);
    await startAndPlace(slug, a, b);
    const frame = await waitForFrame(client, (f) => f.status === 'PLAY');
    expect(frame.players).toHaveLength(2);
    expect(a.client.state.members.map((m) => m.userId)).toEqual([a.player.id, b.player.id]);
    // Bad input gets a clear error and changes nothing.
    expect(await client.watchRoom('no-such-room-here')).toMatchObject({ error: 'ROOM_NOT_FOUND' });
    const raw = await client.socket.timeout(5000).emitWithAck('watchRoom', { slug } as unknown as string);
    expect(raw).toMatchObject({ error: 'BAD_PAYLOAD' });
    expect(await client.unwatchRoom('another-room')).toMatchObject({ error: 'NOT_JOINED' });
    for (const c of [client, a.client, b.client]) c.close();
  }, 60_000);

  it('100 spectators of one room cost one view computation per change', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first, second } = await startAndPlace(slug, a, b);
    // Ten accounts of ten sockets each: an account may watch with MAX_SPECTATOR_SOCKETS_PER_ACCOUNT (10) at once.
    const viewers = await Promise.all(Array.from({ length: 10 }, (_, i) => newPlayer(server.url, `v${i}`)));
    const clients = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        connectClient(server.url, (viewers[i % 10] as (typeof viewers)[0]).token, slug),
      ),
    );
    const before = server.spectators.computations;
    const acks = await Promise.all(clients.map((c) => c.watchRoom(slug)));
    expect(acks.every((ack) => !isErrorAck(ack) && ack.status === 'PLAY')).toBe(true);
    // The frame of an unchanged game is computed once, however many arrive.
    expect(server.spectators.computations - before).toBe(1);
    await waitForFrame(clients[0] as GameClient, (f) => f.spectators === 100);
    // The players see how many watch, without a new spectator frame for it.
    await waitForState(first.client, (s) => s.match?.spectators === 100);
    expect(server.spectators.computations - before).toBe(1);

    const counted = server.spectators.computations;
    const aims = new Map<Seat, () => Coord>([
      [first, scanner()],
      [second, scanner()],
    ]);
    const SHOTS = 12;
    let shooter = first;
    for (let i = 0; i < SHOTS; i++) {
      const reply = await shooter.client.shoot(aims.get(shooter)?.() ?? { x: 0, y: 0 });
      expect(isErrorAck(reply)).toBe(false);
      shooter = shooter === first ? second : first;
      await waitForState(shooter.client, (s) => s.members.some((m) => m.userId === shooter.player.id && m.hasToPlay));
    }
    // Every spectator saw the last shot land.
    await Promise.all(
      clients.map((c) => waitForFrame(c, (f) => f.players.reduce((n, p) => n + p.shots, 0) === SHOTS, 20_000)),
    );
    expect(server.spectators.computations - counted).toBe(SHOTS);
    // Spectators leaving is seen by the players too.
    for (const c of clients.slice(0, 40)) c.close();
    await waitForState(first.client, (s) => s.match?.spectators === 60, 20_000);
    for (const c of [...clients, a.client, b.client]) c.close();
  }, 120_000);
});
