import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatRules, type Rules, type TurnSeconds } from '../../src/game';
import type { ChallengeStatus, DeclineReason } from '../../src/protocol/challenges';
import type { Database } from '../db/schema';
import { rulesOf } from '../db/sql/rooms';

/** A challenge as stored (docs/protocol.md, "Challenges"). */
export interface ChallengeRow {
  readonly id: string;
  readonly challengerId: string;
  readonly challengedId: string;
  readonly rules: Rules;
  readonly turnSeconds: TurnSeconds | null;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly status: ChallengeStatus;
  readonly reason: DeclineReason | null;
  readonly slug: string | null;
}

type Stored = Database['challenges'];

function toChallenge(row: Stored, now: number): ChallengeRow {
  const status = row.status as ChallengeStatus;
  const expiresAt = Number(row.expires_at);
  return {
    id: row.id,
    challengerId: row.challenger_id,
    challengedId: row.challenged_id,
    rules: rulesOf(row.rules),
    turnSeconds: row.turn_seconds === 30 || row.turn_seconds === 60 ? row.turn_seconds : null,
    createdAt: Number(row.created_at),
    expiresAt,
    // A pending challenge past its time is expired, whether or not a node has said so yet.
    status: status === 'pending' && expiresAt <= now ? 'expired' : status,
    reason: (row.reason as DeclineReason | null) ?? null,
    slug: row.room_slug,
  };
}

/**
 * Challenges in SQL, so every node reads the same ones: a challenge made on one node is answered on
 * another. Every change of status is one conditional update (only a pending challenge, not yet
 * expired, changes), so of an accept and a cancel sent at once exactly one wins.
 */
export class ChallengeStore {
  constructor(private readonly db: Kysely<Database>) {}

  async add(
    challengerId: string,
    challengedId: string,
    options: { rules: Rules; turnSeconds: TurnSeconds | null; lifetimeMs: number },
    now = Date.now(),
  ): Promise<ChallengeRow> {
    const row: Stored = {
      id: randomUUID(),
      challenger_id: challengerId,
      challenged_id: challengedId,
      rules: formatRules(options.rules),
      turn_seconds: options.turnSeconds,
      created_at: now,
      expires_at: now + options.lifetimeMs,
      status: 'pending',
      reason: null,
      room_slug: null,
    };
    await this.db.insertInto('challenges').values(row).execute();
    return toChallenge(row, now);
  }

  async get(id: string, now = Date.now()): Promise<ChallengeRow | null> {
    const row = await this.db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toChallenge(row, now) : null;
  }

  /** Pending challenges `userId` received (`incoming`) or sent, oldest first. */
  async pending(userId: string, side: 'incoming' | 'outgoing', now = Date.now()): Promise<ChallengeRow[]> {
    const rows = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where(side === 'incoming' ? 'challenged_id' : 'challenger_id', '=', userId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => toChallenge(row, now));
  }

  /** The pending challenge from `challengerId` to `challengedId`, if any. */
  async pendingBetween(challengerId: string, challengedId: string, now = Date.now()): Promise<ChallengeRow | null> {
    const row = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('challenger_id', '=', challengerId)
      .where('challenged_id', '=', challengedId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? toChallenge(row, now) : null;
  }

  /**
   * Moves a pending challenge, not yet expired, to `status`. False when it was not pending any
   * more (answered, cancelled or expired meanwhile, here or on another node).
   */
  async settle(
    id: string,
    status: Exclude<ChallengeStatus, 'pending' | 'expired'>,
    details: { reason?: DeclineReason; slug?: string } = {},
    now = Date.now(),
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('challenges')
      .set({ status, reason: details.reason ?? null, room_slug: details.slug ?? null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  /** Names the room an accepted challenge made. */
  async attachRoom(id: string, slug: string): Promise<void> {
    await this.db.updateTable('challenges').set({ room_slug: slug }).where('id', '=', id).execute();
  }

  /** An accepted challenge whose room could not be made: cancelled after all. */
  async fail(id: string): Promise<void> {
    await this.db.updateTable('challenges').set({ status: 'cancelled' }).where('id', '=', id).execute();
  }

  /** Marks a pending challenge past its time expired; false when something else happened to it first. */
  async expire(id: string, now = Date.now()): Promise<boolean> {
    const done = await this.db
      .updateTable('challenges')
      .set({ status: 'expired' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  /** Pending challenges whose time is up (a node that died did not expire its own). */
  async overdue(now = Date.now()): Promise<ChallengeRow[]> {
    const rows = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now)
      .limit(500)
      .execute();
    return rows.map((row) => toChallenge(row, now));
  }

  /** Drops challenges answered or expired more than `keepMs` ago: they are of no use once settled. */
  async prune(keepMs: number, now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('challenges')
      .where('status', '!=', 'pending')
      .where('expires_at', '<', now - keepMs)
      .execute();
  }

  /** Pending challenges between `a` and `b`, either way (a block ends them). */
  async pendingOf(a: string, b: string, now = Date.now()): Promise<ChallengeRow[]> {
    const rows = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb.and([eb('challenger_id', '=', a), eb('challenged_id', '=', b)]),
          eb.and([eb('challenger_id', '=', b), eb('challenged_id', '=', a)]),
        ]),
      )
      .execute();
    return rows.map((row) => toChallenge(row, now));
  }

  /** Who may challenge `userId`. */
  async challengesFrom(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('challenges_from').where('id', '=', userId).executeTakeFirst();
    return row?.challenges_from ?? null;
  }

  async setChallengesFrom(userId: string, from: string): Promise<void> {
    await this.db.updateTable('users').set({ challenges_from: from }).where('id', '=', userId).execute();
  }
}
