import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Removes what one capability keeps about a deleted account, inside the deletion's transaction. */
export type DeletionHook = (userId: string, tx: Kysely<Database>) => Promise<void>;
/** One section of an account's export (`GET /users/me/export`): any JSON value. */
export type ExportSection = (userId: string) => Promise<unknown>;

/**
 * What a capability does when an account is deleted or exported (docs/architecture.md, "People and
 * operations: shared pieces"). The accounts plugin owns both: the deletion's one transaction runs
 * every `onDelete` hook with the tombstone, so an account is deleted whole or not at all (friends,
 * friend requests and direct messages go with it: the friends plugin registers that); the export
 * adds every `onExport` section under `more`, by name. A capability registers at its start:
 *
 * ```ts
 * ctx.accountHooks.onDelete((userId, tx) => tx.deleteFrom('friends').where(…).execute().then(() => {}));
 * ctx.accountHooks.onExport('friends', (userId) => friendsOf(userId));
 * ```
 */
export class AccountHooks {
  private readonly deletions: DeletionHook[] = [];
  private readonly sections = new Map<string, ExportSection>();

  onDelete(hook: DeletionHook): void {
    this.deletions.push(hook);
  }

  onExport(name: string, section: ExportSection): void {
    if (this.sections.has(name)) throw new Error(`an export section named "${name}" is registered already`);
    this.sections.set(name, section);
  }

  /** Runs every deletion hook, in registration order, inside `tx`. */
  async deleted(userId: string, tx: Kysely<Database>): Promise<void> {
    for (const hook of this.deletions) await hook(userId, tx);
  }

  /** Every export section, by name. */
  async exported(userId: string): Promise<Record<string, unknown>> {
    const more: Record<string, unknown> = {};
    for (const [name, section] of this.sections) more[name] = await section(userId);
    return more;
  }
}
