import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { z } from 'zod';
import {
  type Ack,
  errorAck,
  JoinRoomPayloadSchema,
  limitAck,
  LeaveRoomPayloadSchema,
  PlaceShipsPayloadSchema,
  ReplayPayloadSchema,
  ResignPayloadSchema,
  ShootPayloadSchema,
  SOCKET_NAMESPACE,
  type SpectatorFrame,
  StartGamePayloadSchema,
  UnwatchRoomPayloadSchema,
  WatchRoomPayloadSchema,
} from '../../src/protocol';
import type { Sessions } from '../sessions/sessions';
import { type AccountCaps, CapTicket } from '../caps/account-caps';
import { limitMessage } from '../caps/messages';
import type { Outcome, RoomActions } from '../rooms/actions';
import { RoomAuthority } from '../rooms/authority';
import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';
import { authenticate } from './handshake';
import { publish } from './publish';
import { holdWrites } from './write-batch';
import { spectatorFeed } from './spectators';
import type { RoomNamespace, RoomSocket } from './types';

interface Deps {
  readonly sessions: Sessions;
  readonly caps: AccountCaps;
  readonly registry: RoomRegistry;
  readonly actions: RoomActions;
  readonly log: FastifyBaseLogger;
}

/** A readable reason for a refused payload, from zod's first issue. */
function badPayload(error: z.ZodError): Ack<never> {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return errorAck('BAD_PAYLOAD', issue ? `${issue.message}${where}` : 'invalid payload');
}

/** The /room namespace (docs/protocol.md): token checked at the handshake, every payload validated, one authority per room. */
export function attachRoomNamespace(io: Server, deps: Deps): RoomNamespace {
  const nsp: RoomNamespace = io.of(SOCKET_NAMESPACE);
  const { registry, actions, caps, log } = deps;
  const feed = spectatorFeed(nsp);
  const authority = new RoomAuthority(actions, registry, (room, fanout) => publish(nsp, room, fanout), log);

  nsp.use(
    authenticate<RoomSocket>(deps, (socket, user) => {
      socket.data.user = { id: user.id, username: user.username };
      socket.data.slug = null;
      socket.data.watching = null;
    }),
  );

  /**
   * Registers a handler that validates its payload, acknowledges, then publishes what changed.
   * A socket watching a room as a spectator may send only the events registered `forSpectators`.
   */
  function on<S extends z.ZodType, T>(
    socket: RoomSocket,
    event: string,
    schema: S,
    run: (payload: z.infer<S>) => Promise<Outcome<T> & { room?: Room }>,
    forSpectators = false,
  ): void {
    socket.on(event, (...args: unknown[]) => {
      const last = args[args.length - 1];
      const ack = typeof last === 'function' ? (last as (reply: unknown) => void) : () => undefined;
      if (!forSpectators && socket.data.watching !== null) {
        ack(errorAck('SPECTATOR', `this socket watches ${socket.data.watching}: a spectator cannot ${event}`));
        return;
      }
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) {
        ack(badPayload(parsed.error));
        return;
      }
      const done = (outcome: Outcome<T> & { room?: Room }): void => {
        // The ack and the events of the change leave together, in one write per socket.
        holdWrites(socket);
        ack(outcome.reply);
        if (outcome.room) authority.settle(outcome.room, outcome);
      };
      const failed = (error: unknown): void => {
        log.error({ err: error, event, user: socket.data.user.id }, 'socket action failed');
        ack(errorAck('INTERNAL'));
      };
      run(parsed.data).then(done, failed);
    });
  }

  /** The room this socket plays in, if it is still the member's current socket. */
  async function joinedRoom(socket: RoomSocket, slug?: string): Promise<Room | null> {
    const current = socket.data.slug;
    if (current === null || (slug !== undefined && slug !== current)) return null;
    const room = await registry.get(current);
    return room?.memberBySocket(socket.id) ? room : null;
  }

  /** Marks the socket's member as gone from its room (its grace period starts in PLAY) and tells the other member. */
  async function leave(socket: RoomSocket): Promise<void> {
    const slug = socket.data.slug;
    socket.data.slug = null;
    if (slug === null) return;
    const room = await registry.get(slug);
    if (!room) return;
    const outcome = await room.exclusive(() => actions.disconnect(room, socket.id));
    authority.settle(room, outcome);
    registry.release(room);
  }

  /** Takes the socket out of the audience it watches, if any; `done` also gives back its spectator cap. */
  async function unwatch(socket: RoomSocket, done = false): Promise<void> {
    const slug = socket.data.watching;
    if (slug === null) return;
    if (done) await caps.give('SPECTATOR_SOCKETS', socket.id);
    const room = await registry.get(slug);
    feed.unwatch(socket, room);
    if (!room) return;
    publish(nsp, room, () => ['match'], { game: false });
    registry.release(room);
  }

  nsp.on('connection', (socket) => {
    const user = socket.data.user;
    const notJoined = { reply: errorAck('NOT_JOINED') };

    on(socket, 'joinRoom', JoinRoomPayloadSchema, async (slug) => {
      const room = await registry.get(slug);
      if (!room) return { reply: errorAck('ROOM_NOT_FOUND') };
      if (socket.data.slug !== null && socket.data.slug !== slug) await leave(socket);
      const outcome = await room.exclusive(() => actions.join(room, user, socket.id));
      if (typeof outcome.reply === 'string') socket.data.slug = slug;
      return { ...outcome, room };
    });

    on(socket, 'startGame', StartGamePayloadSchema, async (slug) => {
      const room = await joinedRoom(socket, slug);
      if (!room) return notJoined;
      return { ...(await room.exclusive(() => actions.start(room, user))), room };
    });

    on(socket, 'placeShips', PlaceShipsPayloadSchema, async (fleet) => {
      const room = await joinedRoom(socket);
      if (!room) return notJoined;
      return { ...(await room.exclusive(() => actions.place(room, user, fleet))), room };
    });

    on(socket, 'shoot', ShootPayloadSchema, async (target) => {
      const room = await joinedRoom(socket);
      if (!room) return notJoined;
      return { ...(await room.exclusive(() => actions.shoot(room, user, target))), room };
    });

    on(socket, 'replay', ReplayPayloadSchema, async (slug) => {
      const room = await joinedRoom(socket, slug);
      if (!room) return notJoined;
      return { ...(await room.exclusive(() => actions.replay(room, user))), room };
    });

    // Spectators (issue 14): any logged-in user may watch; watching never makes a member.
    on(
      socket,
      'watchRoom',
      WatchRoomPayloadSchema,
      async (slug): Promise<Outcome<SpectatorFrame>> => {
        const room = await registry.get(slug);
        if (!room) return { reply: errorAck('ROOM_NOT_FOUND') };
        // A socket moving from one audience to another keeps its place (docs/deploy.md, caps).
        if (socket.data.watching === null) {
          const ticket = await caps.take(['SPECTATOR_SOCKETS'], user.id);
          if (!(ticket instanceof CapTicket)) return { reply: limitAck(ticket, limitMessage(ticket)) };
          await ticket.holdAs(socket.id);
        }
        if (socket.data.slug !== null) await leave(socket);
        if (socket.data.watching !== null) await unwatch(socket);
        const frame = feed.watch(socket, room);
        publish(nsp, room, () => ['match'], { game: false });
        return { reply: frame };
      },
      true,
    );

    on(
      socket,
      'unwatchRoom',
      UnwatchRoomPayloadSchema,
      async (slug): Promise<Outcome<null>> => {
        if (socket.data.watching !== slug)
          return { reply: errorAck('NOT_JOINED', `this socket does not watch ${slug}`) };
        await unwatch(socket, true);
        return { reply: null };
      },
      true,
    );

    on(socket, 'resign', ResignPayloadSchema, async (slug) => {
      const room = await joinedRoom(socket, slug);
      if (!room) return notJoined;
      return { ...(await room.exclusive(() => actions.resign(room, user))), room };
    });

    on(socket, 'leaveRoom', LeaveRoomPayloadSchema, async (slug) => {
      const room = await joinedRoom(socket, slug);
      if (!room) return notJoined;
      const outcome = await room.exclusive(() => actions.leave(room, user));
      if (outcome.reply === null) socket.data.slug = null;
      return { ...outcome, room };
    });

    socket.on('disconnect', () => {
      leave(socket).catch((error: unknown) => log.error({ err: error }, 'leaving a room failed'));
      unwatch(socket, true).catch((error: unknown) => log.error({ err: error }, 'leaving an audience failed'));
    });
  });

  return nsp;
}
