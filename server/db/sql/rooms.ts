import type { Kysely } from 'kysely';
import {
  END_REASONS,
  type EndReason,
  GAME_STATUSES,
  type GameStatus,
  CLASSIC_RULES,
  formatRules,
  parseRules,
  type Rules,
  type ShipMap,
  TURN_SECONDS,
  type TurnSeconds,
} from '../../../src/game';
import { type GameInProgress, ShipMapSchema } from '../../../src/protocol';
import type { Database } from '../schema';
import type { RoomOptions, RoomStore, StoredRoom } from '../storage';
import { moveOf } from './moves';

const isStatus = (s: string): s is GameStatus => (GAME_STATUSES as readonly string[]).includes(s);
const isEndReason = (r: string | null): r is EndReason => (END_REASONS as readonly (string | null)[]).includes(r);
/** A stored `--rules` text; a row no parser accepts (never written by this code) plays classic. */
export function rulesOf(text: string): Rules {
  const parsed = parseRules(text);
  return parsed.ok ? parsed.value : CLASSIC_RULES;
}
const isTurnSeconds = (n: number | null): n is TurnSeconds => (TURN_SECONDS as readonly (number | null)[]).includes(n);

/** Rooms and their members in SQL (SQLite or PostgreSQL, one schema). */
export class SqlRooms implements RoomStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** False when the slug is taken. A public room is listed among the open games while it waits. */
  async createRoom(slug: string, userId: string, options: RoomOptions = {}): Promise<boolean> {
    const result = await this.db
      .insertInto('rooms')
      .values({
        slug,
        created_by: userId,
        created_at: Date.now(),
        status: 'UNSTARTED',
        is_public: options.isPublic ? 1 : 0,
        turn_seconds: options.turnSeconds ?? null,
        rules: formatRules(options.rules ?? CLASSIC_RULES),
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async loadRoom(slug: string): Promise<StoredRoom | null> {
    const room = await this.db.selectFrom('rooms').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!room || !isStatus(room.status) || room.closed_at !== null) return null;
    const memberRows = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.user_id as userId', 'users.username as username', 'users.bot_since as botSince'])
      .where('members.room_slug', '=', slug)
      .orderBy('members.position')
      .orderBy('members.joined_at')
      .execute();
    const members = memberRows.map(({ userId, username, botSince }) =>
      botSince === null ? { userId, username } : { userId, username, title: 'BOT' as const },
    );
    const game = await this.db
      .selectFrom('games')
      .selectAll()
      .where('room_slug', '=', slug)
      .orderBy('round', 'desc')
      .limit(1)
      .executeTakeFirst();
    const isPublic = room.is_public === 1;
    const turnSeconds = isTurnSeconds(room.turn_seconds) ? room.turn_seconds : null;
    const rules = rulesOf(room.rules);
    const createdAt = Number(room.created_at);
    if (!game) return { slug, status: room.status, createdAt, isPublic, turnSeconds, rules, members, game: null };
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
      createdAt,
      isPublic,
      turnSeconds,
      rules,
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
      .where('rooms.closed_at', 'is', null)
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
      .where('closed_at', 'is', null)
      .execute();
    return rows.map((r) => r.slug);
  }

  async closeRoom(slug: string, reason: string, at = Date.now()): Promise<'CLOSED' | 'ALREADY_CLOSED' | 'NOT_FOUND'> {
    const closed = await this.db
      .updateTable('rooms')
      .set({ closed_at: at, closed_reason: reason })
      .where('slug', '=', slug)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 1) return 'CLOSED';
    const room = await this.db.selectFrom('rooms').select('slug').where('slug', '=', slug).executeTakeFirst();
    return room ? 'ALREADY_CLOSED' : 'NOT_FOUND';
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
}
