import type { Kysely, Selectable } from 'kysely';
import {
  type Report,
  type ReportCategory,
  REPORT_CATEGORIES,
  type ReportsPage,
  type ReportStatus,
  TranscriptLineSchema,
  type TranscriptLine,
} from '../../src/protocol';
import type { Database } from '../db/schema';

/** Someone as a report names them: kept as they were named when it was filed. */
export interface Named {
  readonly userId: string;
  readonly username: string;
}

/** A report to file: about a player, maybe one line of theirs, with the transcript where it happened. */
export interface NewReport {
  readonly reporter: Named;
  readonly target: Named;
  readonly category: ReportCategory;
  readonly note: string | null;
  readonly context: Report['context'];
  readonly room: string | null;
  readonly gameId: number | null;
  readonly lineId: string | null;
  readonly transcript: readonly TranscriptLine[];
}

type Row = Selectable<Database['reports']>;

const isCategory = (c: string): c is ReportCategory => (REPORT_CATEGORIES as readonly string[]).includes(c);
const statusOf = (s: string): ReportStatus => (s === 'dismissed' || s === 'actioned' ? s : 'open');
const contextOf = (c: string): Report['context'] => (c === 'room' || c === 'conversation' ? c : 'player');

function transcriptOf(json: string): TranscriptLine[] {
  try {
    const parsed = TranscriptLineSchema.array().safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function reportOf(row: Row): Report {
  return {
    id: Number(row.id),
    at: Number(row.at),
    reporter: { userId: row.reporter_id, username: row.reporter_name },
    target: { userId: row.target_id, username: row.target_name },
    category: isCategory(row.category) ? row.category : 'other',
    note: row.note,
    room: row.room_slug,
    gameId: row.game_id === null ? null : Number(row.game_id),
    lineId: row.line_id,
    context: contextOf(row.context),
    transcript: transcriptOf(row.transcript),
    status: statusOf(row.status),
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    resolvedBy:
      row.resolved_by_id === null ? null : { userId: row.resolved_by_id, username: row.resolved_by_name ?? '' },
    resolution: row.resolution,
  };
}

/**
 * Reports (docs/game.md, "Reporting a player"; docs/deploy.md, "Moderators"): a player reports
 * another, or one line of theirs, and the transcript of that game or conversation is kept with the
 * report as it was then — what the moderator reads, even after the lines are gone. A reporter
 * reporting the same line (or the same player, for no line) again while it is open files nothing new.
 */
export class Reports {
  constructor(private readonly db: Kysely<Database>) {}

  /** Files the report; answers its id (the open one already filed for the same thing, if any). */
  async file(report: NewReport, at = Date.now()): Promise<{ id: number; created: boolean }> {
    let same = this.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', report.reporter.userId)
      .where('target_id', '=', report.target.userId)
      .where('status', '=', 'open');
    same = report.lineId === null ? same.where('line_id', 'is', null) : same.where('line_id', '=', report.lineId);
    same = report.room === null ? same.where('room_slug', 'is', null) : same.where('room_slug', '=', report.room);
    const existing = await same.executeTakeFirst();
    if (existing) return { id: Number(existing.id), created: false };
    const row = await this.db
      .insertInto('reports')
      .values({
        at,
        reporter_id: report.reporter.userId,
        reporter_name: report.reporter.username,
        target_id: report.target.userId,
        target_name: report.target.username,
        category: report.category,
        note: report.note,
        context: report.context,
        room_slug: report.room,
        game_id: report.gameId,
        line_id: report.lineId,
        transcript: JSON.stringify(report.transcript),
        resolved_at: null,
        resolved_by_id: null,
        resolved_by_name: null,
        resolution: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), created: true };
  }

  async get(id: number): Promise<Report | null> {
    const row = await this.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? reportOf(row) : null;
  }

  /** Newest first; `before` (a report id) pages back; `status` `all` for every one. */
  async list(query: {
    status: ReportStatus | 'closed' | 'all';
    limit: number;
    before?: number;
    userId?: string;
  }): Promise<Omit<ReportsPage, 'open'>> {
    let select = this.db
      .selectFrom('reports')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.limit + 1);
    if (query.status === 'closed') select = select.where('status', '!=', 'open');
    else if (query.status !== 'all') select = select.where('status', '=', query.status);
    if (query.before !== undefined) select = select.where('id', '<', query.before);
    if (query.userId !== undefined) select = select.where('target_id', '=', query.userId);
    const rows = await select.execute();
    const reports = rows.slice(0, query.limit).map(reportOf);
    const last = reports[reports.length - 1];
    return { reports, next: rows.length > query.limit && last ? last.id : null };
  }

  /** How many reports wait for a moderator (the /admin page's count). */
  async openCount(): Promise<number> {
    const row = await this.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Closes an open report; null when there is no such report, `false` when it was closed already. */
  async resolve(
    id: number,
    by: Named,
    status: 'dismissed' | 'actioned',
    note: string | null,
    at = Date.now(),
  ): Promise<Report | null | false> {
    const result = await this.db
      .updateTable('reports')
      .set({
        status,
        resolved_at: at,
        resolved_by_id: by.userId,
        resolved_by_name: by.username,
        resolution: note,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    const report = await this.get(id);
    if (!report) return null;
    return Number(result.numUpdatedRows) > 0 ? report : false;
  }

  /** The reports an account filed (its export). */
  async filedBy(userId: string): Promise<{ at: number; about: string; category: string; status: string }[]> {
    const rows = await this.db
      .selectFrom('reports')
      .select(['at', 'target_name', 'category', 'status'])
      .where('reporter_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      at: Number(row.at),
      about: row.target_name,
      category: row.category,
      status: row.status,
    }));
  }
}
