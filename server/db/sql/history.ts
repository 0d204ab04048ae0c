import type { Kysely } from 'kysely';
import { type EndReason, END_REASONS, type ShotResult } from '../../../src/game';
import {
  type BotLevel,
  BotLevelSchema,
  type GameRecord,
  type HistoryEntry,
  type PlayerRef,
  ShipMapSchema,
} from '../../../src/protocol';
import type { Database } from '../schema';
import type { HistoryStore } from '../storage';
import { rulesOf } from './rooms';

/* Reads of issue 14: a player's finished games and the full record of one game. Columns added by
 * other migrations (games.end_reason by 002, users.bot_level by 003) are read from whole rows, so
 * these reads work on a database with or without them. */

const isResult = (r: string): r is ShotResult => r === 'M' || r === 'H' || r === 'D';

/** How a finished game ended; a game recorded before end reasons existed could only end by sinking. */
export function endReasonOf(row: object): EndReason {
  const value = (row as { end_reason?: unknown }).end_reason;
  return (END_REASONS as readonly unknown[]).includes(value) ? (value as EndReason) : 'SUNK';
}

/** The computer level of a users row, or null for a person. */
export function botLevelOf(row: object): BotLevel | null {
  const parsed = BotLevelSchema.safeParse((row as { bot_level?: unknown }).bot_level);
  return parsed.success ? parsed.data : null;
}

/** A bot account's title (009), null for a person or the computer. */
export function titleOf(row: object): 'BOT' | null {
  const since = (row as { bot_since?: unknown }).bot_since;
  return since === null || since === undefined ? null : 'BOT';
}

function playerRef(row: { id: string; username: string }): PlayerRef {
  const title = titleOf(row);
  // `title` only on a bot account's line, as in the room's members.
  return { userId: row.id, username: row.username, bot: botLevelOf(row), ...(title ? { title } : {}) };
}

/** The history pages' reads in SQL. */
export class SqlHistory implements HistoryStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** A live player (a deleted account's games are only in the other players' histories). */
  async user(userId: string): Promise<PlayerRef | null> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? playerRef(row) : null;
  }

  /** The user's finished games, newest first, one page of them, and how many there are in all. */
  async finishedGames(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; games: HistoryEntry[] }> {
    const mine = this.db
      .selectFrom('games')
      .innerJoin('members', 'members.room_slug', 'games.room_slug')
      .where('members.user_id', '=', userId)
      .where('games.ended_at', 'is not', null);
    const counted = await mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await mine
      .selectAll('games')
      .orderBy('games.ended_at', 'desc')
      .orderBy('games.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const total = Number(counted?.n ?? 0);
    if (rows.length === 0) return { total, games: [] };

    const ids = rows.map((r) => r.id);
    const slugs = [...new Set(rows.map((r) => r.room_slug))];
    const opponents = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .selectAll('users')
      .select('members.room_slug as room_slug')
      .where('members.room_slug', 'in', slugs)
      .where('members.user_id', '!=', userId)
      .execute();
    const opponentOf = new Map(opponents.map((o) => [o.room_slug, playerRef(o)]));
    const counts = await this.db
      .selectFrom('shots')
      .select((eb) => [
        'game_id',
        'shooter_id',
        eb.fn.countAll<number>().as('shots'),
        eb.fn.sum<number>(eb.case().when('result', '=', 'M').then(0).else(1).end()).as('hits'),
      ])
      .where('game_id', 'in', ids)
      .where('result', 'in', ['M', 'H', 'D'])
      .groupBy(['game_id', 'shooter_id'])
      .execute();
    const tally = (gameId: number, mineToo: boolean) => {
      const row = counts.find((c) => c.game_id === gameId && (c.shooter_id === userId) === mineToo);
      return { shots: Number(row?.shots ?? 0), hits: Number(row?.hits ?? 0) };
    };
    const changes = await this.db
      .selectFrom('game_ratings')
      .selectAll()
      .where('game_id', 'in', ids)
      .where('user_id', '=', userId)
      .execute();

    const games = rows.map((row): HistoryEntry => {
      const own = tally(row.id, true);
      const theirs = tally(row.id, false);
      const change = changes.find((c) => c.game_id === row.id);
      return {
        gameId: row.id,
        slug: row.room_slug,
        round: row.round,
        opponent: opponentOf.get(row.room_slug) ?? null,
        result: row.winner_id === userId ? 'WON' : 'LOST',
        endReason: endReasonOf(row),
        rules: rulesOf(row.rules),
        shots: own.shots,
        hits: own.hits,
        opponentShots: theirs.shots,
        opponentHits: theirs.hits,
        startedAt: Number(row.started_at),
        endedAt: Number(row.ended_at),
        rating: change ? { before: change.rating_before, after: change.rating_after } : null,
      };
    });
    return { total, games };
  }

  /** The full record of a finished game; why not otherwise. */
  async record(gameId: number): Promise<GameRecord | 'NOT_FOUND' | 'NOT_FINISHED'> {
    const game = await this.db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
    if (!game) return 'NOT_FOUND';
    if (game.ended_at === null) return 'NOT_FINISHED';
    const members = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .selectAll('users')
      .where('members.room_slug', '=', game.room_slug)
      .orderBy('members.position')
      .execute();
    const fleetRows = await this.db.selectFrom('fleets').selectAll().where('game_id', '=', gameId).execute();
    const players = members.flatMap((m) => {
      const row = fleetRows.find((f) => f.user_id === m.id);
      const fleet = row ? ShipMapSchema.safeParse(JSON.parse(row.ships)) : null;
      return fleet?.success ? [{ ...playerRef(m), fleet: fleet.data }] : [];
    });
    // A game that ended before both fleets were in (a forfeit while placing) has nothing to replay.
    if (players.length !== 2) return 'NOT_FINISHED';
    const moves = await this.db.selectFrom('shots').selectAll().where('game_id', '=', gameId).orderBy('seq').execute();
    return {
      gameId,
      slug: game.room_slug,
      round: game.round,
      startedAt: Number(game.started_at),
      endedAt: Number(game.ended_at),
      endReason: endReasonOf(game),
      rules: rulesOf(game.rules),
      winner: game.winner_id,
      firstPlayer: game.first_player,
      players,
      shots: moves.flatMap((s) =>
        isResult(s.result) ? [{ seq: s.seq, shooterId: s.shooter_id, x: s.x, y: s.y, result: s.result }] : [],
      ),
      passes: moves.filter((s) => s.result === 'T').map((s) => ({ seq: s.seq, playerId: s.shooter_id })),
    };
  }
}
