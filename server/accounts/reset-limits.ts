import { RateLimiterRes } from 'rate-limiter-flexible';
import { type Limiter, makeLimiter, secondsOf } from '../rate-limiter';
import type { RedisClient } from '../redis';

/** Reset e-mails one address (e-mail) receives per hour at most; the requests past it send nothing. */
export const RESET_MAILS_PER_ACCOUNT = 3;
const HOUR = 3600;

/**
 * How often a password reset may be asked (docs/protocol.md, "Password reset"), in Redis across
 * nodes or in memory: requests per client address (PASSWORD_RESETS_PER_ADDRESS an hour, then 429),
 * and e-mails per e-mail address (three an hour, so nobody's mailbox is flooded). The second is
 * silent: the answer is the same as ever, so it tells nothing about which e-mails are registered.
 */
export class ResetLimits {
  private readonly addresses: Limiter | null;
  private readonly mailboxes: Limiter;

  constructor(perAddress: number, redis: RedisClient | null) {
    this.addresses =
      perAddress > 0
        ? makeLimiter({ keyPrefix: 'broadside:limit:reset-address', points: perAddress, duration: HOUR }, redis)
        : null;
    this.mailboxes = makeLimiter(
      { keyPrefix: 'broadside:limit:reset-mailbox', points: RESET_MAILS_PER_ACCOUNT, duration: HOUR },
      redis,
    );
  }

  /** Counts one request from `address`; the seconds to wait when it has used them all, else null. */
  async request(address: string): Promise<number | null> {
    return this.addresses ? consumed(this.addresses, address) : null;
  }

  /** Counts one e-mail to `email`; false when that mailbox had its share for the hour. */
  async mail(email: string): Promise<boolean> {
    return (await consumed(this.mailboxes, email.toLowerCase())) === null;
  }
}

async function consumed(limiter: Limiter, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return secondsOf(rejection);
    throw rejection;
  }
}
