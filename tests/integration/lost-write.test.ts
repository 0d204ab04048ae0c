import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorAck } from '../../src/protocol';
import { startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Two servers on one database (one SQLite file, or one PostgreSQL database in integration-pg) and no Redis: each believes it plays every room, the worst case of
 * two nodes that disagree on a room's owner. The database's (game, seq) key must still decide.
 */
describe('a lost write (two servers believe they play the same room)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-lost-write-'));
  let servers: TestServer[] = [];

  afterEach(async () => {
    // Both share the directory (and, on PostgreSQL, the database it records): the last one removes them.
    const last = servers.pop();
    for (const server of servers) await server.close();
    await last?.dispose();
    servers = [];
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records the first shot under a sequence number, refuses the stale one with CONFLICT and reloads it', async () => {
    const a = await startTestServer({ dataDir, jwtSecret: 'shared-secret' });
    const b = await startTestServer({ dataDir, jwtSecret: 'shared-secret' });
    servers = [a, b];
    const { slug, a: seatA, b: seatB } = await twoPlayersInRoom(a.url);
    const { first, second } = await startAndPlace(slug, seatA, seatB);
    expect(await first.client.shoot({ x: 0, y: 0 })).not.toHaveProperty('error');
    expect(await second.client.shoot({ x: 0, y: 0 })).not.toHaveProperty('error');

    // The first player also opens a socket on server B, which loads the room (two shots) from storage.
    const stale = await connectClient(b.url, first.player.token, slug);
    try {
      expect(await stale.joinRoom(slug)).toBe('PLAY');
      // Server A records shot #2; B's copy does not know it.
      const recorded = await first.client.shoot({ x: 1, y: 0 });
      expect(isErrorAck(recorded)).toBe(false);
      // B judges a shot against its stale copy (still the first player's turn) and loses the insert.
      const refused = await stale.shoot({ x: 2, y: 0 });
      expect(refused).toMatchObject({ error: 'CONFLICT' });

      const rows = await a.store.db.selectFrom('shots').select(['seq', 'x', 'y']).orderBy('seq').execute();
      expect(rows).toEqual([
        { seq: 0, x: 0, y: 0 },
        { seq: 1, x: 0, y: 0 },
        { seq: 2, x: 1, y: 0 },
      ]);
      // B reloaded the room and told its member the stored state: shot #2 is there, the turn has passed.
      const state = await waitForState(stale, (s) => s.opponentBoats[0]?.[1] !== 'E');
      expect(state.members.find((m) => m.hasToPlay)?.userId).toBe(second.player.id);
      expect(await stale.shoot({ x: 3, y: 0 })).toMatchObject({ error: 'NOT_YOUR_TURN' });
    } finally {
      stale.close();
      seatA.client.close();
      seatB.client.close();
    }
  });
});
