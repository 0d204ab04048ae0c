import type { Kysely } from 'kysely';
import { formatRules, type Rules, type ShipMap } from '../../src/game';
import { ShipMapSchema } from '../../src/protocol';
import { type GameAnalysis, GameAnalysisSchema } from '../../src/protocol/analysis';
import type { Database } from '../db/schema';
import { rulesOf } from '../db/sql/rooms';

/** The engine and its version a stored analysis was made by: a new version is a new analysis. */
export const ENGINE_VERSION = 'broadside/1';

const isResult = (r: string): r is 'M' | 'H' | 'D' => r === 'M' || r === 'H' || r === 'D';

/** The game a room plays now, as the database has it (every shot is stored before it is answered). */
export interface LiveGame {
  readonly gameId: number;
  readonly ended: boolean;
  readonly rules: Rules;
  /** The room's members with their placed fleets (none before placing) and computer level (null for a person). */
  readonly players: readonly { readonly userId: string; readonly bot: string | null; readonly fleet: ShipMap | null }[];
  readonly shots: readonly { readonly shooterId: string; readonly x: number; readonly y: number }[];
}

/** One finished game of a player, for insights. */
export interface PlayedGame {
  readonly gameId: number;
  readonly endedAt: number;
  readonly won: boolean;
  readonly shots: number;
  readonly accuracy: number | null;
  readonly luck: number | null;
  readonly analysed: boolean;
}

/** Analyses in SQL (migration 015): stored once per game, read by the review and by insights. */
export class AnalysisStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(gameId: number): Promise<{ analysis: GameAnalysis; computedAt: number } | null> {
    const row = await this.db
      .selectFrom('analyses')
      .select(['body', 'created_at'])
      .where('game_id', '=', gameId)
      .where('engine', '=', ENGINE_VERSION)
      .executeTakeFirst();
    if (!row) return null;
    const parsed = GameAnalysisSchema.safeParse(JSON.parse(row.body));
    return parsed.success ? { analysis: parsed.data, computedAt: Number(row.created_at) } : null;
  }

  /** Keeps a game's analysis and each player's figures; a second save of the same game changes nothing. */
  async save(gameId: number, analysis: GameAnalysis, computeMs: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('analyses')
        .values({
          game_id: gameId,
          engine: ENGINE_VERSION,
          body: JSON.stringify(analysis),
          created_at: Date.now(),
          compute_ms: Math.round(computeMs),
        })
        .onConflict((oc) => oc.column('game_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      for (const p of analysis.players)
        await tx
          .insertInto('analysis_players')
          .values({
            game_id: gameId,
            user_id: p.userId,
            accuracy: p.accuracy,
            luck: p.luck,
            moves: p.moves,
            shots: p.shots,
            hits: p.hits,
            expected_hits: p.expectedHits,
          })
          .execute();
    });
  }

  /** The room's latest game (its highest round), or null when the room never started one. */
  async liveGame(slug: string): Promise<LiveGame | null> {
    const game = await this.db
      .selectFrom('games')
      .select(['id', 'ended_at', 'rules'])
      .where('room_slug', '=', slug)
      .orderBy('round', 'desc')
      .executeTakeFirst();
    if (!game) return null;
    const [members, fleets, shots] = await Promise.all([
      this.db
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.user_id')
        .select(['users.id', 'users.bot_level'])
        .where('members.room_slug', '=', slug)
        .orderBy('members.position')
        .execute(),
      this.db.selectFrom('fleets').select(['user_id', 'ships']).where('game_id', '=', game.id).execute(),
      this.db
        .selectFrom('shots')
        .select(['shooter_id', 'x', 'y', 'result'])
        .where('game_id', '=', game.id)
        .orderBy('seq')
        .execute(),
    ]);
    return {
      gameId: game.id,
      ended: game.ended_at !== null,
      rules: rulesOf(game.rules),
      players: members.map((m) => {
        const row = fleets.find((f) => f.user_id === m.id);
        const fleet = row ? ShipMapSchema.safeParse(JSON.parse(row.ships)) : null;
        return { userId: m.id, bot: m.bot_level ?? null, fleet: fleet?.success ? fleet.data : null };
      }),
      shots: shots.filter((s) => isResult(s.result)).map((s) => ({ shooterId: s.shooter_id, x: s.x, y: s.y })),
    };
  }

  /** The player's latest finished games under `rules` (at most `limit`), oldest first, with their figures. */
  async playedGames(userId: string, rules: Rules, limit: number): Promise<PlayedGame[]> {
    const rows = await this.db
      .selectFrom('games')
      .innerJoin('fleets', (join) => join.onRef('fleets.game_id', '=', 'games.id').on('fleets.user_id', '=', userId))
      .leftJoin('analysis_players', (join) =>
        join.onRef('analysis_players.game_id', '=', 'games.id').on('analysis_players.user_id', '=', userId),
      )
      .select((eb) => [
        'games.id',
        'games.ended_at',
        'games.winner_id',
        'analysis_players.accuracy',
        'analysis_players.luck',
        'analysis_players.moves',
        eb
          .selectFrom('shots')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('shots.game_id', '=', 'games.id')
          .where('shots.shooter_id', '=', userId)
          .where('shots.result', 'in', ['M', 'H', 'D'])
          .as('fired'),
      ])
      .where('games.ended_at', 'is not', null)
      .where('games.rules', '=', formatRules(rules))
      .orderBy('games.ended_at', 'desc')
      .orderBy('games.id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({
      gameId: r.id,
      endedAt: Number(r.ended_at),
      won: r.winner_id === userId,
      shots: Number(r.fired ?? 0),
      accuracy: r.accuracy === null || r.accuracy === undefined ? null : Number(r.accuracy),
      luck: r.luck === null || r.luck === undefined ? null : Number(r.luck),
      analysed: r.moves !== null && r.moves !== undefined,
    }));
  }

  /** The fleets the player placed in their latest finished games under `rules`. */
  async fleets(userId: string, rules: Rules, limit: number): Promise<ShipMap[]> {
    const rows = await this.db
      .selectFrom('fleets')
      .innerJoin('games', 'games.id', 'fleets.game_id')
      .select('fleets.ships')
      .where('fleets.user_id', '=', userId)
      .where('games.ended_at', 'is not', null)
      .where('games.rules', '=', formatRules(rules))
      .orderBy('games.ended_at', 'desc')
      .limit(limit)
      .execute();
    return rows.flatMap((r) => {
      const fleet = ShipMapSchema.safeParse(JSON.parse(r.ships));
      return fleet.success ? [fleet.data] : [];
    });
  }

  /** Each analysed game's figures of the player (the account export). */
  async figuresOf(userId: string): Promise<unknown[]> {
    return this.db
      .selectFrom('analysis_players')
      .select(['game_id as gameId', 'accuracy', 'luck', 'moves', 'shots', 'hits', 'expected_hits as expectedHits'])
      .where('user_id', '=', userId)
      .orderBy('game_id')
      .execute();
  }
}
