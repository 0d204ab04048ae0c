import { botLevelOf } from '../../src/bots/levels';
import type { GameRecord, HistoryEntry, PlayerRef } from '../../src/protocol';
import type { MemoryGame, Tables } from './memory';
import type { HistoryStore, StoredMove } from './storage';

/** A game's moves in order, each with its number. */
const movesOf = (game: MemoryGame): [number, StoredMove][] => [...game.moves.entries()].sort(([a], [b]) => a - b);

/** The history pages' reads in memory (memory.ts), answering as the SQL ones do. Nothing is rated here. */
export class MemoryHistory implements HistoryStore {
  constructor(private readonly t: Tables) {}

  async user(userId: string): Promise<PlayerRef | null> {
    const user = this.t.users.get(userId);
    if (!user) return null;
    // `title` only on a bot account's line, as the SQL history gives it.
    const title = user.botSince !== null ? { title: 'BOT' as const } : {};
    return { userId: user.id, username: user.username, bot: botLevelOf(user.id), ...title };
  }

  async finishedGames(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; games: HistoryEntry[] }> {
    const mine = [...this.t.games.values()]
      .filter((g) => g.endedAt !== null && this.t.room(g.slug).members.some((m) => m.userId === userId))
      .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0) || b.id - a.id);
    const games = mine.slice((page - 1) * pageSize, page * pageSize).map(async (game): Promise<HistoryEntry> => {
      const room = this.t.room(game.slug);
      const other = room.members.find((m) => m.userId !== userId);
      const tally = (own: boolean) => {
        const shots = movesOf(game).flatMap(([, m]) =>
          m.kind === 'shot' && (m.shot.shooterId === userId) === own ? [m.shot] : [],
        );
        return { shots: shots.length, hits: shots.filter((s) => s.result !== 'M').length };
      };
      const [own, theirs] = [tally(true), tally(false)];
      return {
        gameId: game.id,
        slug: game.slug,
        round: game.round,
        opponent: other ? await this.user(other.userId) : null,
        result: game.winner === userId ? 'WON' : 'LOST',
        endReason: game.endReason ?? 'SUNK',
        rules: room.rules,
        shots: own.shots,
        hits: own.hits,
        opponentShots: theirs.shots,
        opponentHits: theirs.hits,
        startedAt: game.startedAt,
        endedAt: game.endedAt ?? 0,
        rating: null,
      };
    });
    return { total: mine.length, games: await Promise.all(games) };
  }

  async record(gameId: number): Promise<GameRecord | 'NOT_FOUND' | 'NOT_FINISHED'> {
    const game = this.t.games.get(gameId);
    if (!game) return 'NOT_FOUND';
    if (game.endedAt === null) return 'NOT_FINISHED';
    const room = this.t.room(game.slug);
    const members = [...room.members].sort((a, b) => a.position - b.position);
    const players: (PlayerRef & { fleet: GameRecord['players'][number]['fleet'] })[] = [];
    for (const m of members) {
      const ref = await this.user(m.userId);
      const fleet = game.fleets[m.userId];
      if (ref && fleet) players.push({ ...ref, fleet });
    }
    // A game that ended before both fleets were in (a forfeit while placing) has nothing to replay.
    if (players.length !== 2) return 'NOT_FINISHED';
    const moves = movesOf(game);
    return {
      gameId,
      slug: game.slug,
      round: game.round,
      startedAt: game.startedAt,
      endedAt: game.endedAt,
      endReason: game.endReason ?? 'SUNK',
      rules: room.rules,
      winner: game.winner,
      firstPlayer: game.firstPlayer,
      players,
      shots: moves.flatMap(([seq, m]) => (m.kind === 'shot' ? [{ seq, ...m.shot }] : [])),
      passes: moves.flatMap(([seq, m]) => (m.kind === 'timeout' ? [{ seq, playerId: m.playerId }] : [])),
    };
  }
}
