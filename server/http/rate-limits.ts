import { RateLimiterRes } from 'rate-limiter-flexible';
import { type Limiter, makeLimiter, secondsOf } from '../rate-limiter';
import type { RedisClient } from '../redis';

/**
 * Brute-force protection for the auth routes, on rate-limiter-flexible (atomic counters in Redis
 * shared by every node, or in this process's memory without REDIS_URL). Counts failed logins per
 * account and per address, and sign-up attempts per address; a blocked caller is told how many
 * seconds to wait (Retry-After). A successful login costs nothing and clears its account's count.
 */
export interface AuthLimitSettings {
  readonly loginFailuresPerAccount: number;
  readonly loginFailuresPerAddress: number;
  readonly loginFailureWindowSeconds: number;
  readonly signUpsPerAddress: number;
  readonly signUpWindowSeconds: number;
}

/** One counter: at most `points` events per window and key. */
interface Counter {
  readonly points: number;
  readonly limiter: Limiter;
}

export class AuthLimits {
  private readonly accountFailures: Counter | null;
  private readonly addressFailures: Counter | null;
  private readonly signUps: Counter | null;

  constructor(
    settings: AuthLimitSettings,
    redis: RedisClient | null,
    /** Told of every refusal (the metrics count them by reason). */
    private readonly refused: (reason: 'LOGIN_FAILURES' | 'SIGN_UPS') => void = () => undefined,
  ) {
    const counter = (name: string, points: number, duration: number): Counter | null => {
      if (points <= 0) return null;
      return { points, limiter: makeLimiter({ keyPrefix: `broadside:limit:${name}`, points, duration }, redis) };
    };
    const window = settings.loginFailureWindowSeconds;
    this.accountFailures = counter('login-account', settings.loginFailuresPerAccount, window);
    this.addressFailures = counter('login-address', settings.loginFailuresPerAddress, window);
    this.signUps = counter('signup-address', settings.signUpsPerAddress, settings.signUpWindowSeconds);
  }

  /** Seconds until a login for this account from this address may be tried, or null when it may now. */
  async loginBlocked(account: string, address: string): Promise<number | null> {
    const waits = await Promise.all([
      this.exhausted(this.accountFailures, account),
      this.exhausted(this.addressFailures, address),
    ]);
    const longest = Math.max(...waits.map((w) => w ?? 0));
    if (longest <= 0) return null;
    this.refused('LOGIN_FAILURES');
    return longest;
  }

  async loginFailed(account: string, address: string): Promise<void> {
    await Promise.all([this.count(this.accountFailures, account), this.count(this.addressFailures, address)]);
  }

  /** The account's failures are forgotten; the address's are not (one address may try many accounts). */
  async loginSucceeded(account: string): Promise<void> {
    await this.accountFailures?.limiter.delete(account);
  }

  /** Counts one sign-up attempt; returns the seconds to wait when the address has used them all. */
  async signUp(address: string): Promise<number | null> {
    if (!this.signUps) return null;
    try {
      await this.signUps.limiter.consume(address);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      this.refused('SIGN_UPS');
      return secondsOf(rejection);
    }
  }

  private async exhausted(counter: Counter | null, key: string): Promise<number | null> {
    if (!counter) return null;
    const res = await counter.limiter.get(key);
    return res && res.consumedPoints >= counter.points ? secondsOf(res) : null;
  }

  private async count(counter: Counter | null, key: string): Promise<void> {
    if (!counter) return;
    // penalty() adds a point without refusing past the limit: the refusal is loginBlocked's job.
    await counter.limiter.penalty(key);
  }
}
