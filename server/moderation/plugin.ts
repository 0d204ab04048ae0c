import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import {
  AuditQuerySchema,
  BanBodySchema,
  LiftBodySchema,
  MuteBodySchema,
  RoleBodySchema,
  UserIdParamSchema,
} from '../../src/protocol';
import type { ServerContext } from '../context';
import { messages, sendError } from '../http/errors';
import type { Session } from '../sessions/sessions';
import type { Actor } from './audit';
import { NO_SUCH_ACCOUNT } from './moderation';
import { requireAdmin } from './require-admin';

type UserParams = { Params: { id: string } };

const actorOf = (session: Session): Actor => ({ id: session.id, username: session.username });

/**
 * Moderation routes (docs/protocol.md, "Moderation"): an admin reads the audit log, bans, mutes and
 * names admins; any player blocks and unblocks others. Bodies are validated with src/protocol; an
 * unknown account is a 404, an admin cannot be banned or muted (demote first), nobody acts on
 * themselves.
 */
export const moderationPlugin = fp<ServerContext>(
  async (app, { identify, moderation, audit, blocks, store }) => {
    /** The target account's id from the path, or null with the 400 sent. */
    const targetOf = (request: FastifyRequest<UserParams>, reply: FastifyReply): string | null => {
      const id = UserIdParamSchema.safeParse(request.params.id);
      if (id.success) return id.data;
      sendError(reply, 400, messages(id.error));
      return null;
    };

    /** An admin acting on another account: the admin, the target and the body, or null with the error sent. */
    const adminAct = async <T>(
      request: FastifyRequest<UserParams>,
      reply: FastifyReply,
      schema: z.ZodType<T>,
    ): Promise<{ admin: Session; target: string; body: T } | null> => {
      const admin = await requireAdmin(identify, request, reply);
      if (!admin) return null;
      const target = targetOf(request, reply);
      if (target === null) return null;
      const body = schema.safeParse(request.body ?? undefined);
      if (!body.success) {
        sendError(reply, 400, messages(body.error));
        return null;
      }
      if (target === admin.id) {
        sendError(reply, 400, 'A moderator cannot act on their own account');
        return null;
      }
      return { admin, target, body: body.data };
    };

    /** Runs a change, answering 404 for an unknown account. */
    const answer = async (reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> => {
      try {
        return await run();
      } catch (error) {
        if (error instanceof Error && error.message === NO_SUCH_ACCOUNT) return sendError(reply, 404, 'No such player');
        throw error;
      }
    };

    /** Bans and mutes are for players: an admin is demoted first (the log then says who did it). */
    const refuseAdmin = async (reply: FastifyReply, target: string): Promise<boolean> => {
      const status = await moderation.status(target);
      if (status?.role !== 'admin') return false;
      sendError(reply, 400, 'A moderator cannot be banned or muted: change their role first');
      return true;
    };

    app.get('/admin/audit', async (request, reply) => {
      if (!(await requireAdmin(identify, request, reply))) return reply;
      const query = AuditQuerySchema.safeParse(request.query ?? {});
      if (!query.success) return sendError(reply, 400, messages(query.error));
      return audit.list(query.data);
    });

    app.get<UserParams>('/admin/users/:id', async (request, reply) => {
      if (!(await requireAdmin(identify, request, reply))) return reply;
      const target = targetOf(request, reply);
      if (target === null) return reply;
      return (await moderation.status(target)) ?? sendError(reply, 404, 'No such player');
    });

    app.post<UserParams>('/admin/users/:id/ban', async (request, reply) => {
      const act = await adminAct(request, reply, BanBodySchema);
      if (!act || (await refuseAdmin(reply, act.target))) return reply;
      return answer(reply, () => moderation.ban(actorOf(act.admin), act.target, act.body.minutes, act.body.reason));
    });
    app.delete<UserParams>('/admin/users/:id/ban', async (request, reply) => {
      const act = await adminAct(request, reply, LiftBodySchema);
      if (!act) return reply;
      return answer(reply, () => moderation.unban(actorOf(act.admin), act.target, act.body?.reason ?? null));
    });
    app.post<UserParams>('/admin/users/:id/mute', async (request, reply) => {
      const act = await adminAct(request, reply, MuteBodySchema);
      if (!act || (await refuseAdmin(reply, act.target))) return reply;
      return answer(reply, () => moderation.mute(actorOf(act.admin), act.target, act.body.minutes, act.body.reason));
    });
    app.delete<UserParams>('/admin/users/:id/mute', async (request, reply) => {
      const act = await adminAct(request, reply, LiftBodySchema);
      if (!act) return reply;
      return answer(reply, () => moderation.unmute(actorOf(act.admin), act.target, act.body?.reason ?? null));
    });
    app.put<UserParams>('/admin/users/:id/role', async (request, reply) => {
      const act = await adminAct(request, reply, RoleBodySchema);
      if (!act) return reply;
      return answer(reply, () => moderation.setRole(actorOf(act.admin), act.target, act.body.role, act.body.reason));
    });

    // Blocks: any player, about any other.
    app.get('/users/me/blocks', async (request, reply) => {
      const me = await identify(request, reply);
      if (!me) return reply;
      return { blocked: await blocks.list(me.id) };
    });
    app.post<UserParams>('/users/:id/block', async (request, reply) => {
      const me = await identify(request, reply);
      if (!me) return reply;
      const target = targetOf(request, reply);
      if (target === null) return reply;
      if (target === me.id) return sendError(reply, 400, 'You cannot block yourself');
      const user = await store.users.findUserById(target);
      if (!user) return sendError(reply, 404, 'No such player');
      await blocks.block(me.id, target);
      return reply.code(201).send({ userId: user.id, username: user.username });
    });
    app.delete<UserParams>('/users/:id/block', async (request, reply) => {
      const me = await identify(request, reply);
      if (!me) return reply;
      const target = targetOf(request, reply);
      if (target === null) return reply;
      const lifted = await blocks.unblock(me.id, target);
      return lifted ? {} : sendError(reply, 404, 'This player is not blocked');
    });
  },
  { name: 'moderation' },
);
