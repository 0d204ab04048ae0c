import { CompiledQuery, type Kysely } from 'kysely';
import {
  END_REASONS,
  type EndReason,
  type GameStatus,
  GAME_STATUSES,
  type Move as GameMove,
  type ShipMap,
  type Shot,
  type ShotResult,
  TURN_SECONDS,
  type TurnSeconds,
} from '../../src/game';
import { type GameInProgress, ShipMapSchema } from '../../src/protocol';
import type { RunSync } from './connect';
import { TickBatch } from './tick-batch';
import { isPostgres } from './postgres';
import type { Database } from './schema';

export interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly passwordHash: string;
}

/** Finished games against people, and against the computer apart. */
export interface PlayerRecord {
  readonly gamesPlayed: number;
  readonly gamesWon: number;
  readonly computerGamesPlayed: number;
  readonly computerGamesWon: number;
}
/** One move of a round, in order: a shot, or a turn the clock passed (a 'T' row). */
export type StoredMove = GameMove & { readonly at: number };

export interface StoredRoom {
  readonly slug: string;
  readonly status: GameStatus;
  /** Listed among the open games while it waits for a second player. */
  readonly isPublic?: boolean;
  readonly turnSeconds: TurnSeconds | null;
  readonly members: readonly { readonly userId: string; readonly username: string }[];
  /** The current round, absent before the first start. */
  readonly game: {
    readonly id: number;
    readonly round: number;
    readonly firstPlayer: string | null;
    readonly winner: string | null;
    readonly endReason: EndReason | null;
    /** When the first turn began; null before both fleets were in. */
    readonly playStartedAt: number | null;
    /** Who started (or replayed into) this round. */
    readonly startedBy: string | null;
    readonly fleets: Readonly<Record<string, ShipMap>>;
    readonly moves: readonly StoredMove[];
  } | null;
}

/** A unique key or index refused the row: SQLite's and PostgreSQL's (SQLSTATE 23505) error codes. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A row of `shots`: a shot, or a turn the clock passed ('T', x = y = -1). */
type Move = { readonly shooterId: string; readonly x: number; readonly y: number; readonly result: string };

/** A move waiting for its commit; `end` set when it ends the round (SUNK or CLOCK). */
interface MoveWrite {
  readonly slug: string;
  readonly gameId: number;
  readonly seq: number;
  readonly move: Move;
  readonly at: number;
  readonly end: { readonly winner: string; readonly reason: EndReason } | null;
  readonly endedAt: number;
}

const isStatus = (s: string): s is GameStatus => (GAME_STATUSES as readonly string[]).includes(s);
const isResult = (r: string): r is ShotResult => r === 'M' || r === 'H' || r === 'D';
const isEndReason = (r: string | null): r is EndReason => (END_REASONS as readonly (string | null)[]).includes(r);
const isTurnSeconds = (n: number | null): n is TurnSeconds => (TURN_SECONDS as readonly (number | null)[]).includes(n);
/** The result code of a turn passed by the clock, in the `shots` table. */
export const TIMEOUT_RESULT = 'T';

interface ShotRow {
  readonly shooter_id: string;
  readonly x: number;
  readonly y: number;
  readonly result: string;
  readonly created_at: number;
}

function moveOf(row: ShotRow): StoredMove[] {
  const at = Number(row.created_at);
  if (row.result === TIMEOUT_RESULT) return [{ kind: 'timeout', playerId: row.shooter_id, at }];
  if (!isResult(row.result)) return [];
  return [{ kind: 'shot', shot: { shooterId: row.shooter_id, x: row.x, y: row.y, result: row.result }, at }];
}
/** Every read and write of the server, in one place, on Kysely (SQLite today, PostgreSQL-ready SQL). */
export class Store {
  /** The shot insert runs on every shot: its SQL is compiled once, in the dialect's own syntax. */
  private readonly insertShotSql: string;
  private readonly postgres: boolean;

  /**
   * `runSync`, when the database is embedded, lets the shot insert complete before the call
   * returns: the same durable commit, without Kysely's promise chain on the hottest path.
   */
  private readonly moves = new TickBatch<MoveWrite>((writes) => this.commitMoves(writes));

  constructor(
    readonly db: Kysely<Database>,
    private readonly runSync: RunSync | null = null,
  ) {
    this.postgres = isPostgres(db);
    this.insertShotSql = db
      .insertInto('shots')
      .values({ game_id: 0, seq: 0, shooter_id: '', x: 0, y: 0, result: '', created_at: 0 })
      .compile().sql;
  }

  /** Inserts a user unless the username or e-mail (case-insensitive) is taken. */
  async createUser(user: UserRow): Promise<'OK' | 'USERNAME_TAKEN' | 'EMAIL_TAKEN'> {
    const email = user.email.toLowerCase();
    const clash = async (db: Kysely<Database>): Promise<'USERNAME_TAKEN' | 'EMAIL_TAKEN' | null> => {
      const row = await db
        .selectFrom('users')
        .select(['username', 'email'])
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['username']), '=', user.username.toLowerCase()), eb('email', '=', email)]),
        )
        .executeTakeFirst();
      return row ? (row.email === email ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN') : null;
    };
    try {
      return await this.db.transaction().execute(async (tx) => {
        const taken = await clash(tx);
        if (taken) return taken;
        await tx
          .insertInto('users')
          .values({
            id: user.id,
            username: user.username,
            email,
            password_hash: user.passwordHash,
            created_at: Date.now(),
          })
          .execute();
        return 'OK';
      });
    } catch (error) {
      // Two sign-ups for one name at the same moment (PostgreSQL runs them side by side): the unique
      // indexes let one through; the other lands here and is told which field was taken.
      if (!isUniqueViolation(error)) throw error;
      const taken = await clash(this.db);
      if (!taken) throw error;
      return taken;
    }
  }

  private toUser(
    row: { id: string; username: string; email: string; password_hash: string } | undefined,
  ): UserRow | null {
    return row ? { id: row.id, username: row.username, email: row.email, passwordHash: row.password_hash } : null;
  }

  async findUserByEmail(email: string): Promise<UserRow | null> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return this.toUser(row);
  }

  async findUserById(id: string): Promise<UserRow | null> {
    return this.toUser(await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
  }

  /**
   * Finished rounds the user played, and those won, against people and against the computer apart
   * (the opponent's `users.bot_level` tells which).
   */
  async record(userId: string): Promise<PlayerRecord> {
    const rows = await this.db
      .selectFrom('games')
      .innerJoin('members as me', 'me.room_slug', 'games.room_slug')
      .innerJoin('members as them', 'them.room_slug', 'games.room_slug')
      .innerJoin('users as opponent', 'opponent.id', 'them.user_id')
      .where('me.user_id', '=', userId)
      .where('them.user_id', '!=', userId)
      .where('games.ended_at', 'is not', null)
      .select((eb) => [
        eb.case().when('opponent.bot_level', 'is', null).then(0).else(1).end().as('computer'),
        eb.fn.countAll<number>().as('played'),
        eb.fn.sum<number>(eb.case().when('games.winner_id', '=', userId).then(1).else(0).end()).as('won'),
      ])
      .groupBy('computer')
      .execute();
    const people = rows.find((r) => Number(r.computer) === 0);
    const computer = rows.find((r) => Number(r.computer) === 1);
    return {
      gamesPlayed: Number(people?.played ?? 0),
      gamesWon: Number(people?.won ?? 0),
      computerGamesPlayed: Number(computer?.played ?? 0),
      computerGamesWon: Number(computer?.won ?? 0),
    };
  }

  /** False when the slug is taken. A public room is listed among the open games while it waits. */
  async createRoom(
    slug: string,
    userId: string,
    options: { isPublic?: boolean; turnSeconds?: TurnSeconds | null } = {},
  ): Promise<boolean> {
    const result = await this.db
      .insertInto('rooms')
      .values({
        slug,
        created_by: userId,
        created_at: Date.now(),
        status: 'UNSTARTED',
        is_public: options.isPublic ? 1 : 0,
        turn_seconds: options.turnSeconds ?? null,
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async loadRoom(slug: string): Promise<StoredRoom | null> {
    const room = await this.db.selectFrom('rooms').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!room || !isStatus(room.status)) return null;
    const members = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.user_id as userId', 'users.username as username'])
      .where('members.room_slug', '=', slug)
      .orderBy('members.position')
      .orderBy('members.joined_at')
      .execute();
    const game = await this.db
      .selectFrom('games')
      .selectAll()
      .where('room_slug', '=', slug)
      .orderBy('round', 'desc')
      .limit(1)
      .executeTakeFirst();
    const isPublic = room.is_public === 1;
    const turnSeconds = isTurnSeconds(room.turn_seconds) ? room.turn_seconds : null;
    if (!game) return { slug, status: room.status, isPublic, turnSeconds, members, game: null };
    const fleetRows = await this.db.selectFrom('fleets').selectAll().where('game_id', '=', game.id).execute();
    const fleets: Record<string, ShipMap> = {};
    for (const row of fleetRows) {
      const parsed = ShipMapSchema.safeParse(JSON.parse(row.ships));
      if (parsed.success) fleets[row.user_id] = parsed.data;
    }
    const shotRows = await this.db
      .selectFrom('shots')
      .selectAll()
      .where('game_id', '=', game.id)
      .orderBy('seq')
      .execute();
    return {
      slug,
      status: room.status,
      isPublic,
      turnSeconds,
      members,
      game: {
        id: game.id,
        round: game.round,
        firstPlayer: game.first_player,
        winner: game.winner_id,
        // Rounds ended before the reason was recorded could only end by sinking.
        endReason: isEndReason(game.end_reason) ? game.end_reason : game.winner_id === null ? null : 'SUNK',
        playStartedAt: game.play_started_at === null ? null : Number(game.play_started_at),
        startedBy: game.started_by,
        fleets,
        moves: shotRows.flatMap(moveOf),
      },
    };
  }

  /**
   * The rooms `userId` is a member of that have not ENDED, most recently changed first, with the
   * other member if there is one. A room changes when it is created, joined, a round starts or a move is made.
   */
  async gamesInProgress(userId: string): Promise<GameInProgress[]> {
    const rows = await this.db
      .selectFrom('members as me')
      .innerJoin('rooms', 'rooms.slug', 'me.room_slug')
      .leftJoin('members as other', (join) =>
        join.onRef('other.room_slug', '=', 'me.room_slug').onRef('other.user_id', '!=', 'me.user_id'),
      )
      .leftJoin('users', 'users.id', 'other.user_id')
      .where('me.user_id', '=', userId)
      .where('rooms.status', '!=', 'ENDED')
      .select((eb) => [
        'rooms.slug as slug',
        'rooms.status as status',
        'rooms.created_at as createdAt',
        'me.joined_at as joinedAt',
        'other.joined_at as otherJoinedAt',
        'users.id as opponentId',
        'users.username as opponentName',
        eb
          .selectFrom('games')
          .whereRef('games.room_slug', '=', 'rooms.slug')
          .select((g) => g.fn.max('games.started_at').as('t'))
          .as('startedAt'),
        eb
          .selectFrom('shots')
          .innerJoin('games', 'games.id', 'shots.game_id')
          .whereRef('games.room_slug', '=', 'rooms.slug')
          .select((g) => g.fn.max('shots.created_at').as('t'))
          .as('shotAt'),
      ])
      .execute();
    const games = rows.flatMap((row) => {
      if (!isStatus(row.status)) return [];
      const times = [row.createdAt, row.joinedAt, row.otherJoinedAt, row.startedAt, row.shotAt];
      const updatedAt = Math.max(...times.map((t) => Number(t ?? 0)));
      const opponent =
        row.opponentId === null || row.opponentName === null
          ? null
          : { userId: row.opponentId, username: row.opponentName };
      return [{ slug: row.slug, status: row.status, opponent, updatedAt }];
    });
    return games.sort((a, b) => b.updatedAt - a.updatedAt || a.slug.localeCompare(b.slug));
  }

  /** Rooms in PLAY with a turn clock: their deadlines must fire even if nobody comes back. */
  async roomsWithRunningClock(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('rooms')
      .select('slug')
      .where('status', '=', 'PLAY')
      .where('turn_seconds', 'is not', null)
      .execute();
    return rows.map((r) => r.slug);
  }

  async addMember(slug: string, userId: string, position: number): Promise<void> {
    await this.db
      .insertInto('members')
      .values({ room_slug: slug, user_id: userId, position, joined_at: Date.now() })
      .onConflict((oc) => oc.columns(['room_slug', 'user_id']).doNothing())
      .execute();
  }

  /** Takes a member out of a room (leaving before the game started). */
  async removeMember(slug: string, userId: string): Promise<void> {
    await this.db.deleteFrom('members').where('room_slug', '=', slug).where('user_id', '=', userId).execute();
  }

  async setStatus(slug: string, status: GameStatus): Promise<void> {
    await this.db.updateTable('rooms').set({ status }).where('slug', '=', slug).execute();
  }

  /** Opens a new round (start or replay, by `startedBy`) and moves the room to PLACE_SHIPS. */
  async startRound(slug: string, round: number, startedBy: string | null = null): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('games')
        .values({
          room_slug: slug,
          round,
          started_at: Date.now(),
          first_player: null,
          winner_id: null,
          ended_at: null,
          started_by: startedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('rooms').set({ status: 'PLACE_SHIPS' }).where('slug', '=', slug).execute();
      return row.id;
    });
  }

  /** Saves (or replaces) a fleet; when `firstPlayer` is given play starts, at `playStartedAt`. */
  async saveFleet(
    slug: string,
    gameId: number,
    userId: string,
    fleet: ShipMap,
    firstPlayer: string | null,
    playStartedAt: number = Date.now(),
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('fleets')
        .values({ game_id: gameId, user_id: userId, ships: JSON.stringify(fleet) })
        .onConflict((oc) => oc.columns(['game_id', 'user_id']).doUpdateSet({ ships: JSON.stringify(fleet) }))
        .execute();
      if (firstPlayer !== null) {
        await tx
          .updateTable('games')
          .set({ first_player: firstPlayer, play_started_at: playStartedAt })
          .where('id', '=', gameId)
          .execute();
        await tx.updateTable('rooms').set({ status: 'PLAY' }).where('slug', '=', slug).execute();
      }
    });
  }

  /**
   * Records a shot; the winning one also closes the round. The promise settles once the row is
   * committed: the shots of one event-loop turn share one commit (tick-batch.ts), so a busy
   * server pays one transaction per turn instead of one per shot, and still acknowledges a shot
   * only once it is stored.
   */
  addShot(
    slug: string,
    gameId: number,
    seq: number,
    shot: Shot,
    winner: string | null,
    at: number = Date.now(),
  ): Promise<void> {
    return this.addMove(slug, gameId, seq, shot, at, winner === null ? null : { winner, reason: 'SUNK' });
  }

  /**
   * Records a turn the clock passed: a 'T' row for the player who missed it, dated at the deadline
   * that passed. When it was the third in a row, `winner` (the other player) wins by CLOCK.
   */
  addTimeout(
    slug: string,
    gameId: number,
    seq: number,
    playerId: string,
    deadline: number,
    winner: string | null,
  ): Promise<void> {
    const move = { shooterId: playerId, x: -1, y: -1, result: TIMEOUT_RESULT };
    return this.addMove(slug, gameId, seq, move, deadline, winner === null ? null : { winner, reason: 'CLOCK' });
  }

  private addMove(
    slug: string,
    gameId: number,
    seq: number,
    move: Move,
    at: number,
    end: { winner: string; reason: EndReason } | null,
  ): Promise<void> {
    return this.moves.add({ slug, gameId, seq, move, at, end, endedAt: Date.now() });
  }

  /** How many commits stored how many moves (shots, passed turns) since the start. */
  get shotCommits(): { commits: number; shots: number } {
    return { commits: this.moves.commits, shots: this.moves.committed };
  }

  /** Commits moves together: one SQLite transaction, or one multi-row insert on PostgreSQL. */
  private commitMoves(writes: readonly MoveWrite[]): void | Promise<void> {
    const closing = (w: MoveWrite, end: { winner: string; reason: EndReason }) => [
      this.db
        .updateTable('games')
        .set({ winner_id: end.winner, ended_at: w.endedAt, end_reason: end.reason })
        .where('id', '=', w.gameId)
        .compile(),
      this.db.updateTable('rooms').set({ status: 'ENDED' }).where('slug', '=', w.slug).compile(),
    ];
    // Same column order as the template compiled in the constructor.
    const params = (w: MoveWrite) => [w.gameId, w.seq, w.move.shooterId, w.move.x, w.move.y, w.move.result, w.at];
    const wrote = this.runSync?.((run) => {
      for (const w of writes) {
        run(this.insertShotSql, params(w));
        if (w.end !== null) for (const q of closing(w, w.end)) run(q.sql, q.parameters);
      }
    });
    if (wrote) return;
    if (this.postgres) return this.commitMovesPostgres(writes);
    // SQLite while a Kysely transaction holds the connection: queue behind it.
    return this.db.transaction().execute(async (tx) => {
      for (const w of writes) {
        await tx.executeQuery(CompiledQuery.raw(this.insertShotSql, params(w)));
        if (w.end !== null) for (const q of closing(w, w.end)) await tx.executeQuery(q);
      }
    });
  }

  /** Every ordinary move of the batch in one INSERT (one round trip); each round-ending one in one CTE. */
  private async commitMovesPostgres(writes: readonly MoveWrite[]): Promise<void> {
    const plain = writes.filter((w) => w.end === null);
    const ending = writes.flatMap((w) => (w.end === null ? [] : [{ w, end: w.end }]));
    await Promise.all([
      plain.length > 0
        ? this.db
            .insertInto('shots')
            .values(plain.map((w) => this.shotRow(w.gameId, w.seq, w.move, w.at)))
            .execute()
        : null,
      ...ending.map(({ w, end }) =>
        // One statement, so one round trip: PostgreSQL runs the three writes of a CTE atomically.
        this.db
          .with('shot', (db) =>
            db
              .insertInto('shots')
              .values(this.shotRow(w.gameId, w.seq, w.move, w.at))
              .returning('game_id'),
          )
          .with('game', (db) =>
            db
              .updateTable('games')
              .set({ winner_id: end.winner, ended_at: w.endedAt, end_reason: end.reason })
              .where('id', 'in', (eb) => eb.selectFrom('shot').select('game_id'))
              .returning('room_slug'),
          )
          .updateTable('rooms')
          .set({ status: 'ENDED' })
          .where('slug', 'in', (eb) => eb.selectFrom('game').select('room_slug'))
          .execute(),
      ),
    ]);
  }

  private shotRow(
    gameId: number,
    seq: number,
    move: { shooterId: string; x: number; y: number; result: string },
    at: number,
  ) {
    return {
      game_id: gameId,
      seq,
      shooter_id: move.shooterId,
      x: move.x,
      y: move.y,
      result: move.result,
      created_at: at,
    };
  }

  /** Ends a round without a move: a resignation or a forfeit. */
  async endGame(slug: string, gameId: number, winner: string, reason: EndReason): Promise<void> {
    await this.db.transaction().execute((tx) => this.closeRound(tx, slug, gameId, winner, reason));
  }

  private async closeRound(
    tx: Kysely<Database>,
    slug: string,
    gameId: number,
    winner: string,
    reason: EndReason,
  ): Promise<void> {
    await tx
      .updateTable('games')
      .set({ winner_id: winner, ended_at: Date.now(), end_reason: reason })
      .where('id', '=', gameId)
      .execute();
    await tx.updateTable('rooms').set({ status: 'ENDED' }).where('slug', '=', slug).execute();
  }

  /** Every shot of a round in order, to replay a finished game shot by shot ('T' rows are not shots). */
  async shotsOf(gameId: number): Promise<Shot[]> {
    const rows = await this.db.selectFrom('shots').selectAll().where('game_id', '=', gameId).orderBy('seq').execute();
    return rows.flatMap(moveOf).flatMap((m) => (m.kind === 'shot' ? [m.shot] : []));
  }
}
