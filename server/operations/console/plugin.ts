import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { formatRules } from '../../../src/game';
import {
  CloseRoomBodySchema,
  type ClusterOverview,
  type ClusterRooms,
  type ClusterRoomsQuery,
  ClusterRoomsQuerySchema,
  DisconnectBodySchema,
  SlugSchema,
  UserIdParamSchema,
} from '../../../src/protocol';
import type { ServerContext } from '../../context';
import { messages, sendError } from '../../http/errors';
import { requireAdmin } from '../../moderation/require-admin';
import { closeHere } from './close-room';
import { type NodeRooms, type NodeView, nodeView, roomsHere } from './node-view';

/** Events between the nodes (socket.io's serverSideEmit over the Redis adapter). */
const VIEW = 'operations:view';
const ROOMS = 'operations:rooms';
const CLOSE = 'operations:close';

const CloseMessageSchema = z.strictObject({ slug: SlugSchema, reason: z.string().min(1).max(300) });

/**
 * The operator's console JSON (docs/deploy.md, "Operator's console"; docs/protocol.md,
 * "Operations"), behind the admin role, for the /admin page and for scripts:
 * - GET /admin/cluster: every node (phase, rooms, sockets, computer seats, load), the computer
 *   seats and the quick-match queue;
 * - GET /admin/cluster/rooms: the rooms each node plays, with players, status and age;
 * - POST /admin/cluster/rooms/:slug/close {reason}: closes a room, its players told why;
 * - POST /admin/cluster/users/:id/disconnect {reason}: closes every socket of an account, on every
 *   node (it may connect again).
 * Each action is in the audit log. With several nodes each one answers for itself; a node that
 * does not answer within the adapter's 5 s is named among the `silent`.
 */
export const consolePlugin = fp<ServerContext>(
  async (app, ctx) => {
    const { identify, io, cluster, matchQueue, store, audit, sessions } = ctx;

    // What this node answers to the others' consoles.
    io.on(VIEW, (ack: (view: NodeView) => void) => ack(nodeView(ctx)));
    io.on(ROOMS, (query: unknown, ack: (rooms: NodeRooms | null) => void) => {
      const parsed = ClusterRoomsQuerySchema.safeParse(query);
      ack(parsed.success ? roomsHere(ctx, parsed.data) : null);
    });
    io.on(CLOSE, (message: unknown) => {
      const parsed = CloseMessageSchema.safeParse(message);
      if (!parsed.success) return;
      closeHere(ctx, parsed.data.slug, parsed.data.reason).catch((error: unknown) =>
        app.log.error({ err: error, room: parsed.data.slug }, 'closing a room failed'),
      );
    });

    /** This node's answer and the other nodes', and which live nodes said nothing. */
    async function everyNode<T extends { readonly node: unknown }>(
      here: T,
      nodeOf: (answer: T) => string,
      ask: (done: (error: Error | null, answers: T[]) => void) => void,
    ): Promise<{ answers: T[]; silent: string[] }> {
      if (!cluster) return { answers: [here], silent: [] };
      const [others, live] = await Promise.all([
        new Promise<T[]>((resolve) => ask((_error, answers) => resolve((answers ?? []).filter(Boolean)))),
        cluster.nodes(),
      ]);
      const answers = [here, ...others];
      const heard = new Set(answers.map(nodeOf));
      return { answers, silent: live.map((n) => n.id).filter((id) => !heard.has(id)) };
    }

    app.get('/admin/cluster', async (request, reply) => {
      if (!(await requireAdmin(identify, request, reply))) return reply;
      const { answers, silent } = await everyNode(
        nodeView(ctx),
        (view) => view.node.id,
        (done) => io.serverSideEmit(VIEW, done),
      );
      const queue = await matchQueue.waiting();
      const overview: ClusterOverview = {
        at: Date.now(),
        nodes: answers.map((a) => a.node).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
        silent,
        queue: queue.map((e) => ({
          userId: e.userId,
          username: e.username,
          since: e.since,
          rules: formatRules(e.rules),
        })),
        seats: answers.flatMap((a) => a.seats),
      };
      return overview;
    });

    app.get('/admin/cluster/rooms', async (request, reply) => {
      if (!(await requireAdmin(identify, request, reply))) return reply;
      const parsed = ClusterRoomsQuerySchema.safeParse(request.query ?? {});
      if (!parsed.success) return sendError(reply, 400, messages(parsed.error));
      const query: ClusterRoomsQuery = parsed.data;
      const { answers, silent } = await everyNode(
        roomsHere(ctx, query),
        (rooms) => rooms.node,
        (done) => io.serverSideEmit(ROOMS, query, done),
      );
      const rooms: ClusterRooms = {
        at: Date.now(),
        rooms: answers.flatMap((a) => a.rooms).sort((a, b) => a.createdAt - b.createdAt),
        totals: Object.fromEntries(answers.map((a) => [a.node, a.total])),
        silent,
      };
      return rooms;
    });

    type SlugParams = { Params: { slug: string } };
    type UserParams = { Params: { id: string } };

    /** An admin's action with its body, or null with the answer sent. */
    async function adminAction<T>(request: FastifyRequest, reply: FastifyReply, schema: z.ZodType<T>) {
      const admin = await requireAdmin(identify, request, reply);
      if (!admin) return null;
      const body = schema.safeParse(request.body ?? {});
      if (!body.success) {
        sendError(reply, 400, messages(body.error));
        return null;
      }
      return { admin, body: body.data };
    }

    app.post<SlugParams>('/admin/cluster/rooms/:slug/close', async (request, reply) => {
      const act = await adminAction(request, reply, CloseRoomBodySchema);
      if (!act) return reply;
      const slug = SlugSchema.safeParse(request.params.slug);
      if (!slug.success) return sendError(reply, 400, messages(slug.error));
      const closed = await store.rooms.closeRoom(slug.data, act.body.reason);
      if (closed === 'NOT_FOUND') return sendError(reply, 404, 'No such room');
      if (closed === 'ALREADY_CLOSED') return sendError(reply, 409, 'This room is closed already');
      // Stored first: from now on no node loads it. Then every node lets go of it and tells its sockets.
      if (cluster) io.serverSideEmit(CLOSE, { slug: slug.data, reason: act.body.reason });
      await closeHere(ctx, slug.data, act.body.reason);
      await audit.record({
        actor: { id: act.admin.id, username: act.admin.username },
        action: 'close-room',
        target: { room: slug.data },
        reason: act.body.reason,
      });
      request.log.info({ event: 'room.closed', room: slug.data, by: act.admin.id }, 'an operator closed a room');
      return { slug: slug.data, closed: true };
    });

    app.post<UserParams>('/admin/cluster/users/:id/disconnect', async (request, reply) => {
      const act = await adminAction(request, reply, DisconnectBodySchema);
      if (!act) return reply;
      const id = UserIdParamSchema.safeParse(request.params.id);
      if (!id.success) return sendError(reply, 400, messages(id.error));
      const user = await store.users.findUserById(id.data);
      if (!user) return sendError(reply, 404, 'No such player');
      sessions.disconnectAccount(user.id);
      await audit.record({
        actor: { id: act.admin.id, username: act.admin.username },
        action: 'disconnect',
        target: { userId: user.id, username: user.username },
        reason: act.body.reason,
      });
      request.log.info(
        { event: 'user.disconnected', user: user.id, by: act.admin.id },
        'an operator disconnected a user',
      );
      return { userId: user.id, username: user.username, disconnected: true };
    });
  },
  { name: 'operations-console' },
);
