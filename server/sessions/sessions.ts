import type { FastifyBaseLogger } from 'fastify';
import { type Identity, type Tokens, tokenDigest } from '../auth';
import type { SessionStore } from '../db/storage';

/** A caller whose token passed the one identity check: signed, unexpired, not logged out, user still there. */
export interface Session extends Identity {
  /** The token's digest: the name it is revoked under and the socket room of its sockets. */
  readonly digest: string;
  /** When the token expires (epoch ms). */
  readonly expiresAt: number;
  /** True for an admin (docs/deploy.md, "Moderators"): read from the database at every check. */
  readonly admin?: boolean;
}

/** Sessions that just ended: one token, or every token of a user. */
export type SessionsEnded = { readonly token: string } | { readonly userId: string };

/** The socket room of the sockets opened with one token (both namespaces). */
export const tokenRoom = (digest: string): string => `token:${digest}`;
/** The socket room of every socket of one account (both namespaces). */
export const accountRoom = (userId: string): string => `account:${userId}`;

/** Expired revocations are forgotten this often. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The one identity check of every HTTP route and both socket namespaces (docs/protocol.md,
 * "Sessions"), and the logouts that end sessions on the server. A token is refused — the same way
 * everywhere — when its signature or lifetime is wrong, when it was logged out, when its user logged
 * out everywhere after it was issued, or when its user no longer exists. The database is read at
 * every check, so a logout is refused by every node at once; the sockets already open with the
 * token are closed through `ended` listeners (Socket.IO's adapter reaches every node).
 */
export class Sessions {
  private readonly endedListeners = new Set<(ended: SessionsEnded) => void>();
  private readonly purgeTimer: NodeJS.Timeout;

  constructor(
    private readonly tokens: Tokens,
    private readonly store: SessionStore,
    private readonly log: FastifyBaseLogger,
  ) {
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  /** The session of a token, or null when it is refused. */
  async check(token: string | null | undefined): Promise<Session | null> {
    if (!token) return null;
    const verified = this.tokens.verify(token);
    if (!verified) return null;
    const digest = tokenDigest(token);
    const row = await this.store.session(verified.id, digest);
    if (!row || row.revoked) return null;
    if (row.sessionsFrom !== null && verified.issuedAt < row.sessionsFrom) return null;
    // A ban refuses every token of the account until it ends (a lifted ban lets them back in).
    if (row.bannedUntil != null && row.bannedUntil > Date.now()) return null;
    const session: Session = { id: verified.id, username: row.username, digest, expiresAt: verified.expiresAt };
    return {
      ...session,
      ...(row.bot ? { title: 'BOT' as const } : {}),
      ...(row.admin ? { admin: true } : {}),
    };
  }

  /** Logs this token out: refused from now on, its sockets closed. */
  async logOut(session: Session): Promise<void> {
    await this.store.revoke(session.digest, session.id, session.expiresAt);
    this.announce({ token: session.digest });
  }

  /** Logs out every token of the user issued until now, on every device, this one included. */
  async logOutEverywhere(session: Session): Promise<void> {
    // This token by digest too: one issued in the same millisecond would otherwise survive.
    await this.store.revoke(session.digest, session.id, session.expiresAt);
    await this.store.revokeAll(session.id, Date.now());
    this.announce({ userId: session.id });
  }

  /**
   * Ends every session of an account by the server's own decision (a ban, a deleted account, an
   * operator's disconnect): its tokens until now refused, its sockets closed on every node.
   */
  async endAccount(userId: string): Promise<void> {
    await this.store.revokeAll(userId, Date.now());
    this.announce({ userId });
  }

  /** Closes the sockets of an account on every node without refusing its tokens: they may reconnect. */
  disconnectAccount(userId: string): void {
    this.announce({ userId });
  }

  /** Calls `listener` after every logout (the socket namespaces close the sockets concerned). */
  onEnded(listener: (ended: SessionsEnded) => void): void {
    this.endedListeners.add(listener);
  }

  close(): void {
    clearInterval(this.purgeTimer);
  }

  private announce(ended: SessionsEnded): void {
    for (const listener of this.endedListeners) {
      try {
        listener(ended);
      } catch (error) {
        this.log.error({ err: error }, 'closing the sockets of an ended session failed');
      }
    }
  }

  private async purge(): Promise<void> {
    try {
      await this.store.purgeExpired(Date.now());
    } catch (error) {
      this.log.warn({ err: error }, 'forgetting expired revocations failed');
    }
  }
}
