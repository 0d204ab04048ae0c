import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellIndex, type Coord, type PartialShipMap, SHIP_KEYS, type ShipMap } from '../../src/game';
import { StateFrameSchema } from '../../src/protocol';
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
  it('never carries an unsunk opponent ship cell before ENDED (broadside/2: one state frame per change)', async () => {
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
    // A broadside/2 socket receives one `state` frame per change and no field event (it used to
    // receive the field events; each frame is now checked whole, as each event was).
    let ended = false;
    let checked = 0;
    let lastSeq = -1;
    for (const data of frames) {
      const frame = parseFrame(data);
      if (!frame) continue;
      expect(frame.event, 'a broadside/2 socket gets state frames only').toBe('state');
      const parsed = StateFrameSchema.safeParse(frame.payload);
      expect(parsed.success, 'state matches StateFrameSchema').toBe(true);
      if (!parsed.success) continue;
      const { seq, view } = parsed.data;
      // One frame per change: A is told of every change of the room, so no seq is skipped.
      if (lastSeq >= 0) expect(seq).toBe(lastSeq + 1);
      lastSeq = seq;
      // Every shot of A is the last shot of exactly one frame.
      if (view.battlePlace?.shooterId === a.player.id) shotByA.add(cellIndex(view.battlePlace));
      if (view.status === 'ENDED') ended = true;
      if (ended) continue;
      checked++;
      view.opponentBoats.forEach((row, y) => {
        row.forEach((cell, x) => {
          expect('EMHD').toContain(cell);
          if (cell !== 'E') expect(shotByA.has(cellIndex({ x, y })), `(${x},${y}) shown but never shot`).toBe(true);
        });
      });
      const sunk = (cells: readonly Coord[]) => cells.every((c) => shotByA.has(cellIndex(c)));
      for (const cells of Object.values(view.opponentShipsIndexes as PartialShipMap))
        expect(sunk(cells ?? [])).toBe(true);
      if (view.shipsIndexes) expect(view.shipsIndexes).toEqual(a.fleet);
      // No unshot opponent ship cell may appear in a coordinate list, anywhere but A's own fleet.
      const { shipsIndexes: _own, ...rest } = view;
      for (const match of JSON.stringify(rest).matchAll(/\{"x":(\d),"y":(\d)\}/g)) {
        const index = cellIndex({ x: Number(match[1]), y: Number(match[2]) });
        if (opponentCells.has(index)) expect(shotByA.has(index)).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(ended).toBe(true);
    a.client.close();
    b.client.close();
  });
});
