import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellIndex, type Coord, type PartialShipMap, SHIP_KEYS, type ShipMap } from '../../src/game';
import { ServerEventSchemas } from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** A socket.io event frame of the /room namespace: `2/room,["event",payload]` (or `43/room,0[...]` for acks). */
function parseFrame(data: string): { event: string; payload: unknown } | null {
  const match = /^2\/room,(\d*)(\[.*\])$/s.exec(data);
  if (!match?.[2]) return null;
  const [event, payload] = JSON.parse(match[2]) as [string, unknown];
  return { event, payload };
}

describe('what one player receives', () => {
  it('never carries an unsunk opponent ship cell before ENDED', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    // Record every raw frame that reaches player A's socket, before socket.io decodes it.
    const frames: string[] = [];
    a.client.socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
      if (packet.type === 'message' && typeof packet.data === 'string') frames.push(packet.data);
    });
    const { first, second } = await startAndPlace(slug, a, b);
    await playToTheEnd(first, second);
    await waitForState(a.client, (s) => s.gameStatus === 'ENDED' && s.winner !== null);

    const opponent: ShipMap = b.fleet;
    const opponentCells = new Set(SHIP_KEYS.flatMap((k) => opponent[k].map(cellIndex)));
    const shotByA = new Set<number>();
    let ended = false;
    let checked = 0;
    for (const data of frames) {
      const frame = parseFrame(data);
      if (!frame) continue;
      const schema = ServerEventSchemas[frame.event as keyof typeof ServerEventSchemas];
      expect(schema, `unknown event ${frame.event}`).toBeDefined();
      expect(schema.safeParse(frame.payload).success, `${frame.event} matches its schema`).toBe(true);
      if (frame.event === 'gameStatus' && frame.payload === 'ENDED') ended = true;
      if (frame.event === 'battlePlace' && frame.payload) {
        const shot = frame.payload as Coord & { shooterId: string };
        if (shot.shooterId === a.player.id) shotByA.add(cellIndex(shot));
      }
      if (ended) continue;
      checked++;
      const sunk = (cells: readonly Coord[]) => cells.every((c) => shotByA.has(cellIndex(c)));
      if (frame.event === 'opponentBoats') {
        const grid = frame.payload as string[][];
        grid.forEach((row, y) => {
          row.forEach((cell, x) => {
            expect('EMHD').toContain(cell);
            if (cell !== 'E') expect(shotByA.has(cellIndex({ x, y })), `(${x},${y}) shown but never shot`).toBe(true);
          });
        });
      }
      if (frame.event === 'opponentShipsIndexes') {
        for (const cells of Object.values(frame.payload as PartialShipMap)) expect(sunk(cells ?? [])).toBe(true);
      }
      if (frame.event === 'shipsIndexes' && frame.payload) expect(frame.payload).toEqual(a.fleet);
      // Whatever the event, no unshot opponent ship cell may appear in a coordinate list.
      for (const match of data.matchAll(/\{"x":(\d),"y":(\d)\}/g)) {
        const index = cellIndex({ x: Number(match[1]), y: Number(match[2]) });
        if (opponentCells.has(index) && frame.event !== 'battlePlace') {
          expect(shotByA.has(index) || frame.event === 'shipsIndexes').toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(ended).toBe(true);
    a.client.close();
    b.client.close();
  });
});
