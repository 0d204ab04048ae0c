import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  GameIdParamSchema,
  gameScript,
  HistoryQuerySchema,
  LeaderboardQuerySchema,
  RatedRulesQuerySchema,
  RatingQuerySchema,
  UserIdParamSchema,
} from '../../src/protocol';
import type { Identity } from '../auth';
import type { ServerContext } from '../context';
import type { HistoryStore } from '../db/storage';
import type { Ratings } from '../ratings/ratings';
import { messages, sendError } from './errors';
import type { Identify } from './identify';
import { afterPublish } from '../socket/publish';

interface Deps {
  readonly identify: Identify;
  readonly history: HistoryStore;
  readonly ratings: Ratings;
}

/**
 * Issue 14's routes: a player's finished games, the record of a finished game and its export as a
 * `broadside script` file, ratings and the leaderboard. Any logged-in user may read any of them.
 */
export function registerHistoryRoutes(app: FastifyInstance, { identify: caller, history, ratings }: Deps): void {
  /** `me` or a user id from the path, or a 400 already sent. */
  const userParam = (request: FastifyRequest<{ Params: { userId: string } }>, reply: FastifyReply, me: Identity) => {
    const id = UserIdParamSchema.safeParse(request.params.userId);
    if (!id.success) {
      sendError(reply, 400, messages(id.error));
      return null;
    }
    return id.data === 'me' ? me.id : id.data;
  };

  /** The finished game's record, or the error already sent. */
  const finished = async (request: FastifyRequest<{ Params: { gameId: string } }>, reply: FastifyReply) => {
    const id = GameIdParamSchema.safeParse(request.params.gameId);
    if (!id.success) {
      sendError(reply, 400, `game id must be a positive whole number, not "${request.params.gameId}"`);
      return null;
    }
    const record = await history.record(id.data);
    if (record === 'NOT_FOUND') sendError(reply, 404, `No game ${id.data}`);
    else if (record === 'NOT_FINISHED')
      sendError(reply, 409, `Game ${id.data} is not finished: only finished games can be replayed`);
    else return record;
    return null;
  };

  app.get<{ Params: { userId: string } }>('/users/:userId/history', async (request, reply) => {
    const me = await caller(request, reply);
    if (!me) return reply;
    const userId = userParam(request, reply, me);
    if (!userId) return reply;
    const query = HistoryQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return sendError(reply, 400, messages(query.error));
    const user = await history.user(userId);
    if (!user) return sendError(reply, 404, 'No such user');
    const { page, pageSize } = query.data;
    return { user, page, pageSize, ...(await history.finishedGames(userId, page, pageSize)) };
  });

  app.get<{ Params: { userId: string } }>('/users/:userId/rating', async (request, reply) => {
    const me = await caller(request, reply);
    if (!me) return reply;
    const userId = userParam(request, reply, me);
    if (!userId) return reply;
    const query = RatingQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return sendError(reply, 400, messages(query.error));
    const user = await history.user(userId);
    if (!user) return sendError(reply, 404, 'No such user');
    return { user, rating: await ratings.of(userId, query.data.rules) };
  });

  // A player's record and rating per set of rules (docs/game.md, "Ratings").
  app.get<{ Params: { userId: string } }>('/users/:userId/stats', async (request, reply) => {
    const me = await caller(request, reply);
    if (!me) return reply;
    const userId = userParam(request, reply, me);
    if (!userId) return reply;
    const user = await history.user(userId);
    if (!user) return sendError(reply, 404, 'No such user');
    return { user, byRules: await ratings.stats(userId) };
  });

  app.get<{ Params: { gameId: string } }>('/games/:gameId', async (request, reply) => {
    if (!(await caller(request, reply))) return reply;
    return (await finished(request, reply)) ?? reply;
  });

  app.get<{ Params: { gameId: string } }>('/games/:gameId/script', async (request, reply) => {
    if (!(await caller(request, reply))) return reply;
    const record = await finished(request, reply);
    if (!record) return reply;
    const script = gameScript(record);
    if (!script) return sendError(reply, 409, `Game ${record.gameId} has no shot to replay`);
    return reply
      .header('content-disposition', `attachment; filename="broadside-game-${record.gameId}.json"`)
      .send(script);
  });

  app.get('/ratings/leaderboard', async (request, reply) => {
    const me = await caller(request, reply);
    if (!me) return reply;
    const query = LeaderboardQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return sendError(reply, 400, messages(query.error));
    const { limit, rules, kind } = query.data;
    return ratings.leaderboard(limit, me.id, rules, kind);
  });

  // The sets of rules with ratings, custom mixes too: the leaderboard's choice of rules.
  app.get('/ratings/rules', async (request, reply) => {
    if (!(await caller(request, reply))) return reply;
    const query = RatedRulesQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return sendError(reply, 400, messages(query.error));
    return ratings.ratedRules(query.data.kind);
  });
}

/**
 * History and ratings: the routes above, and every finished game rated as soon as it ends (games
 * that ended while the server was down, at start).
 */
export const historyPlugin = fp<ServerContext>(
  async (app, { identify, store, ratings, nsp }) => {
    registerHistoryRoutes(app, { identify, history: store.history, ratings });
    afterPublish(nsp, (room) => {
      if (room.state.status === 'ENDED' && room.gameId !== null) ratings.ended(room.gameId);
    });
    void ratings.sweep();
  },
  { name: 'history' },
);
