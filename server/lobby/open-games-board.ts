import type { OpenGame } from '../../src/protocol';
import type { RedisClient } from '../redis';
import { shownOpenGames } from './open-games';

/** Where every node's open games are listed: one node's memory, or Redis for several nodes. */
export interface OpenGamesBoard {
  put(game: OpenGame): Promise<void>;
  remove(slug: string): Promise<void>;
  /** The node still has these games open (sent every few seconds). */
  keepAlive(games: readonly OpenGame[]): Promise<void>;
  /** Most recent first, at most OPEN_GAMES_SHOWN. */
  list(): Promise<OpenGame[]>;
}

export class MemoryOpenGamesBoard implements OpenGamesBoard {
  private readonly games = new Map<string, OpenGame>();

  async put(game: OpenGame): Promise<void> {
    this.games.set(game.slug, game);
  }

  async remove(slug: string): Promise<void> {
    this.games.delete(slug);
  }

  async keepAlive(): Promise<void> {}

  async list(): Promise<OpenGame[]> {
    return shownOpenGames(this.games.values());
  }
}

const KEY = 'broadside:open-games';

/** Drops the entries read as stale, unless their node refreshed them since (the value changed). */
const DROP_UNCHANGED = `
for i = 1, #ARGV, 2 do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[i + 1] then redis.call('HDEL', KEYS[1], ARGV[i]) end
end
return 0
`;

interface Listed {
  readonly game: OpenGame;
  /** When its node last said it is still open (epoch ms). */
  readonly at: number;
}

/**
 * Open games in one Redis hash, slug → the game and when its node last vouched for it. A game
 * whose node died leaves the list `staleMs` later (readers drop it), as a waiting player leaves the
 * quick-match queue.
 */
export class RedisOpenGamesBoard implements OpenGamesBoard {
  constructor(
    private readonly redis: RedisClient,
    private readonly staleMs: number,
  ) {}

  async put(game: OpenGame): Promise<void> {
    await this.redis.hSet(KEY, game.slug, JSON.stringify({ game, at: Date.now() } satisfies Listed));
  }

  async remove(slug: string): Promise<void> {
    await this.redis.hDel(KEY, slug);
  }

  async keepAlive(games: readonly OpenGame[]): Promise<void> {
    const at = Date.now();
    await this.redis.hSet(KEY, Object.fromEntries(games.map((game) => [game.slug, JSON.stringify({ game, at })])));
  }

  async list(): Promise<OpenGame[]> {
    const all = await this.redis.hGetAll(KEY);
    const freshSince = Date.now() - this.staleMs;
    const games: OpenGame[] = [];
    const stale: string[] = [];
    for (const [slug, json] of Object.entries(all)) {
      const listed = JSON.parse(String(json)) as Listed;
      if (listed.at >= freshSince) games.push(listed.game);
      else stale.push(slug, String(json));
    }
    if (stale.length > 0) await this.redis.eval(DROP_UNCHANGED, { keys: [KEY], arguments: stale });
    return shownOpenGames(games);
  }
}
