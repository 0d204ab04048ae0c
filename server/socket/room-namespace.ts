import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { z } from 'zod';
import type { Coord, ShipMap } from '../../src/game';
import {
  type Ack,
  errorAck,
  isErrorAck,
  JoinRoomPayloadSchema,
  limitAck,
  LeaveRoomPayloadSchema,
  PlaceShipsPayloadSchema,
  ReplayPayloadSchema,
  ResignPayloadSchema,
  ShootPayloadSchema,
  SOCKET_NAMESPACE,
  SpecShootPayloadSchema,
  StartGamePayloadSchema,
  UnwatchRoomPayloadSchema,
  WatchRoomPayloadSchema,
  watchChannel,
} from '../../src/protocol';
import type { Sessions } from '../sessions/sessions';
import { type AccountCaps, CapTicket } from '../caps/account-caps';
import { limitMessage } from '../caps/messages';
import { badPayload, type PlayerCommand } from '../rooms/commands';
import { shipKeysIn } from '../../src/protocol/spec-dialect';
import { dialectOfQuery, replyFor } from './dialect';
import { authenticate } from './handshake';
import { requestIdFrom } from '../operations/request-id';
import type { RoomGate } from './room-gate';
import { holdWrites } from './write-batch';
import type { RoomNamespace, RoomSocket } from './types';

interface Deps {
  readonly sessions: Sessions;
  readonly caps: AccountCaps;
  /** Runs each command where the room is played (room-gate.ts). */
  readonly gate: RoomGate;
  readonly log: FastifyBaseLogger;
  /** True while a node draining alone runs no new command (server/operations/lifecycle.ts). */
  readonly paused?: () => boolean;
}

/** Runs a valid payload of one event for `socket`; answers through `reply`. */
export type Run<P> = (socket: RoomSocket, payload: P, reply: (ack: Ack<unknown>) => void) => Promise<void>;

interface Handler {
  readonly schema: z.ZodType;
  /** The payload's schema for a SPEC-dialect socket, when it differs. */
  readonly specSchema?: z.ZodType;
  readonly run: Run<unknown>;
  /** A socket watching a room as a spectator may send it. */
  readonly forSpectators: boolean;
}

/** What a handler may be told beyond its schema and run. */
export interface HandlerOptions {
  /** The payload's schema for a SPEC-dialect socket, when it differs. */
  readonly specSchema?: z.ZodType;
  /** A socket watching a room as a spectator may send it. */
  readonly forSpectators?: boolean;
}

/**
 * The /room namespace's table of events, open to the server's capabilities (docs/architecture.md,
 * "Plugins"): an event added here gets what every event gets — its payload validated, its ack in
 * the socket's dialect, a spectator's socket refused unless `forSpectators`, an error logged and
 * answered INTERNAL.
 */
export interface RoomEvents {
  add<S extends z.ZodType>(event: string, schema: S, run: Run<z.infer<S>>, options?: HandlerOptions): void;
  /**
   * Calls `listener` when a socket of this node comes into a room (joined as a member: `player`;
   * watching: `spectator`) and when it goes (left, moved, watching elsewhere, disconnected), so a
   * capability can keep channels of its own for the room (the chat's).
   */
  onVisit(listener: VisitListener): void;
}

/** A socket coming into (`entered: true`) or going out of a room, as a member or a spectator. */
export interface RoomVisit {
  readonly socket: RoomSocket;
  readonly slug: string;
  readonly as: 'player' | 'spectator';
  readonly entered: boolean;
}
export type VisitListener = (visit: RoomVisit) => void;

/** One event's entry of the handler table: its name, payload schema and what runs it. */
function handler<S extends z.ZodType>(
  event: string,
  schema: S,
  run: Run<z.infer<S>>,
  options: HandlerOptions = {},
): [string, Handler] {
  return [
    event,
    {
      schema,
      run: run as Run<unknown>,
      forSpectators: options.forSpectators ?? false,
      ...(options.specSchema ? { specSchema: options.specSchema } : {}),
    },
  ];
}

const NOT_JOINED = errorAck('NOT_JOINED');

/**
 * The /room namespace (docs/protocol.md): token checked at the handshake, every payload validated,
 * then turned into a command for the node that plays the room (room-gate.ts), whose dispatch
 * (server/rooms/dispatch.ts) runs it, answers and publishes. What stays here is the socket's own
 * bookkeeping: which room it joined or watches, its watch channel, its spectator cap.
 */
export function attachRoomNamespace(io: Server, deps: Deps): { nsp: RoomNamespace; events: RoomEvents } {
  const nsp: RoomNamespace = io.of(SOCKET_NAMESPACE);
  const { gate, caps, log } = deps;
  const visitors: VisitListener[] = [];
  const visit = (socket: RoomSocket, slug: string, as: RoomVisit['as'], entered: boolean): void => {
    for (const listener of visitors) {
      try {
        listener({ socket, slug, as, entered });
      } catch (error) {
        log.error({ err: error, slug }, 'a room visit listener failed');
      }
    }
  };
  const paused = deps.paused ?? (() => false);

  nsp.use(
    authenticate<RoomSocket>(deps, (socket, user) => {
      socket.data.user = { id: user.id, username: user.username, ...(user.title ? { title: user.title } : {}) };
      socket.data.slug = null;
      socket.data.watching = null;
      socket.data.dialect = dialectOfQuery(socket.handshake.query);
      socket.data.requestId = requestIdFrom(socket.handshake.headers['x-request-id']);
      socket.data.pending = 0;
    }),
  );

  /** Marks the socket's member as gone from the room it joined (its grace period starts in PLAY). */
  async function leave(socket: RoomSocket): Promise<void> {
    const slug = socket.data.slug;
    socket.data.slug = null;
    if (slug === null) return;
    visit(socket, slug, 'player', false);
    await gate.run(socket, slug, { type: 'disconnect' });
  }

  /** Takes the socket out of the audience it watches, if any; `done` also gives back its spectator cap. */
  async function unwatch(socket: RoomSocket, done = false): Promise<void> {
    const slug = socket.data.watching;
    if (slug === null) return;
    socket.data.watching = null;
    void socket.leave(watchChannel(slug));
    visit(socket, slug, 'spectator', false);
    if (done) await caps.give('SPECTATOR_SOCKETS', socket.id);
    await gate.run(socket, slug, { type: 'unwatch' });
  }

  /** A command of the member's room, once the socket joined that room (its room checks it is still the member's socket). */
  const command =
    <P>(make: (payload: P) => PlayerCommand, slugOf: (payload: P) => string | undefined = () => undefined): Run<P> =>
    async (socket, payload, reply) => {
      const slug = socket.data.slug;
      const named = slugOf(payload);
      if (slug === null || (named !== undefined && named !== slug)) return reply(NOT_JOINED);
      await gate.run(socket, slug, make(payload), reply);
    };
  const named = (slug: string): string => slug;

  // One table for every socket: the handlers take the socket as an argument, so a connection adds
  // no closure of its own (a live object costs every garbage-collection cycle a visit).
  const handlers = new Map<string, Handler>([
    handler('joinRoom', JoinRoomPayloadSchema, async (socket, slug, reply) => {
      const previous = socket.data.slug;
      const ack = await gate.run(socket, slug, { type: 'join' }, (answer) => {
        // Before the answer leaves: the socket's next event is for this room.
        if (typeof answer === 'string') {
          socket.data.slug = slug;
          if (previous !== null && previous !== slug) visit(socket, previous, 'player', false);
          visit(socket, slug, 'player', true);
        }
        reply(answer);
      });
      // The member the socket was in another room is gone from there.
      if (typeof ack === 'string' && previous !== null && previous !== slug)
        await gate.run(socket, previous, { type: 'disconnect' });
    }),
    handler(
      'startGame',
      StartGamePayloadSchema,
      command(() => ({ type: 'start' }), named),
    ),
    handler(
      'placeShips',
      PlaceShipsPayloadSchema,
      command((fleet: ShipMap) => ({ type: 'place', fleet })),
    ),
    // A salvo (an array of cells) is broadside/2's: a SPEC-dialect socket shoots one cell.
    handler(
      'shoot',
      ShootPayloadSchema,
      command((target: Coord | Coord[]) => ({ type: 'shoot', target })),
      { specSchema: SpecShootPayloadSchema },
    ),
    handler(
      'replay',
      ReplayPayloadSchema,
      command(() => ({ type: 'replay' }), named),
    ),
    handler(
      'resign',
      ResignPayloadSchema,
      command(() => ({ type: 'resign' }), named),
    ),
    handler('leaveRoom', LeaveRoomPayloadSchema, async (socket, slug, reply) => {
      if (socket.data.slug !== slug) return reply(NOT_JOINED);
      await gate.run(socket, slug, { type: 'leave' }, (ack) => {
        if (ack === null) {
          socket.data.slug = null;
          visit(socket, slug, 'player', false);
        }
        reply(ack);
      });
    }),

    // Spectators: any logged-in user may watch; watching never makes a member.
    handler(
      'watchRoom',
      WatchRoomPayloadSchema,
      async (socket, slug, reply) => {
        const previous = socket.data.watching;
        // A socket moving from one audience to another keeps its place (docs/deploy.md, caps).
        if (previous === null) {
          const ticket = await caps.take(['SPECTATOR_SOCKETS'], socket.data.user.id);
          if (!(ticket instanceof CapTicket)) return reply(limitAck(ticket, limitMessage(ticket)));
          await ticket.holdAs(socket.id);
        }
        // Watching the same room again counts once.
        if (previous === slug) await gate.run(socket, slug, { type: 'unwatch' });
        // In the channel before the room counts it, so that no frame of the room passes it by.
        void socket.join(watchChannel(slug));
        const ack = await gate.run(socket, slug, { type: 'watch' }, (answer) => {
          if (!isErrorAck(answer)) {
            socket.data.watching = slug;
            if (previous !== null && previous !== slug) visit(socket, previous, 'spectator', false);
            visit(socket, slug, 'spectator', true);
          }
          reply(answer);
        });
        if (isErrorAck(ack)) {
          if (previous !== slug) void socket.leave(watchChannel(slug));
          if (previous === null) await caps.give('SPECTATOR_SOCKETS', socket.id);
          return;
        }
        if (socket.data.slug !== null) await leave(socket);
        if (previous !== null && previous !== slug) {
          void socket.leave(watchChannel(previous));
          await gate.run(socket, previous, { type: 'unwatch' });
        }
      },
      { forSpectators: true },
    ),
    handler(
      'unwatchRoom',
      UnwatchRoomPayloadSchema,
      async (socket, slug, reply) => {
        if (socket.data.watching !== slug) return reply(errorAck('NOT_JOINED', `this socket does not watch ${slug}`));
        await unwatch(socket, true);
        reply(null);
      },
      { forSpectators: true },
    ),
  ]);

  /**
   * Every event of every socket (socket.io calls it with the socket as `this`): validates the
   * payload and runs its handler, which answers through `reply`; the reply holds the socket's
   * writes so that the ack and the events of the change leave together, in one write. A socket
   * watching a room as a spectator may send only the events of handlers `forSpectators`. An event
   * without a handler is ignored, as socket.io ignores an event nobody listens to.
   */
  function onEvent(this: RoomSocket, event: string, ...args: unknown[]): void {
    const entry = handlers.get(event);
    if (!entry) return;
    // Draining alone: not run, not answered; the socket closes soon and its client asks again.
    if (paused()) return;
    const last = args[args.length - 1];
    const send = typeof last === 'function' ? (last as (reply: unknown) => void) : () => undefined;
    // Every ack in the socket's own dialect (docs/protocol.md).
    const ack = (answer: unknown): void => send(replyFor(this.data.dialect, event, answer));
    if (!entry.forSpectators && this.data.watching !== null) {
      ack(errorAck('SPECTATOR', `this socket watches ${this.data.watching}: a spectator cannot ${event}`));
      return;
    }
    const schema = this.data.dialect === 'spec' ? (entry.specSchema ?? entry.schema) : entry.schema;
    // Ship keys "1".."5" (the SPEC dialect) are the same ships as "0".."4" (docs/protocol.md).
    const parsed = schema.safeParse(event === 'placeShips' ? shipKeysIn(args[0]) : args[0]);
    if (!parsed.success) {
      ack(badPayload(parsed.error));
      return;
    }
    let answered = false;
    this.data.pending++;
    const reply = (answer: Ack<unknown>): void => {
      if (answered) return;
      answered = true;
      this.data.pending--;
      holdWrites(this);
      ack(answer);
    };
    entry.run(this, parsed.data, reply).catch((error: unknown) => {
      log.error(
        { err: error, event, user: this.data.user.id, socket: this.id, requestId: this.data.requestId },
        'socket action failed',
      );
      reply(errorAck('INTERNAL'));
    });
  }

  function onDisconnect(this: RoomSocket): void {
    leave(this).catch((error: unknown) => log.error({ err: error }, 'leaving a room failed'));
    unwatch(this, true).catch((error: unknown) => log.error({ err: error }, 'leaving an audience failed'));
  }

  nsp.on('connection', (socket) => {
    socket.onAny(onEvent);
    socket.on('disconnect', onDisconnect);
  });

  const events: RoomEvents = {
    add: (event, schema, run, options) => {
      if (handlers.has(event)) throw new Error(`the /room event ${event} has a handler already`);
      handlers.set(...handler(event, schema, run, options));
    },
    onVisit: (listener) => void visitors.push(listener),
  };
  return { nsp, events };
}
