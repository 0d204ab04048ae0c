import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GameIdParamSchema,
  type Report,
  ReportBodySchema,
  ReportsQuerySchema,
  ResolveReportBodySchema,
  type TranscriptLine,
  UserIdParamSchema,
} from '../../src/protocol';
import type { ServerContext } from '../context';
import { messages, sendError } from '../http/errors';
import { limitReached } from '../http/limit-reply';
import { requireAdmin } from '../moderation/require-admin';
import type { Session } from '../sessions/sessions';
import type { ChatStore } from './chat-store';
import { moveAt } from './line-moves';
import { spectatorReading } from './room-chat';
import type { Mutes } from './mutes';
import type { Reports } from './reports';
import type { TalkLimiter } from './talk-limiter';
import type { TranscriptSources } from './transcripts';

type UserParams = { Params: { id: string } };
type GameParams = { Params: { gameId: string } };

interface Deps {
  readonly ctx: ServerContext;
  readonly store: ChatStore;
  readonly mutes: Mutes;
  readonly reports: Reports;
  readonly reportLimiter: TalkLimiter;
  readonly transcripts: TranscriptSources;
}

/** How many lines of a room a report keeps when the room has no round yet, or none is named. */
const TRANSCRIPT_LINES = 200;

/**
 * The chat's HTTP routes (docs/protocol.md, "Chat" and "Moderation"): a player's own mutes, a
 * finished game's lines beside its replay, reports, and the moderators' reading and closing of them.
 * Bodies and parameters are validated with src/protocol; nobody mutes or reports themselves.
 */
export function registerChatRoutes(app: FastifyInstance, deps: Deps): void {
  const { ctx, store, mutes, reports, reportLimiter, transcripts } = deps;
  const { identify, audit } = ctx;

  /** The other account named in the path, or null with the error sent (400 bad id or oneself, 404 none). */
  const otherAccount = async (
    request: FastifyRequest<UserParams>,
    reply: FastifyReply,
    me: Session,
    what: string,
  ): Promise<{ id: string; username: string } | null> => {
    const id = UserIdParamSchema.safeParse(request.params.id);
    if (!id.success) {
      sendError(reply, 400, messages(id.error));
      return null;
    }
    if (id.data === me.id) {
      sendError(reply, 400, `You cannot ${what} yourself`);
      return null;
    }
    const user = await ctx.store.users.findUserById(id.data);
    if (!user) {
      sendError(reply, 404, 'No such player');
      return null;
    }
    return { id: user.id, username: user.username };
  };

  app.get('/users/me/mutes', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    return { muted: await mutes.list(me.id) };
  });

  app.post<UserParams>('/users/:id/mute', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const other = await otherAccount(request, reply, me, 'mute');
    if (!other) return reply;
    await mutes.mute(me.id, other.id);
    return reply.code(201).send({ userId: other.id, username: other.username });
  });

  app.delete<UserParams>('/users/:id/mute', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const id = UserIdParamSchema.safeParse(request.params.id);
    if (!id.success) return sendError(reply, 400, messages(id.error));
    return (await mutes.unmute(me.id, id.data)) ? {} : sendError(reply, 404, 'This player is not muted');
  });

  // A finished game's lines, beside its replay: its players read theirs and the spectators'; anyone
  // else (anyone logged in may watch a game) what a spectator read; moderators everything.
  app.get<GameParams>('/games/:gameId/chat', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const id = GameIdParamSchema.safeParse(request.params.gameId);
    if (!id.success)
      return sendError(reply, 400, `game id must be a positive whole number, not "${request.params.gameId}"`);
    const record = await ctx.store.history.record(id.data);
    if (record === 'NOT_FOUND') return sendError(reply, 404, `No game ${id.data}`);
    if (record === 'NOT_FINISHED') return sendError(reply, 409, `Game ${id.data} is not finished`);
    const player = record.players.some((p) => p.userId === me.id);
    const reading = player
      ? { readerId: me.id, spectator: false, spectatorsUntil: Number.MAX_SAFE_INTEGER }
      : me.admin
        ? { readerId: null, spectator: false, spectatorsUntil: null }
        : spectatorReading(me.id, ctx.config.chatSpectatorsReadPlayers);
    const [chat, times] = await Promise.all([store.ofGame(id.data, reading), store.shotTimes(id.data)]);
    const lines = (chat?.lines ?? []).map((line) => ({ ...line, move: moveAt(times, line.at) }));
    return { gameId: id.data, lines };
  });

  app.post('/reports', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const body = ReportBodySchema.safeParse(request.body ?? undefined);
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const { userId, category, note, room, lineId, conversation } = body.data;
    if (userId === me.id) return sendError(reply, 400, 'You cannot report yourself');
    if (room !== undefined && conversation)
      return sendError(reply, 400, 'A report is about a room or a conversation, not both');
    if (lineId !== undefined && room === undefined) return sendError(reply, 400, 'A reported line needs its room');
    const target = await ctx.store.users.findUserById(userId);
    if (!target) return sendError(reply, 404, 'No such player');

    let context: Report['context'] = 'player';
    let transcript: TranscriptLine[] = [];
    let gameId: number | null = null;
    if (room !== undefined) {
      const facts = await store.roomFacts(room);
      if (!facts) return sendError(reply, 404, `No room ${room}`);
      const line = lineId === undefined ? null : await store.line(room, lineId);
      if (lineId !== undefined && (!line || line.from.userId !== userId))
        return sendError(reply, 400, `Line ${lineId} is not a line of this player in room ${room}`);
      const isMember = facts.members.some((m) => m.userId === me.id);
      // Anyone watching read the spectators' lines (and the players' where the server shows them to
      // spectators); otherwise the players' lines are the players' own.
      const readable = line?.channel === 'spectators' || (line !== null && ctx.config.chatSpectatorsReadPlayers);
      if (!isMember && !readable && !(await store.hasSaid(room, me.id, facts.gameId, null)))
        return sendError(reply, 403, 'Only someone who was in the room can report what was said there');
      context = 'room';
      gameId = line ? line.gameId : facts.gameId;
      const everything = { readerId: null, spectator: false, spectatorsUntil: null };
      transcript =
        gameId === null
          ? await store.recent(room, everything, TRANSCRIPT_LINES)
          : ((await store.ofGame(gameId, everything))?.lines ?? []);
    } else if (conversation) {
      const source = transcripts.get('conversation');
      if (!source) return sendError(reply, 400, 'This server has no conversations to report');
      context = 'conversation';
      transcript = await source(me.id, userId);
    }

    const limited = await reportLimiter.take(me.id);
    if (limited) return limitReached(reply, limited);
    const filed = await reports.file({
      reporter: { userId: me.id, username: me.username },
      target: { userId: target.id, username: target.username },
      category,
      note: note ?? null,
      context,
      room: room ?? null,
      gameId,
      lineId: lineId ?? null,
      transcript,
    });
    return reply.code(filed.created ? 201 : 200).send({ id: filed.id });
  });

  // Moderators: the reports, each with its transcript, and closing them (audited).
  app.get('/admin/reports', async (request, reply) => {
    if (!(await requireAdmin(identify, request, reply))) return reply;
    const query = ReportsQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return sendError(reply, 400, messages(query.error));
    const [page, open] = await Promise.all([reports.list(query.data), reports.openCount()]);
    return { ...page, open };
  });

  const reportOf = async (request: FastifyRequest<UserParams>, reply: FastifyReply): Promise<number | null> => {
    const id = GameIdParamSchema.safeParse(request.params.id);
    if (id.success) return id.data;
    sendError(reply, 400, `report id must be a positive whole number, not "${request.params.id}"`);
    return null;
  };

  app.get<UserParams>('/admin/reports/:id', async (request, reply) => {
    if (!(await requireAdmin(identify, request, reply))) return reply;
    const id = await reportOf(request, reply);
    if (id === null) return reply;
    return (await reports.get(id)) ?? sendError(reply, 404, `No report ${id}`);
  });

  app.post<UserParams>('/admin/reports/:id/resolve', async (request, reply) => {
    const admin = await requireAdmin(identify, request, reply);
    if (!admin) return reply;
    const id = await reportOf(request, reply);
    if (id === null) return reply;
    const body = ResolveReportBodySchema.safeParse(request.body ?? undefined);
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const by = { userId: admin.id, username: admin.username };
    const report = await reports.resolve(id, by, body.data.status, body.data.note ?? null);
    if (report === null) return sendError(reply, 404, `No report ${id}`);
    if (report === false) return sendError(reply, 409, `Report ${id} is closed already`);
    await audit.record({
      actor: { id: admin.id, username: admin.username },
      action: 'report',
      target: { userId: report.target.userId, username: report.target.username, room: report.room },
      reason: body.data.note ?? null,
      details: { report: id, status: body.data.status, category: report.category },
    });
    return report;
  });
}
