import type { Kysely } from 'kysely';
import { type AuditAction, BAN_FOREVER, type ModerationStatus, type Role } from '../../src/protocol';
import type { Database } from '../db/schema';
import type { Sessions } from '../sessions/sessions';
import { type Actor, type Audit, SERVER_ACTOR } from './audit';

/** A ban in force: until when (BAN_FOREVER: until lifted) and why. */
export interface ActiveBan {
  readonly until: number;
  readonly reason: string;
}

/** An action on an account that does not exist answers this (the routes turn it into 404). */
export const NO_SUCH_ACCOUNT = 'NO_SUCH_ACCOUNT';

/**
 * Roles, bans and mutes (docs/deploy.md, "Moderators"). The operator names the first admins with
 * ADMIN_EMAILS (made admins at start and at sign-up); admins name others from the console. A ban
 * refuses every token of the account at the next check on every node (server/sessions/sessions.ts
 * reads it) and closes its sockets now; a mute keeps the account from talking (chat, messages).
 * Every change is written to the audit log with who made it and why.
 */
export class Moderation {
  private readonly admins: ReadonlySet<string>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: Audit,
    private readonly sessions: Sessions,
    adminEmails: readonly string[],
  ) {
    this.admins = new Set(adminEmails.map((email) => email.toLowerCase()));
  }

  /** Makes admins of the accounts of ADMIN_EMAILS that are not yet (at start). */
  async nameAdmins(): Promise<void> {
    if (this.admins.size === 0) return;
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where('role', '!=', 'admin')
      .execute();
    for (const row of rows) {
      if (this.admins.has(row.email.toLowerCase())) await this.promote(row.id, row.username);
    }
  }

  /** A new account whose e-mail is in ADMIN_EMAILS is an admin from the start. */
  async signedUp(userId: string, username: string, email: string): Promise<void> {
    if (this.admins.has(email.toLowerCase())) await this.promote(userId, username);
  }

  private async promote(userId: string, username: string): Promise<void> {
    await this.db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).execute();
    await this.audit.record({
      actor: SERVER_ACTOR,
      action: 'role',
      target: { userId, username },
      reason: 'ADMIN_EMAILS',
      details: { role: 'admin' },
    });
  }

  /** The account as a moderator sees it, or null when there is none. */
  async status(userId: string): Promise<ModerationStatus | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'role', 'banned_until', 'ban_reason', 'muted_until'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const now = Date.now();
    const bannedUntil = row.banned_until === null ? null : Number(row.banned_until);
    const mutedUntil = row.muted_until === null ? null : Number(row.muted_until);
    return {
      userId: row.id,
      username: row.username,
      role: row.role === 'admin' ? 'admin' : 'player',
      bannedUntil: bannedUntil !== null && bannedUntil > now ? bannedUntil : null,
      banReason: bannedUntil !== null && bannedUntil > now ? row.ban_reason : null,
      mutedUntil: mutedUntil !== null && mutedUntil > now ? mutedUntil : null,
    };
  }

  /** The ban in force on the account, if any (the login route tells the player). */
  async activeBan(userId: string): Promise<ActiveBan | null> {
    const status = await this.status(userId);
    return status?.bannedUntil != null ? { until: status.bannedUntil, reason: status.banReason ?? '' } : null;
  }

  /** Until when the account may not talk (an admin's mute), or null. */
  async mutedUntil(userId: string): Promise<number | null> {
    return (await this.status(userId))?.mutedUntil ?? null;
  }

  /** Bans for `minutes` (until lifted when absent): no login, every token refused, sockets closed on every node. */
  async ban(actor: Actor, userId: string, minutes: number | undefined, reason: string): Promise<ModerationStatus> {
    const until = minutes === undefined ? BAN_FOREVER : Date.now() + minutes * 60_000;
    const status = await this.act(actor, userId, { banned_until: until, ban_reason: reason }, 'ban', reason, {
      until: until === BAN_FOREVER ? null : until,
    });
    await this.sessions.endAccount(userId);
    return status;
  }

  unban(actor: Actor, userId: string, reason: string | null): Promise<ModerationStatus> {
    return this.act(actor, userId, { banned_until: null, ban_reason: null }, 'unban', reason);
  }

  mute(actor: Actor, userId: string, minutes: number, reason: string): Promise<ModerationStatus> {
    const until = Date.now() + minutes * 60_000;
    return this.act(actor, userId, { muted_until: until }, 'mute', reason, { until });
  }

  unmute(actor: Actor, userId: string, reason: string | null): Promise<ModerationStatus> {
    return this.act(actor, userId, { muted_until: null }, 'unmute', reason);
  }

  setRole(actor: Actor, userId: string, role: Role, reason: string): Promise<ModerationStatus> {
    return this.act(actor, userId, { role }, 'role', reason, { role });
  }

  /** One moderator's action: the columns written, then the audit line naming the account. */
  private async act(
    actor: Actor,
    userId: string,
    set: Parameters<Moderation['change']>[1],
    action: AuditAction,
    reason: string | null,
    details?: Readonly<Record<string, unknown>>,
  ): Promise<ModerationStatus> {
    const status = await this.change(userId, set);
    await this.audit.record({ actor, action, target: { userId, username: status.username }, reason, details });
    return status;
  }

  /** Writes the columns, then answers the account's status; NO_SUCH_ACCOUNT when there is none. */
  private async change(
    userId: string,
    set: { banned_until?: number | null; ban_reason?: string | null; muted_until?: number | null; role?: Role },
  ): Promise<ModerationStatus> {
    const result = await this.db.updateTable('users').set(set).where('id', '=', userId).executeTakeFirst();
    const status = Number(result.numUpdatedRows) > 0 ? await this.status(userId) : null;
    if (!status) throw new Error(NO_SUCH_ACCOUNT);
    return status;
  }
}
