import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomFleet, createRng } from '../../src/game';
import { toWireShips } from '../../src/protocol/spec-dialect';
import { newPlayer, rawSpecSocket } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('events a SPEC client receives (writes are batched per change, events are not merged)', () => {
  // Acks and events as the original server sends them (docs/protocol.md, SPEC dialect): this test
  // pinned the bare-status join ack and null success acks before; the original client reads
  // `response.gameStatus` and calls `response.hasOwnProperty`, so they are `{gameStatus}` and `{}`.
  it('gets every event of a shot as its own event, in order, after the ack', async () => {
    const [pa, pb] = await Promise.all([newPlayer(server.url, 'spec_a'), newPlayer(server.url, 'spec_b')]);
    const { slug } = await pa.api.createRoom({ userId: pa.id, username: pa.username, socketId: null });
    const a = await rawSpecSocket(server.url, pa.token, slug);
    const b = await rawSpecSocket(server.url, pb.token, slug);
    expect(await a.socket.emitWithAck('joinRoom', slug)).toEqual({ gameStatus: 'UNSTARTED' });
    expect(await b.socket.emitWithAck('joinRoom', slug)).toEqual({ gameStatus: 'UNSTARTED' });
    expect(await a.socket.emitWithAck('startGame', slug)).toEqual({});
    const rng = createRng(7);
    // Keys "1".."5" as the original client numbers ships, and "0".."4": both are read.
    expect(await a.socket.emitWithAck('placeShips', toWireShips(randomFleet(rng)))).toEqual({});
    expect(await b.socket.emitWithAck('placeShips', randomFleet(rng))).toEqual({});
    await settle();
    const firstId = await new Promise<string>((resolve) => {
      a.socket.emit('joinRoom', slug, () => undefined);
      a.socket.once('members', (members: { userId: string; hasToPlay: boolean }[]) =>
        resolve(members.find((m) => m.hasToPlay)?.userId ?? ''),
      );
    });
    await settle();
    const [shooter, other] = firstId === pa.id ? [a, b] : [b, a];
    shooter.events.length = 0;
    other.events.length = 0;
    // Events that arrive before the ack is seen are recorded too: the ack must come first.
    let eventsBeforeAck = -1;
    const reply = await new Promise<unknown>((resolve) =>
      shooter.socket.emit('shoot', { x: 0, y: 0 }, (r: unknown) => {
        eventsBeforeAck = shooter.events.length;
        resolve(r);
      }),
    );
    await settle();
    expect(['M', 'H', 'D']).toContain(reply);
    expect(eventsBeforeAck).toBe(0);
    // No opponentBoats during play (the shot grid is battlePlace); members after the grids.
    expect(shooter.events).toEqual(['battlePlace', 'members']);
    expect(other.events).toEqual(['battlePlace', 'playerBoats', 'members']);
    a.socket.close();
    b.socket.close();
  });
});
