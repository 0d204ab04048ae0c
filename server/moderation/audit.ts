import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntry, AuditPage } from '../../src/protocol';
import type { Database } from '../db/schema';

/** Who acted: an account (a moderator or operator), or null for the server itself / the command line. */
export interface Actor {
  readonly id: string | null;
  readonly username: string;
}

/** The server itself, when it acts on its own (ADMIN_EMAILS at start). */
export const SERVER_ACTOR: Actor = { id: null, username: 'server' };

export interface AuditRecord {
  readonly actor: Actor;
  /** What was done, a stable word (src/protocol/moderation.ts). */
  readonly action: AuditAction;
  readonly target?: {
    readonly userId?: string | null;
    readonly username?: string | null;
    readonly room?: string | null;
  };
  readonly reason?: string | null;
  readonly details?: Readonly<Record<string, unknown>> | null;
}

/**
 * The audit log (docs/deploy.md, "Audit log"): every moderator and operator action, who did it,
 * to whom, when and why. Rows are only ever added; names are kept as they were at the time, so the
 * log still reads after an account is renamed or deleted.
 */
export class Audit {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: AuditRecord, at = Date.now()): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        at,
        actor_id: entry.actor.id,
        actor_name: entry.actor.username,
        action: entry.action,
        target_user_id: entry.target?.userId ?? null,
        target_name: entry.target?.username ?? null,
        target_room: entry.target?.room ?? null,
        reason: entry.reason ?? null,
        details: entry.details ? JSON.stringify(entry.details) : null,
      })
      .execute();
  }

  /** Newest first; `before` (an entry id) pages back; `userId` and `action` narrow it. */
  async list(query: { limit: number; before?: number; userId?: string; action?: string }): Promise<AuditPage> {
    let select = this.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.limit + 1);
    if (query.before !== undefined) select = select.where('id', '<', query.before);
    if (query.userId !== undefined) select = select.where('target_user_id', '=', query.userId);
    if (query.action !== undefined) select = select.where('action', '=', query.action);
    const rows = await select.execute();
    const page = rows.slice(0, query.limit);
    const entries = page.map(
      (row): AuditEntry => ({
        id: Number(row.id),
        at: Number(row.at),
        actor: { userId: row.actor_id, username: row.actor_name },
        action: row.action,
        target: { userId: row.target_user_id, username: row.target_name, room: row.target_room },
        reason: row.reason,
        details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
      }),
    );
    const last = entries[entries.length - 1];
    return { entries, next: rows.length > query.limit && last ? last.id : null };
  }
}
