import type { Kysely } from 'kysely';
import type { RunSync } from './connect';
import { isPostgres } from './postgres';
import type { Database } from './schema';
import { postgresMoveCommit, sqliteMoveCommit } from './sql/move-commit';
import { SqlRatings } from './sql/ratings';
import { SqlRooms } from './sql/rooms';
import { SqlRounds } from './sql/rounds';
import { SqlUsers } from './sql/users';
import type { Storage } from './storage';

export type { PlayerRecord, StoredMove, StoredRoom, UserRow } from './storage';

/**
 * The server's storage in SQL, through Kysely: SQLite by default, PostgreSQL when DATABASE_URL
 * says so (one schema, docs/architecture.md). Only the moves' commit differs between the two.
 * `db` stays open to the readers that query the tables themselves (history, ratings) and to tests.
 */
export class Store implements Storage {
  readonly users: SqlUsers;
  readonly rooms: SqlRooms;
  readonly rounds: SqlRounds;
  readonly ratings: SqlRatings;

  /** `runSync`, on the embedded SQLite file, lets a batch of moves commit without a promise chain. */
  constructor(
    readonly db: Kysely<Database>,
    runSync: RunSync | null = null,
  ) {
    this.users = new SqlUsers(db);
    this.rooms = new SqlRooms(db);
    this.ratings = new SqlRatings(db);
    this.rounds = new SqlRounds(db, isPostgres(db) ? postgresMoveCommit(db) : sqliteMoveCommit(db, runSync));
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
