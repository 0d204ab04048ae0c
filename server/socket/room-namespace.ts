import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { z } from 'zod';
import type { Coord, ShipMap } from '../../src/game';
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
  SpecShootPayloadSchema,
  type SpectatorFrame,
  StartGamePayloadSchema,
  UnwatchRoomPayloadSchema,
  WatchRoomPayloadSchema,
} from '../../src/protocol';
import type { Sessions } from '../sessions/sessions';
import { type AccountCaps, CapTicket } from '../caps/account-caps';
import type { BotGames } from '../caps/bot-games';
import { botGamePlayers } from '../caps/bot-pairing';
import { limitMessage } from '../caps/messages';
import type { Actor, PlayerCommand } from '../rooms/commands';
import type { RoomDispatcher } from '../rooms/dispatch';
import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';
import { shipKeysIn } from '../../src/protocol/spec-dialect';
import { dialectOfQuery, replyFor } from './dialect';
import { authenticate } from './handshake';
import { holdWrites } from './write-batch';
import { spectatorFeed } from './spectators';
import type { RoomNamespace, RoomSocket } from './types';

interface Deps {
  readonly sessions: Sessions;
  readonly caps: AccountCaps;
  readonly botGames: BotGames;
  readonly registry: RoomRegistry;
  readonly dispatcher: RoomDispatcher;
  readonly log: FastifyBaseLogger;
}

/** A readable reason for a refused payload, from zod's first issue. */
function badPayload(error: z.ZodError): Ack<never> {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return errorAck('BAD_PAYLOAD', issue ? `${issue.message}${where}` : 'invalid payload');
}

/**
 * The /room namespace (docs/protocol.md): token checked at the handshake, every payload validated,
 * then turned into a command for the room's dispatch (server/rooms/dispatch.ts), which runs it,
 * answers and publishes. What stays here is the socket's own bookkeeping: which room it joined or
 * watches.
 */
export function attachRoomNamespace(io: Server, deps: Deps): RoomNamespace {
  const nsp: RoomNamespace = io.of(SOCKET_NAMESPACE);
  const { registry, dispatcher, caps, botGames, log } = deps;
  const { dispatch } = dispatcher;
  const feed = spectatorFeed(nsp);

  nsp.use(
    authenticate<RoomSocket>(deps, (socket, user) => {
      socket.data.user = { id: user.id, username: user.username, ...(user.title ? { title: user.title } : {}) };
      socket.data.slug = null;
      socket.data.watching = null;
      socket.data.dialect = dialectOfQuery(socket.handshake.query);
    }),
  );

  const actor = (socket: RoomSocket): Actor => ({ kind: 'player', user: socket.data.user, socketId: socket.id });

  /**
   * Registers a handler that validates its payload and runs it; `run` answers through `reply`,
   * which holds the socket's writes so that the ack and the events of the change leave together,
   * in one write. A socket watching a room as a spectator may send only the events registered
   * `forSpectators`.
   */
  function on<S extends z.ZodType>(
    socket: RoomSocket,
    event: string,
    schema: S,
    run: (payload: z.infer<S>, reply: (ack: Ack<unknown>) => void) => Promise<void>,
    forSpectators = false,
  ): void {
    socket.on(event, (...args: unknown[]) => {
      const last = args[args.length - 1];
      const send = typeof last === 'function' ? (last as (reply: unknown) => void) : () => undefined;
      // Every ack in the socket's own dialect (docs/protocol.md).
      const ack = (answer: unknown): void => send(replyFor(socket.data.dialect, event, answer));
      if (!forSpectators && socket.data.watching !== null) {
        ack(errorAck('SPECTATOR', `this socket watches ${socket.data.watching}: a spectator cannot ${event}`));
        return;
      }
      // Ship keys "1".."5" (the SPEC dialect) are the same ships as "0".."4" (docs/protocol.md).
      const parsed = schema.safeParse(event === 'placeShips' ? shipKeysIn(args[0]) : args[0]);
      if (!parsed.success) {
        ack(badPayload(parsed.error));
        return;
      }
      let answered = false;
      const reply = (answer: Ack<unknown>): void => {
        if (answered) return;
        answered = true;
        holdWrites(socket);
        ack(answer);
      };
      run(parsed.data, reply).catch((error: unknown) => {
        log.error({ err: error, event, user: socket.data.user.id }, 'socket action failed');
        reply(errorAck('INTERNAL'));
      });
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
    if (room) await dispatch(room, actor(socket), { type: 'disconnect' });
  }

  /** Takes the socket out of the audience it watches, if any; `done` also gives back its spectator cap. */
  async function unwatch(socket: RoomSocket, done = false): Promise<void> {
    const slug = socket.data.watching;
    if (slug === null) return;
    if (done) await caps.give('SPECTATOR_SOCKETS', socket.id);
    const room = await registry.get(slug);
    feed.unwatch(socket, room);
    if (!room) return;
    dispatcher.publish(room, () => ['match'], { game: false });
    registry.release(room);
  }

  nsp.on('connection', (socket) => {
    const notJoined = errorAck('NOT_JOINED');

    /** A command of the member's room, once the socket is that room's member. */
    const command =
      <P>(make: (payload: P) => PlayerCommand, slugOf: (payload: P) => string | undefined = () => undefined) =>
      async (payload: P, reply: (ack: Ack<unknown>) => void): Promise<void> => {
        const room = await joinedRoom(socket, slugOf(payload));
        if (!room) return reply(notJoined);
        await dispatch(room, actor(socket), make(payload), reply);
      };
    const named = (slug: string): string => slug;

    on(socket, 'joinRoom', JoinRoomPayloadSchema, async (slug, reply) => {
      const room = await registry.get(slug);
      if (!room) return reply(errorAck('ROOM_NOT_FOUND'));
      if (socket.data.slug !== null && socket.data.slug !== slug) await leave(socket);
      // A bot taking the seat facing another bot starts a game between bots: counted per day.
      const bots = room.members.has(socket.data.user.id) ? [] : botGamePlayers(room, socket.data.user);
      const refused = await botGames.take(bots);
      if (refused) return reply(limitAck(refused, limitMessage(refused)));
      await dispatch(room, actor(socket), { type: 'join', dialect: socket.data.dialect }, (ack) => {
        if (typeof ack !== 'string') void botGames.give(bots).catch(() => undefined);
        if (typeof ack === 'string') {
          socket.data.slug = slug;
          // Before the join's events leave (dispatch answers, then publishes): they are cut for
          // this member's dialect (docs/protocol.md).
          const member = room.members.get(socket.data.user.id);
          if (member) member.dialect = socket.data.dialect;
        }
        reply(ack);
      });
    });
    on(
      socket,
      'startGame',
      StartGamePayloadSchema,
      command(() => ({ type: 'start' }), named),
    );
    on(
      socket,
      'placeShips',
      PlaceShipsPayloadSchema,
      command((fleet: ShipMap) => ({ type: 'place', fleet })),
    );
    // A salvo (an array of cells) is broadside/2's: a SPEC-dialect socket shoots one cell.
    on(
      socket,
      'shoot',
      socket.data.dialect === 'spec' ? SpecShootPayloadSchema : ShootPayloadSchema,
      command((target: Coord | Coord[]) => ({ type: 'shoot', target })),
    );
    on(socket, 'replay', ReplayPayloadSchema, async (slug, reply) => {
      const room = await joinedRoom(socket, slug);
      if (!room) return reply(notJoined);
      // A rematch between two bots is another game between bots.
      const bots = room.state.status === 'ENDED' ? botGamePlayers(room) : [];
      const refused = await botGames.take(bots);
      if (refused) return reply(limitAck(refused, limitMessage(refused)));
      await dispatch(room, actor(socket), { type: 'replay' }, (ack) => {
        if (typeof ack !== 'string') void botGames.give(bots).catch(() => undefined);
        reply(ack);
      });
    });
    on(
      socket,
      'resign',
      ResignPayloadSchema,
      command(() => ({ type: 'resign' }), named),
    );
    on(socket, 'leaveRoom', LeaveRoomPayloadSchema, async (slug, reply) => {
      const room = await joinedRoom(socket, slug);
      if (!room) return reply(notJoined);
      await dispatch(room, actor(socket), { type: 'leave' }, (ack) => {
        if (ack === null) socket.data.slug = null;
        reply(ack);
      });
    });

    // Spectators: any logged-in user may watch; watching never makes a member.
    on(
      socket,
      'watchRoom',
      WatchRoomPayloadSchema,
      async (slug, reply) => {
        const room = await registry.get(slug);
        if (!room) return reply(errorAck('ROOM_NOT_FOUND'));
        // A socket moving from one audience to another keeps its place (docs/deploy.md, caps).
        if (socket.data.watching === null) {
          const ticket = await caps.take(['SPECTATOR_SOCKETS'], socket.data.user.id);
          if (!(ticket instanceof CapTicket)) return reply(limitAck(ticket, limitMessage(ticket)));
          await ticket.holdAs(socket.id);
        }
        if (socket.data.slug !== null) await leave(socket);
        if (socket.data.watching !== null) await unwatch(socket);
        const frame: SpectatorFrame = feed.watch(socket, room);
        reply(frame);
        dispatcher.publish(room, () => ['match'], { game: false });
      },
      true,
    );
    on(
      socket,
      'unwatchRoom',
      UnwatchRoomPayloadSchema,
      async (slug, reply) => {
        if (socket.data.watching !== slug) return reply(errorAck('NOT_JOINED', `this socket does not watch ${slug}`));
        await unwatch(socket, true);
        reply(null);
      },
      true,
    );

    socket.on('disconnect', () => {
      leave(socket).catch((error: unknown) => log.error({ err: error }, 'leaving a room failed'));
      unwatch(socket, true).catch((error: unknown) => log.error({ err: error }, 'leaving an audience failed'));
    });
  });

  return nsp;
}
