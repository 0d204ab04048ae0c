import type { MemoryGame, Tables } from './memory';
import type {
  BoardKind,
  BoardRow,
  GameToRate,
  PlayerKind,
  RatingDecision,
  RatingStore,
  RulesRecord,
  StoredRating,
} from './rating-store';
import { byPlayers, type PlayedGames, recordsByRules } from './records';

const DAY_MS = 24 * 60 * 60 * 1000;

const key = (userId: string, rules: string): string => `${userId} ${rules}`;

/** Ratings in memory, with the SQL implementation's rules (server/db/sql/ratings.ts), for unit tests. */
export class MemoryRatings implements RatingStore {
  constructor(private readonly t: Tables) {}

  private kind(userId: string): PlayerKind | null {
    const user = this.t.users.get(userId);
    if (!user) return null;
    if (user.bot) return 'computer';
    return user.botSince !== null ? 'bot' : 'person';
  }

  private players(game: MemoryGame): string[] {
    return this.t.room(game.slug).members.map((m) => m.userId);
  }

  async unratedGames(limit: number): Promise<number[]> {
    return [...this.t.games.values()]
      .filter((g) => g.endedAt !== null && g.ratedAt === null)
      .sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0) || a.id - b.id)
      .slice(0, limit)
      .map((g) => g.id);
  }

  async settle(gameId: number, decide: (game: GameToRate) => RatingDecision, now = Date.now()): Promise<boolean> {
    const game = this.t.games.get(gameId);
    if (!game || game.endedAt === null || game.ratedAt !== null) return false;
    game.ratedAt = now;
    const ids = this.players(game);
    const fired = new Set<string>();
    for (const move of game.moves.values()) if (move.kind === 'shot') fired.add(move.shot.shooterId);
    const current: Record<string, StoredRating | null> = {};
    for (const id of ids) current[id] = this.t.ratings.get(key(id, game.rules)) ?? null;
    const [a, b] = ids;
    const decision = decide({
      id: gameId,
      rules: game.rules,
      endedAt: game.endedAt,
      winner: game.winner,
      players: ids.map((id) => ({ id, kind: this.kind(id) ?? 'person' })),
      fired: [...fired],
      pairRatedBefore: a && b && ids.length === 2 ? this.pairRated(game, a, b) : 0,
      current,
    });
    if (decision.kind === 'unrated') game.unratedReason = decision.reason;
    if (decision.kind !== 'rated') return true;
    const changes = new Map<string, { before: number; after: number }>();
    for (const [userId, { before, after }] of Object.entries(decision.players)) {
      this.t.ratings.set(key(userId, game.rules), after);
      this.t.ratedUsers.add(userId);
      changes.set(userId, { before, after: after.rating });
    }
    this.t.gameRatings.set(gameId, changes);
    return true;
  }

  private pairRated(game: MemoryGame, a: string, b: string): number {
    const endedAt = game.endedAt ?? 0;
    let n = 0;
    for (const [id, changes] of this.t.gameRatings) {
      const other = this.t.games.get(id);
      if (id === game.id || !other || other.endedAt === null) continue;
      if (other.endedAt <= endedAt - DAY_MS || other.endedAt > endedAt) continue;
      if (changes.has(a) && changes.has(b)) n++;
    }
    return n;
  }

  async ratingOf(userId: string, rules: string): Promise<StoredRating | null> {
    return this.t.ratings.get(key(userId, rules)) ?? null;
  }

  async kindOf(userId: string): Promise<PlayerKind | null> {
    return this.kind(userId);
  }

  async usernameOf(userId: string): Promise<string | null> {
    return this.t.users.get(userId)?.username ?? null;
  }

  private board(rules: string, kind: BoardKind, minGames: number): BoardRow[] {
    const rows: BoardRow[] = [];
    for (const [k, rating] of this.t.ratings) {
      const [userId = '', ...rest] = k.split(' ');
      if (rest.join(' ') !== rules || rating.games < minGames) continue;
      const user = this.t.users.get(userId);
      if (!user || (user.botSince !== null) !== (kind === 'bots')) continue;
      rows.push({ userId, username: user.username, ...rating });
    }
    return rows.sort((x, y) => y.rating - x.rating || (x.userId < y.userId ? -1 : x.userId > y.userId ? 1 : 0));
  }

  async countAbove(rating: number, rules: string, kind: BoardKind, minGames: number): Promise<number> {
    return this.board(rules, kind, minGames).filter((r) => r.rating > rating).length;
  }

  async leaderboard(
    rules: string,
    kind: BoardKind,
    minGames: number,
    limit: number,
  ): Promise<{ rows: BoardRow[]; total: number }> {
    const all = this.board(rules, kind, minGames);
    return { rows: all.slice(0, limit), total: all.length };
  }

  async ratedRules(kind: BoardKind): Promise<{ rules: string; players: number }[]> {
    const players = new Map<string, number>();
    for (const k of this.t.ratings.keys()) {
      const [userId = '', ...rest] = k.split(' ');
      const user = this.t.users.get(userId);
      if (!user || (user.botSince !== null) !== (kind === 'bots')) continue;
      const rules = rest.join(' ');
      players.set(rules, (players.get(rules) ?? 0) + 1);
    }
    return byPlayers([...players].map(([rules, n]) => ({ rules, players: n })));
  }

  async recordsOf(userId: string): Promise<RulesRecord[]> {
    return recordsByRules(playedGamesIn(this.t, userId));
  }

  async hasRatedGames(userId: string): Promise<boolean> {
    return this.t.ratedUsers.has(userId);
  }
}

/** The user's finished games in memory, one row each (records.ts adds them up as SQL's grouped rows). */
export function playedGamesIn(t: Tables, userId: string): PlayedGames[] {
  const rows: PlayedGames[] = [];
  for (const game of t.games.values()) {
    const ids = t.room(game.slug).members.map((m) => m.userId);
    if (game.endedAt === null || !ids.includes(userId)) continue;
    for (const them of ids) {
      if (them === userId) continue;
      const computer = t.users.get(them)?.bot ?? false;
      rows.push({ rules: game.rules, computer, played: 1, won: game.winner === userId ? 1 : 0 });
    }
  }
  return rows;
}
