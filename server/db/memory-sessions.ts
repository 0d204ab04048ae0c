import type { Tables } from './memory';
import type { SessionRow, SessionStore } from './storage';

/** Sessions in memory (memory.ts): the SQL rules, a revocation belonging to the token's user only. */
export class MemorySessions implements SessionStore {
  constructor(private readonly t: Tables) {}

  async session(userId: string, digest: string): Promise<SessionRow | null> {
    const user = this.t.users.get(userId);
    if (!user) return null;
    return {
      username: user.username,
      sessionsFrom: this.t.sessionsFrom.get(userId) ?? null,
      revoked: this.t.revoked.get(digest)?.userId === userId,
      bot: user.botSince !== null,
      // Roles and bans are kept by the SQL stores' moderation tables only (011): none here.
      admin: false,
      bannedUntil: null,
    };
  }

  async revoke(digest: string, userId: string, expiresAt: number): Promise<void> {
    if (!this.t.revoked.has(digest)) this.t.revoked.set(digest, { userId, expiresAt });
  }

  async revokeAll(userId: string, from: number): Promise<void> {
    if (this.t.users.has(userId)) this.t.sessionsFrom.set(userId, from);
  }

  async purgeExpired(now: number): Promise<number> {
    let purged = 0;
    for (const [digest, { expiresAt }] of this.t.revoked) {
      if (expiresAt < now && this.t.revoked.delete(digest)) purged++;
    }
    return purged;
  }
}
