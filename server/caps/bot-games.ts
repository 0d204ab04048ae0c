import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitDetails } from '../../src/protocol';
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
  private readonly limiter: RateLimiterMemory | RateLimiterRedis | null;

  constructor(
    readonly perDay: number,
    redis: RedisClient | null,
  ) {
    if (perDay <= 0) {
      this.limiter = null;
      return;
    }
    const options = { keyPrefix: 'broadside:bot-games', points: perDay, duration: DAY_SECONDS };
    this.limiter = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  }

  /**
   * Counts one game for each of `botIds`, all or none: null when every one had a game left,
   * otherwise the limit reached and when the first of them may play a bot again.
   */
  async take(botIds: readonly string[]): Promise<LimitDetails | null> {
    const limiter = this.limiter;
    if (!limiter) return null;
    const taken: string[] = [];
    for (const id of botIds) {
      try {
        await limiter.consume(id);
        taken.push(id);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // The refused point and those taken before it go back: nothing was played.
        await limiter.reward(id, 1);
        await this.give(taken);
        return {
          reason: 'BOT_GAMES',
          retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
          limit: this.perDay,
        };
      }
    }
    return null;
  }

  /** Gives back games counted by `take` that did not happen after all (a join refused for another reason). */
  async give(botIds: readonly string[]): Promise<void> {
    const limiter = this.limiter;
    if (!limiter) return;
    await Promise.all(botIds.map((id) => limiter.reward(id, 1)));
  }
}
