import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClient } from './redis';

/** A rate-limiter-flexible counter, in Redis or in this process's memory. */
export type Limiter = RateLimiterMemory | RateLimiterRedis;

/** At most `points` per `duration` seconds and key; keys are stored under `keyPrefix`. */
export interface LimiterOptions {
  readonly keyPrefix: string;
  readonly points: number;
  readonly duration: number;
}

/**
 * One counter for the server's limits and caps (login failures, sign-ups, per-account caps, bot
 * games): in Redis with REDIS_URL (atomic, shared by every node), in memory otherwise. While Redis
 * is unreachable each node keeps counting on its own (the insurance limiter) instead of failing
 * the request that asked.
 */
export function makeLimiter(options: LimiterOptions, redis: RedisClient | null): Limiter {
  if (!redis) return new RateLimiterMemory({ ...options });
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ ...options }),
  });
}

/** Seconds to wait before trying again, at least 1. */
export const secondsOf = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** What `consumeAll` did: one result per item, or the first item refused (nothing is kept then). */
export type Consumed =
  | { readonly ok: true; readonly results: readonly RateLimiterRes[] }
  | { readonly ok: false; readonly index: number; readonly rejection: RateLimiterRes };

/**
 * Consumes one point of each item, all or none: at the first refusal the refused point and those
 * taken before it go back (a refused consume still counts its point in rate-limiter-flexible), so
 * the counts stay what was really taken. Errors other than a refusal are thrown.
 */
export async function consumeAll(
  items: readonly { readonly limiter: Limiter; readonly key: string }[],
): Promise<Consumed> {
  const results: RateLimiterRes[] = [];
  for (const [index, item] of items.entries()) {
    try {
      results.push(await item.limiter.consume(item.key));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      await Promise.all(items.slice(0, index + 1).map((taken) => taken.limiter.reward(taken.key, 1)));
      return { ok: false, index, rejection };
    }
  }
  return { ok: true, results };
}
