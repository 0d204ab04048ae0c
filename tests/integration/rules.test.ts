import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Coord, cellIndex, createRng, makeRules, randomFleet, type ShipMap, shipEntries } from '../../src/game';
import { placeBoth, type Seat } from '../support/game';
import { connectClient, newPlayer, waitForState } from '../support/players';
import { startTestServer } from '../support/server';

/** Rule variants on a real server (docs/game.md, "Rule variants"): chosen at creation, kept, enforced. */

const dataDir = mkdtempSync(join(tmpdir(), 'broadside-rules-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function postRoom(url: string, token: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${url}/room`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** Some cell of `fleet`, and some cell that is water. */
function shipCell(fleet: ShipMap): Coord {
  const first = shipEntries(fleet)[0]?.[1][0];
  if (!first) throw new Error('empty fleet');
  return first;
}
function waterCell(fleet: ShipMap): Coord {
  const taken = new Set(shipEntries(fleet).flatMap(([, cells]) => cells.map(cellIndex)));
  for (let i = 0; i < 100; i++) if (!taken.has(i)) return { x: i % 10, y: Math.floor(i / 10) };
  throw new Error('no water');
}

describe('rules chosen at room creation', () => {
  it('refuses rules it does not know with a 400 that says why', async () => {
    const server = await startTestServer();
    try {
      const p = await newPlayer(server.url);
      const cases: [unknown, string][] = [
        [{ fleet: 'huge' }, 'fleet must be one of classic, russian'],
        [{ fleet: 'russian', touch: true }, 'a russian fleet may not touch'],
        [{ shots: 3 }, 'shots must be one of one, salvo'],
        [{ again: 'always' }, 'again must be one of never, hit'],
        [{ colour: 'red' }, 'unknown field(s): colour'],
      ];
      for (const [rules, message] of cases) {
        const { status, json } = await postRoom(server.url, p.token, { rules });
        expect(status, JSON.stringify(rules)).toBe(400);
        expect(JSON.stringify(json)).toContain(message);
      }
    } finally {
      await server.close();
    }
  });

  it('keeps a russian room with another shot after a hit through a restart, and enforces it', async () => {
    const rules = makeRules({ fleet: 'russian', again: 'hit' });
    const before = await startTestServer({ dataDir });
    const [pa, pb] = await Promise.all([newPlayer(before.url, 'alice'), newPlayer(before.url, 'bob')]);
    const created = await postRoom(before.url, pa.token, { rules: { fleet: 'russian', again: 'hit' } });
    expect(created.status).toBe(201);
    const { slug } = created.json as { slug: string };
    const [ca, cb] = await Promise.all([
      connectClient(before.url, pa.token, slug),
      connectClient(before.url, pb.token, slug),
    ]);
    await ca.joinRoom(slug);
    await cb.joinRoom(slug);
    // Every member reads the room's rules live, in the match.
    expect((await waitForState(cb, (s) => s.match.serverNow > 0)).match.rules).toEqual(rules);
    const a: Seat = { player: pa, client: ca, fleet: randomFleet(createRng(1), rules) };
    const b: Seat = { player: pb, client: cb, fleet: randomFleet(createRng(2), rules) };
    // A classic fleet is not this room's fleet: refused, and nothing changes.
    expect(await ca.startGame(slug)).toBeNull();
    await waitForState(cb, (s) => s.gameStatus === 'PLACE_SHIPS');
    expect(await ca.placeShips(randomFleet(createRng(3)))).toMatchObject({ error: 'INVALID_FLEET' });
    const { first, second } = await placeBoth(a, b);
    // A hit keeps the turn; a miss passes it.
    expect(await first.client.shoot(shipCell(second.fleet))).not.toHaveProperty('error');
    await waitForState(first.client, (s) => s.members.find((m) => m.hasToPlay)?.userId === first.player.id);
    expect(await first.client.shoot(waterCell(second.fleet))).toBe('M');
    await waitForState(first.client, (s) => s.members.find((m) => m.hasToPlay)?.userId === second.player.id);
    ca.close();
    cb.close();
    await before.close();

    const after = await startTestServer({ dataDir });
    try {
      const again = await connectClient(after.url, second.player.token, slug);
      expect(await again.joinRoom(slug)).toBe('PLAY');
      const state = await waitForState(again, (s) => s.members.length === 2);
      expect(state.shipsIndexes).toEqual(second.fleet);
      // Still the russian rules after the restart: a hit keeps the turn.
      expect(await again.shoot(shipCell(first.fleet))).not.toHaveProperty('error');
      await waitForState(again, (s) => s.members.find((m) => m.hasToPlay)?.userId === second.player.id);
      again.close();
    } finally {
      await after.close();
    }
  });
});
