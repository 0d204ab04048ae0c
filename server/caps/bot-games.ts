import type { LimitDetails } from '../../src/protocol';
import { consumeAll, type Limiter, makeLimiter, secondsOf } from '../rate-limiter';
import type { RedisClient } from '../redis';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Games between two bots, limited per bot account per day (docs/engines.md, "Bot accounts"): a bot
 * that plays bots around the clock would fill the server with games no person watches. A game is
 * counted for each bot account in it when it starts: a bot joining another bot's room, a rematch
 * between two bots, a bot account's game against the server's computer. Games with people are never
 * counted. On rate-limiter-flexible, like the other caps: counters in Redis with REDIS_URL (shared
 * by every node), in memory otherwise; each bot's window of 24 hours opens at its first counted game.
 */
export class BotGames {
  private readonly limiter: Limiter | null;

  constructor(
    readonly perDay: number,
    redis: RedisClient | null,
    /** Told of every refusal (the metrics count them by reason). */
    private readonly refused: (reason: 'BOT_GAMES') => void = () => undefined,
  ) {
    this.limiter =
      perDay > 0
        ? makeLimiter({ keyPrefix: 'broadside:bot-games', points: perDay, duration: DAY_SECONDS }, redis)
        : null;
  }

  /**
   * Counts one game for each of `botIds`, all or none: null when every one had a game left,
   * otherwise the limit reached and when the first of them may play a bot again.
   */
  async take(botIds: readonly string[]): Promise<LimitDetails | null> {
    const limiter = this.limiter;
    if (!limiter) return null;
    const done = await consumeAll(botIds.map((key) => ({ limiter, key })));
    if (done.ok) return null;
    this.refused('BOT_GAMES');
    return { reason: 'BOT_GAMES', retryAfter: secondsOf(done.rejection), limit: this.perDay };
  }

  /** Gives back games counted by `take` that did not happen after all (a join refused for another reason). */
  async give(botIds: readonly string[]): Promise<void> {
    const limiter = this.limiter;
    if (!limiter) return;
    await Promise.all(botIds.map((id) => limiter.reward(id, 1)));
  }
}
