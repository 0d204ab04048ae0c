import type { LimitDetails, LimitReason } from '../../src/protocol';
import { consumeAll, type Limiter, makeLimiter, secondsOf } from '../rate-limiter';
import type { RedisClient } from '../redis';
import { type LeaseBook, MemoryLeaseBook, RedisLeaseBook } from './lease-book';

/** The per-account caps that count what an account holds at once (docs/deploy.md, "Accounts and fair play"). */
export type CapKind = Extract<LimitReason, 'WAITING_ROOMS' | 'PUBLIC_ROOMS' | 'COMPUTER_GAMES' | 'SPECTATOR_SOCKETS'>;

export interface AccountCapSettings {
  /** 0 = no cap. */
  readonly maxWaitingRooms: number;
  readonly maxPublicRooms: number;
  readonly maxComputerGames: number;
  readonly maxSpectatorSockets: number;
  /** The longest a held thing counts if its release never comes (a node that died): seconds. */
  readonly capHoldSeconds: number;
}

/**
 * Per-account caps on rate-limiter-flexible: a point is consumed when the account takes a thing
 * (a room waiting for its game, a public room, a computer game, a spectator socket) and rewarded
 * when it gives it back, so the count is what the account holds now. Counters live in Redis with
 * REDIS_URL (atomic, shared by every node), in memory otherwise. A point that is never given back
 * (its node died) is forgotten with the counter's window (`capHoldSeconds`); each lease is
 * recorded in a LeaseBook with the time left in that window, so a release after the window is a
 * no-op and the count never goes below what is held.
 */
export class AccountCaps {
  private readonly limiters = new Map<CapKind, { points: number; limiter: Limiter }>();
  private readonly leases: LeaseBook;

  constructor(
    settings: AccountCapSettings,
    redis: RedisClient | null,
    /** Told of every refusal (the metrics count them by reason). */
    private readonly refused: (reason: CapKind) => void = () => undefined,
  ) {
    const duration = Math.max(1, settings.capHoldSeconds);
    const add = (kind: CapKind, points: number): void => {
      if (points <= 0) return;
      const limiter = makeLimiter({ keyPrefix: `broadside:cap:${kind}`, points, duration }, redis);
      this.limiters.set(kind, { points, limiter });
    };
    add('WAITING_ROOMS', settings.maxWaitingRooms);
    add('PUBLIC_ROOMS', settings.maxPublicRooms);
    add('COMPUTER_GAMES', settings.maxComputerGames);
    add('SPECTATOR_SOCKETS', settings.maxSpectatorSockets);
    this.leases = redis ? new RedisLeaseBook(redis) : new MemoryLeaseBook();
  }

  /**
   * Takes one of each `kinds` for the account, all or none: a ticket to name once the thing exists
   * (`holdAs`, with a room's slug or a socket's id) or to give back (`cancel`); otherwise the limit
   * reached and how long to wait at most.
   */
  async take(kinds: readonly CapKind[], userId: string): Promise<CapTicket | LimitDetails> {
    const caps = kinds.flatMap((kind) => {
      const cap = this.limiters.get(kind);
      return cap ? [{ kind, ...cap, key: userId }] : [];
    });
    const done = await consumeAll(caps);
    if (!done.ok) {
      const refused = caps[done.index];
      if (!refused) throw new Error('consumeAll refused an item it was not given');
      this.refused(refused.kind);
      return { reason: refused.kind, retryAfter: secondsOf(done.rejection), limit: refused.points };
    }
    const taken = caps.map((cap, i) => ({ kind: cap.kind, ttlMs: done.results[i]?.msBeforeNext ?? 0 }));
    return new CapTicket(
      taken,
      (kind, id, ttlMs) => this.leases.put(`${kind}:${id}`, userId, ttlMs),
      (kind) => this.limiters.get(kind)?.limiter.reward(userId, 1),
    );
  }

  /** Gives back the lease `id` of `kind`, once; nothing when it was given back already or has expired. */
  async give(kind: CapKind, id: string): Promise<void> {
    const cap = this.limiters.get(kind);
    if (!cap) return;
    const userId = await this.leases.take(`${kind}:${id}`);
    if (userId !== null) await cap.limiter.reward(userId, 1);
  }
}

/** What `take` took, waiting for the name it is held under. */
export class CapTicket {
  constructor(
    private readonly taken: readonly { readonly kind: CapKind; readonly ttlMs: number }[],
    private readonly record: (kind: CapKind, id: string, ttlMs: number) => Promise<void>,
    private readonly giveBack: (kind: CapKind) => Promise<unknown> | undefined,
  ) {}

  /** Holds everything taken under `id`, until given back by `AccountCaps.give` or the window's end. */
  async holdAs(id: string): Promise<void> {
    await Promise.all(this.taken.map((t) => this.record(t.kind, id, t.ttlMs)));
  }

  /** Gives everything back at once (the thing was not made after all). */
  async cancel(): Promise<void> {
    await Promise.all(this.taken.map((t) => this.giveBack(t.kind)));
  }
}
