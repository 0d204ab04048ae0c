import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitDetails, LimitReason } from '../../src/protocol';
import { type Limiter, makeLimiter, secondsOf } from '../rate-limiter';
import type { RedisClient } from '../redis';

/** At most `points` lines per `seconds` for one account; 0 points: no limit. */
export interface TalkLimitSettings {
  readonly points: number;
  readonly seconds: number;
}

/**
 * How fast one account may talk (docs/deploy.md, "Chat"): a rate-limiter-flexible counter per
 * account, in Redis with REDIS_URL (atomic, so an account talking through sockets on several nodes
 * has one count), in memory otherwise; while Redis is unreachable each node counts on its own.
 * The room's chat counts its lines under the reason `CHAT_LINES`; direct messages may keep their
 * own count under another reason with the same class.
 */
export class TalkLimiter {
  private readonly limiter: Limiter | null;

  constructor(
    private readonly reason: LimitReason,
    private readonly settings: TalkLimitSettings,
    redis: RedisClient | null,
  ) {
    this.limiter =
      settings.points > 0
        ? makeLimiter(
            { keyPrefix: `broadside:talk:${reason}`, points: settings.points, duration: Math.max(1, settings.seconds) },
            redis,
          )
        : null;
  }

  /** Counts one line of `userId`: null when it may be sent, else the limit and when to try again. */
  async take(userId: string): Promise<LimitDetails | null> {
    if (!this.limiter) return null;
    try {
      await this.limiter.consume(userId);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { reason: this.reason, retryAfter: secondsOf(rejection), limit: this.settings.points };
    }
  }
}
