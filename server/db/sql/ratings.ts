import type { Kysely, Transaction } from 'kysely';
import type {
  BoardKind,
  BoardRow,
  GameToRate,
  PlayerKind,
  RatingDecision,
  RatingStore,
  RulesRecord,
  StoredRating,
} from '../rating-store';
import { isPostgres } from '../postgres';
import { byPlayers, recordsByRules } from '../records';
import type { Database } from '../schema';
import { playedGames } from './records';

const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The next finished games waiting for their rating, oldest first. Read at every game's end: the
 * partial index `games_unrated` (migration 006) keeps it as cheap with a million games as with ten.
 */
export function unratedGamesQuery(db: Kysely<Database>, limit = 50) {
  return db
    .selectFrom('games')
    .select('id')
    .where('ended_at', 'is not', null)
    .where('rated_at', 'is', null)
    .orderBy('ended_at')
    .orderBy('id')
    .limit(limit);
}

/** A users row's kind: the computer (bot_level, 003), a bot account (bot_since, 009) or a person. */
export function kindOfRow(row: { bot_level: string | null; bot_since: number | null }): PlayerKind {
  if (row.bot_level !== null) return 'computer';
  return row.bot_since !== null ? 'bot' : 'person';
}

const figures = (row: StoredRating): StoredRating => ({
  rating: Number(row.rating),
  rd: Number(row.rd),
  vol: Number(row.vol),
  games: Number(row.games),
  wins: Number(row.wins),
});

/** Ratings in SQL (SQLite or PostgreSQL, one schema): table `ratings`, keyed (user_id, rules) since 010. */
export class SqlRatings implements RatingStore {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.postgres = isPostgres(db);
  }

  async unratedGames(limit: number): Promise<number[]> {
    return (await unratedGamesQuery(this.db, limit).execute()).map((r) => r.id);
  }

  async settle(gameId: number, decide: (game: GameToRate) => RatingDecision, now = Date.now()): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      // The claim comes first: of two nodes settling one game, one updates the row, the other nothing.
      const claimed = await tx
        .updateTable('games')
        .set({ rated_at: now })
        .where('id', '=', gameId)
        .where('rated_at', 'is', null)
        .where('ended_at', 'is not', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const game = await tx.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirstOrThrow();
      // FOR SHARE on PostgreSQL: an upgrade to a bot account (SqlUsers.upgradeToBot) waits for this
      // rating, or this read waits for the upgrade and sees the bot it made; never a bot with a
      // game rated as a person's. Shared locks: two games of one player are settled side by side.
      const members = await tx
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.user_id')
        .select(['users.id', 'users.bot_level', 'users.bot_since'])
        .where('members.room_slug', '=', game.room_slug)
        .$if(this.postgres, (q) => q.forShare('users'))
        .execute();
      const players = members.map((m) => ({ id: m.id, kind: kindOfRow(m) }));
      const endedAt = Number(game.ended_at ?? now);
      const shooters = await tx
        .selectFrom('shots')
        .select('shooter_id')
        .distinct()
        .where('game_id', '=', gameId)
        .where('result', 'in', ['M', 'H', 'D'])
        .execute();
      const current: Record<string, StoredRating | null> = {};
      for (const p of players) current[p.id] = await this.rating(tx, p.id, game.rules);
      // The pair's count walks the rated games of whichever of the two has fewer.
      const [a, b] = [...players].sort((x, y) => (current[x.id]?.games ?? 0) - (current[y.id]?.games ?? 0));
      const decision = decide({
        id: gameId,
        rules: game.rules,
        endedAt,
        winner: game.winner_id,
        players,
        fired: shooters.map((s) => s.shooter_id),
        pairRatedBefore: a && b && players.length === 2 ? await pairRated(tx, gameId, endedAt, a.id, b.id) : 0,
        current,
      });
      if (decision.kind === 'unrated') {
        await tx.updateTable('games').set({ unrated_reason: decision.reason }).where('id', '=', gameId).execute();
      }
      if (decision.kind !== 'rated') return true;
      for (const [userId, { before: ratingBefore, after }] of Object.entries(decision.players)) {
        const before = current[userId] ?? null;
        const values = { ...after, updated_at: now };
        if (before) {
          await tx
            .updateTable('ratings')
            .set(values)
            .where('user_id', '=', userId)
            .where('rules', '=', game.rules)
            .execute();
        } else
          await tx
            .insertInto('ratings')
            .values({ user_id: userId, rules: game.rules, ...values })
            .execute();
        await tx
          .insertInto('game_ratings')
          .values({
            game_id: gameId,
            user_id: userId,
            rating_before: ratingBefore,
            rating_after: after.rating,
          })
          .execute();
      }
      return true;
    });
  }

  private async rating(db: Db, userId: string, rules: string): Promise<StoredRating | null> {
    const row = await db
      .selectFrom('ratings')
      .select(['rating', 'rd', 'vol', 'games', 'wins'])
      .where('user_id', '=', userId)
      .where('rules', '=', rules)
      .executeTakeFirst();
    return row ? figures(row) : null;
  }

  ratingOf(userId: string, rules: string): Promise<StoredRating | null> {
    return this.rating(this.db, userId, rules);
  }

  async kindOf(userId: string): Promise<PlayerKind | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['bot_level', 'bot_since'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? kindOfRow(row) : null;
  }

  async usernameOf(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
    return row?.username ?? null;
  }

  /** The ratings of one board: players of `kind` listed under `rules` (under any rules when undefined). */
  private board(rules: string | undefined, kind: BoardKind, minGames: number) {
    const all = this.db
      .selectFrom('ratings')
      .innerJoin('users', 'users.id', 'ratings.user_id')
      .where('ratings.games', '>=', minGames)
      .where('users.bot_since', kind === 'bots' ? 'is not' : 'is', null)
      // A deleted account is off the leaderboard, even if a game it left is rated after its deletion.
      .where('users.deleted_at', 'is', null);
    return rules === undefined ? all : all.where('ratings.rules', '=', rules);
  }

  async countAbove(rating: number, rules: string, kind: BoardKind, minGames: number): Promise<number> {
    const row = await this.board(rules, kind, minGames)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ratings.rating', '>', rating)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async leaderboard(
    rules: string,
    kind: BoardKind,
    minGames: number,
    limit: number,
  ): Promise<{ rows: BoardRow[]; total: number }> {
    const rows = await this.board(rules, kind, minGames)
      .select([
        'ratings.user_id as userId',
        'users.username as username',
        'ratings.rating',
        'ratings.rd',
        'ratings.vol',
        'ratings.games',
        'ratings.wins',
      ])
      .orderBy('ratings.rating', 'desc')
      .orderBy('ratings.user_id')
      .limit(limit)
      .execute();
    const counted = await this.board(rules, kind, minGames)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return {
      rows: rows.map((r) => ({ userId: r.userId, username: r.username, ...figures(r) })),
      total: Number(counted?.n ?? 0),
    };
  }

  async ratedRules(kind: BoardKind): Promise<{ rules: string; players: number }[]> {
    const rows = await this.board(undefined, kind, 0)
      .select(['ratings.rules as rules', (eb) => eb.fn.countAll<number>().as('players')])
      .groupBy('ratings.rules')
      .execute();
    return byPlayers(rows.map((r) => ({ rules: r.rules, players: Number(r.players) })));
  }

  async recordsOf(userId: string): Promise<RulesRecord[]> {
    return recordsByRules(await playedGames(this.db, userId));
  }

  async hasRatedGames(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('game_ratings')
      .select('game_id')
      .where('user_id', '=', userId)
      .limit(1)
      .execute();
    return row.length > 0;
  }
}

/**
 * Games between `a` and `b` rated in the 24 hours before `endedAt` (this one left out): from the
 * games `a` has had rated (index game_ratings_user, migration 017), each looked up for its end by
 * the game's key and for `b` by its key. The caller passes as `a` the player with fewer rated
 * games under these rules; the whole server's games of the day are never walked.
 */
export function pairRatedQuery(db: Db, gameId: number, endedAt: number, a: string, b: string) {
  return db
    .selectFrom('game_ratings as mine')
    .innerJoin('game_ratings as theirs', (join) =>
      join.onRef('theirs.game_id', '=', 'mine.game_id').on('theirs.user_id', '=', b),
    )
    .innerJoin('games', 'games.id', 'mine.game_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mine.user_id', '=', a)
    .where('mine.game_id', '!=', gameId)
    .where('games.ended_at', '>', endedAt - DAY_MS)
    .where('games.ended_at', '<=', endedAt);
}

async function pairRated(db: Db, gameId: number, endedAt: number, a: string, b: string): Promise<number> {
  const row = await pairRatedQuery(db, gameId, endedAt, a, b).executeTakeFirst();
  return Number(row?.n ?? 0);
}
