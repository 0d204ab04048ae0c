import type { FastifyInstance, FastifyReply } from 'fastify';
import { viewAfter } from '../../src/bots/analysis';
import { placementInsight } from '../../src/bots/analysis/placement';
import { CLASSIC_RULES, GRID_SIZE, type ShipMap, turnShots } from '../../src/game';
import { GameIdParamSchema, RulesQuerySchema, SlugSchema, UserIdParamSchema } from '../../src/protocol';
import { type AnalysisPending, AnalysisQuerySchema, type Insights } from '../../src/protocol/analysis';
import type { HistoryStore } from '../db/storage';
import { messages, sendError } from '../http/errors';
import type { Identify } from '../http/identify';
import { limitReached } from '../http/limit-reply';
import type { AnalysisJobs, StartAnswer } from './jobs';
import type { AnalysisStore } from './store';
import type { AnalysisWorkers } from './workers';
import { z } from 'zod';

export interface AnalysisRouteDeps {
  readonly identify: Identify;
  readonly history: HistoryStore;
  readonly store: AnalysisStore;
  readonly jobs: AnalysisJobs;
  readonly workers: AnalysisWorkers;
  /** Boards a hint samples when it cannot count (fewer than a review: it answers a click). */
  readonly hintSamples: number;
  /** Hints computing at once on this node; past it, 503. */
  readonly hintsAtOnce: number;
}

/** How many of a player's latest games their insights show. */
export const INSIGHT_GAMES = 50;
/** How many of their latest fleets the placement heat map counts. */
export const INSIGHT_FLEETS = 100;

const InsightsQuerySchema = z.strictObject({ rules: RulesQuerySchema.optional() });

function pendingReply(reply: FastifyReply, pending: AnalysisPending): FastifyReply {
  return reply.code(202).header('retry-after', String(pending.retryAfter)).send(pending);
}

function busyReply(reply: FastifyReply, retryAfter: number, what: string): FastifyReply {
  reply.header('retry-after', String(retryAfter));
  return sendError(reply, 503, `The server is busy with other ${what}: try again in ${retryAfter} seconds`);
}

/** The answer to a start, as HTTP. */
function startReply(reply: FastifyReply, answer: StartAnswer): FastifyReply {
  if (answer.kind === 'pending') return pendingReply(reply, answer.pending);
  if (answer.kind === 'account')
    return limitReached(reply, { reason: 'ANALYSES', retryAfter: answer.retryAfter, limit: answer.limit });
  return busyReply(reply, answer.retryAfter, 'analyses');
}

/**
 * Issue 33's routes (docs/protocol.md, "Analysis"): a finished game's analysis, computed once in
 * the analysis pool and kept; a hint in a game against the computer; a player's insights.
 */
export function registerAnalysisRoutes(app: FastifyInstance, deps: AnalysisRouteDeps): void {
  const { identify, history, store, jobs, workers } = deps;
  const hinting = new Set<string>();

  app.get<{ Params: { gameId: string } }>('/games/:gameId/analysis', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const id = GameIdParamSchema.safeParse(request.params.gameId);
    if (!id.success)
      return sendError(reply, 400, `game id must be a positive whole number, not "${request.params.gameId}"`);
    const gameId = id.data;
    const query = AnalysisQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return sendError(reply, 400, messages(query.error));
    const stored = await store.get(gameId);
    if (stored) return { status: 'done', gameId, computedAt: stored.computedAt, analysis: stored.analysis };
    const under = jobs.pending(gameId);
    if (under) return pendingReply(reply, under);
    const record = await history.record(gameId);
    if (record === 'NOT_FOUND') return sendError(reply, 404, `No game ${gameId}`);
    if (record === 'NOT_FINISHED')
      return sendError(reply, 409, `Game ${gameId} is not over: a game is analysed once it has ended`);
    const failed = jobs.failure(gameId);
    if (failed) return sendError(reply, 422, `Game ${gameId} cannot be analysed: ${failed}`);
    if (query.data.start === '0') return { status: 'none', gameId };
    return startReply(reply, jobs.start(gameId, record, me.id));
  });

  app.get<{ Params: { slug: string } }>('/rooms/:slug/hint', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const slug = SlugSchema.safeParse(request.params.slug);
    if (!slug.success) return sendError(reply, 400, 'room id is required');
    const game = await store.liveGame(slug.data);
    if (!game) return sendError(reply, 404, `No game in room ${slug.data}`);
    const mine = game.players.find((p) => p.userId === me.id);
    if (!mine) return sendError(reply, 403, 'Only a player of this game may ask for a hint');
    const opponent = game.players.find((p) => p.userId !== me.id);
    if (!opponent || opponent.bot === null)
      return sendError(reply, 403, 'Hints are for games against the computer only: between people, think for yourself');
    if (game.ended) return sendError(reply, 409, 'The game is over: review it instead');
    if (!mine.fleet || !opponent.fleet)
      return sendError(reply, 409, 'The game has not started: place your fleet first');
    if (hinting.has(me.id)) return limitReached(reply, { reason: 'HINTS', retryAfter: 1, limit: 1 });
    if (hinting.size >= deps.hintsAtOnce) return busyReply(reply, 2, 'hints');
    const source = {
      rules: game.rules,
      players: [
        { userId: me.id, fleet: mine.fleet },
        { userId: opponent.userId, fleet: opponent.fleet as ShipMap },
      ],
      shots: game.shots,
    };
    const fired = new Set(game.shots.filter((s) => s.shooterId === me.id).map((s) => s.y * GRID_SIZE + s.x));
    const taken = new Set(game.shots.filter((s) => s.shooterId !== me.id).map((s) => s.y * GRID_SIZE + s.x));
    const count = turnShots({
      rules: game.rules,
      fleet: mine.fleet,
      shotsAtFleet: taken,
      unshotTargets: GRID_SIZE * GRID_SIZE - fired.size,
    });
    hinting.add(me.id);
    try {
      const result = await workers.run({
        kind: 'hint',
        view: viewAfter(source, me.id),
        count: Math.max(1, count),
        seed: Math.floor(Math.random() * 2 ** 32),
        samples: deps.hintSamples,
      });
      if (result.kind !== 'hint' || !result.hint) return sendError(reply, 409, 'No fleet explains this board');
      return result.hint;
    } finally {
      hinting.delete(me.id);
    }
  });

  app.get<{ Params: { userId: string } }>('/users/:userId/insights', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const param = UserIdParamSchema.safeParse(request.params.userId);
    if (!param.success) return sendError(reply, 400, messages(param.error));
    const query = InsightsQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return sendError(reply, 400, messages(query.error));
    const userId = param.data === 'me' ? me.id : param.data;
    if (!(await history.user(userId))) return sendError(reply, 404, 'No such user');
    const rules = query.data.rules ?? CLASSIC_RULES;
    const [games, fleets] = await Promise.all([
      store.playedGames(userId, rules, INSIGHT_GAMES),
      store.fleets(userId, rules, INSIGHT_FLEETS),
    ]);
    // The owner's own visit fills in their latest games' analyses, a few at a time (their share of
    // the queue, its first half only): the figures grow visit after visit without a click each.
    if (userId === me.id) {
      for (const game of [...games].reverse()) {
        if (game.analysed || jobs.pending(game.gameId) || jobs.failure(game.gameId)) continue;
        const record = await history.record(game.gameId);
        if (record === 'NOT_FOUND' || record === 'NOT_FINISHED') continue;
        if (jobs.start(game.gameId, record, me.id, true).kind !== 'pending') break;
      }
    }
    const answer: Insights = {
      userId,
      rules,
      games: games.map(({ analysed: _, ...game }) => game),
      analysed: games.filter((g) => g.analysed).length,
      pending: games.filter((g) => jobs.pending(g.gameId) !== null).length,
      placement: placementInsight(fleets, rules),
    };
    return answer;
  });
}
