import { CompiledQuery, type Kysely } from 'kysely';
import type { RunSync } from '../connect';
import type { Database } from '../schema';
import type { RoundEnd } from '../storage';
import type { MoveRow } from './moves';
import { shotRow } from './moves';
import { closeRoundQueries, roundEndColumns } from './round-end';

/**
 * A move waiting for its commit; `end` set when it ends the round (SUNK or CLOCK). A salvo is one
 * move of several rows, numbered `seq`, `seq + 1`, …: they are stored together or not at all.
 */
export interface MoveWrite {
  readonly slug: string;
  readonly gameId: number;
  readonly seq: number;
  readonly rows: readonly MoveRow[];
  readonly at: number;
  readonly end: RoundEnd | null;
  readonly endedAt: number;
}

/** Commits a batch of moves (tick-batch.ts): all of them, or none and it throws. */
export type MoveCommit = (writes: readonly MoveWrite[]) => void | Promise<void>;

/**
 * SQLite: one transaction for the batch. `runSync` runs it at once on the embedded file, without
 * Kysely's promise chain; while a Kysely transaction holds the connection it refuses, and the
 * batch queues behind that transaction instead.
 */
export function sqliteMoveCommit(db: Kysely<Database>, runSync: RunSync | null): MoveCommit {
  // The shot insert runs on every shot: its SQL is compiled once.
  const insertShotSql = db
    .insertInto('shots')
    .values({ game_id: 0, seq: 0, shooter_id: '', x: 0, y: 0, result: '', created_at: 0 })
    .compile().sql;
  // Same column order as the template above.
  const params = (w: MoveWrite, row: MoveRow, i: number) => [
    w.gameId,
    w.seq + i,
    row.shooterId,
    row.x,
    row.y,
    row.result,
    w.at,
  ];
  const queries = (w: MoveWrite): CompiledQuery[] => [
    ...w.rows.map((row, i) => CompiledQuery.raw(insertShotSql, params(w, row, i))),
    ...(w.end === null ? [] : closeRoundQueries(db, w.slug, w.gameId, w.end, w.endedAt)),
  ];
  return (writes) => {
    // On the file itself: each row straight into the prepared insert, no query objects made per shot.
    const wrote = runSync?.((run) => {
      for (const w of writes) {
        for (let i = 0; i < w.rows.length; i++) run(insertShotSql, params(w, w.rows[i] as MoveRow, i));
        if (w.end !== null)
          for (const q of closeRoundQueries(db, w.slug, w.gameId, w.end, w.endedAt)) run(q.sql, q.parameters);
      }
    });
    if (wrote) return;
    return db.transaction().execute(async (tx) => {
      for (const w of writes) for (const q of queries(w)) await tx.executeQuery(q);
    });
  };
}

/** The `shots` rows of a move, numbered from its `seq`. */
const rowsOf = (w: MoveWrite) => w.rows.map((row, i) => shotRow(w.gameId, w.seq + i, row, w.at));

/**
 * PostgreSQL: every ordinary move of the batch in one INSERT (one round trip); each round-ending
 * one (all its rows) in one statement, a CTE, which PostgreSQL runs atomically.
 */
export function postgresMoveCommit(db: Kysely<Database>): MoveCommit {
  return async (writes) => {
    const plain = writes.filter((w) => w.end === null);
    const ending = writes.flatMap((w) => (w.end === null ? [] : [{ w, end: w.end }]));
    await Promise.all([
      plain.length > 0 ? db.insertInto('shots').values(plain.flatMap(rowsOf)).execute() : null,
      ...ending.map(({ w, end }) =>
        db
          .with('shot', (q) => q.insertInto('shots').values(rowsOf(w)).returning('game_id'))
          .with('game', (q) =>
            q
              .updateTable('games')
              .set(roundEndColumns(end, w.endedAt))
              .where('id', 'in', (eb) => eb.selectFrom('shot').select('game_id'))
              .returning('room_slug'),
          )
          .updateTable('rooms')
          .set({ status: 'ENDED' })
          .where('slug', 'in', (eb) => eb.selectFrom('game').select('room_slug'))
          .execute(),
      ),
    ]);
  };
}
