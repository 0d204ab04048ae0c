import type { Kysely } from 'kysely';
import type { RunSync } from './connect';
import { isPostgres } from './postgres';
import type { Database } from './schema';
import { postgresMoveCommit, sqliteMoveCommit } from './sql/move-commit';
import { SqlRatings } from './sql/ratings';
import { SqlHistory } from './sql/history';
import { SqlRooms } from './sql/rooms';
import { SqlRounds } from './sql/rounds';
import { SqlSessions } from './sql/sessions';
import { SqlUsers } from './sql/users';
import type { Storage } from './storage';

export type { PlayerRecord, StoredMove, StoredRoom, UserRow } from './storage';

/**
 * The server's storage in SQL, through Kysely: SQLite by default, PostgreSQL when DATABASE_URL
 * says so (one schema, docs/architecture.md). Only the moves' commit differs between the two.
 * `db` stays open to the reader that queries the tables itself (ratings) and to tests.
 */
export class Store implements Storage {
  readonly users: SqlUsers;
  readonly rooms: SqlRooms;
  readonly rounds: SqlRounds;
  readonly ratings: SqlRatings;
  readonly history: SqlHistory;
  readonly sessions: SqlSessions;

  /** `runSync`, on the embedded SQLite file, lets a batch of moves commit without a promise chain. */
  constructor(
    readonly db: Kysely<Database>,
    runSync: RunSync | null = null,
  ) {
    this.users = new SqlUsers(db);
    this.rooms = new SqlRooms(db);
    this.ratings = new SqlRatings(db);
    this.history = new SqlHistory(db);
    this.sessions = new SqlSessions(db);
    this.rounds = new SqlRounds(db, isPostgres(db) ? postgresMoveCommit(db) : sqliteMoveCommit(db, runSync));
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
