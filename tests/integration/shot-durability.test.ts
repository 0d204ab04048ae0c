import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coord, ShotResult } from '../../src/game';
import { isErrorAck, MetricsSchema, METRICS_JSON } from '../../src/protocol';
import { type ChildServer, startChildServer } from '../support/child-server';
import { scanner, type Seat, startAndPlace, twoPlayersInRoom } from '../support/game';
import { waitForState } from '../support/players';

let server: ChildServer;
beforeAll(async () => {
  server = await startChildServer();
}, 60_000);
afterAll(async () => {
  await server.kill('SIGKILL');
  server.dispose();
});

interface Acked {
  readonly slug: string;
  readonly shooterId: string;
  readonly at: Coord;
  readonly result: ShotResult;
}

interface Table {
  readonly slug: string;
  turn: Seat;
  other: Seat;
  readonly aims: Map<Seat, () => Coord>;
}

/** Waits until the server has told `seat` that it is its turn (turns alternate after every shot). */
function myTurn(seat: Seat, shotsSoFar: number): Promise<unknown> {
  return waitForState(
    seat.client,
    (s) =>
      s.gameStatus === 'PLAY' &&
      s.members.some((m) => m.userId === seat.player.id && m.hasToPlay) &&
      (shotsSoFar === 0 || (s.battlePlace !== null && s.battlePlace.shooterId !== seat.player.id)),
    20_000,
  );
}

describe('batched shot commits', () => {
  it('keeps every acknowledged shot after the server is killed with SIGKILL right after the acks', async () => {
    const tables: Table[] = [];
    for (let i = 0; i < 6; i++) {
      const { slug, a, b } = await twoPlayersInRoom(server.url);
      const { first, second } = await startAndPlace(slug, a, b);
      tables.push({
        slug,
        turn: first,
        other: second,
        aims: new Map([
          [a, scanner()],
          [b, scanner()],
        ]),
      });
    }
    const acked: Acked[] = [];
    // Every round, the player whose turn it is in each room fires at once: the server reads these
    // shots in the same turns of its event loop and commits them together.
    for (let round = 0; round < 6; round++) {
      await Promise.all(tables.map((t) => myTurn(t.turn, round)));
      const replies = await Promise.all(
        tables.map(async (t) => {
          const at = t.aims.get(t.turn)?.() ?? { x: 0, y: 0 };
          return { t, at, shooter: t.turn, reply: await t.turn.client.shoot(at) };
        }),
      );
      if (round === 5) server.child.kill('SIGKILL');
      for (const { t, at, shooter, reply } of replies) {
        if (isErrorAck(reply)) throw new Error(`shot refused: ${reply.error}`);
        acked.push({ slug: t.slug, shooterId: shooter.player.id, at, result: reply });
        [t.turn, t.other] = [t.other, t.turn];
      }
      if (round === 4) {
        const metrics = MetricsSchema.parse(
          await (await fetch(`${server.url}/metrics`, { headers: METRICS_JSON })).json(),
        );
        expect(metrics.shotCommits.shots).toBeGreaterThanOrEqual(30);
        expect(metrics.shotCommits.commits).toBeLessThanOrEqual(metrics.shotCommits.shots);
      }
    }
    await server.kill('SIGKILL');
    expect(server.child.signalCode).toBe('SIGKILL');
    for (const t of tables) for (const seat of [t.turn, t.other]) seat.client.close();

    const db = new Sqlite(join(server.dataDir, 'broadside.sqlite'));
    try {
      const rows = db
        .prepare(
          `select g.room_slug as slug, s.shooter_id as shooterId, s.x as x, s.y as y, s.result as result
             from shots s join games g on g.id = s.game_id order by g.room_slug, s.seq`,
        )
        .all() as { slug: string; shooterId: string; x: number; y: number; result: string }[];
      expect(acked).toHaveLength(36);
      const stored = new Set(rows.map((r) => `${r.slug} ${r.shooterId} ${r.x},${r.y} ${r.result}`));
      for (const a of acked)
        expect(stored, JSON.stringify(a)).toContain(`${a.slug} ${a.shooterId} ${a.at.x},${a.at.y} ${a.result}`);
      expect(rows).toHaveLength(36);
    } finally {
      db.close();
    }
  }, 180_000);
});
