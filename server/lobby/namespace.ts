import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  CancelSearchPayloadSchema,
  errorAck,
  FindOpponentPayloadSchema,
  LOBBY_NAMESPACE,
  type LobbyServerToClientEvents,
  type OpenGame,
} from '../../src/protocol';
import type { Identity } from '../auth';
import type { Sessions } from '../sessions/sessions';
import type { RoomListing } from './room-listing';
import { authenticate } from '../socket/handshake';
import type { QuickMatch } from './quick-match';

type LobbySocketData = {
  user: Identity;
  /** This socket put its user in the quick-match queue. */
  searching: boolean;
  /** Its page is hidden: the user is away unless another of their pages is shown (server/friends/presence.ts). */
  away?: boolean;
};
type UntrustedEvents = Record<string, (...args: unknown[]) => void>;
/** Between nodes (Redis): another node's open games changed, read the board again. */
interface NodeEvents {
  openGamesChanged: () => void;
}
export type LobbyNamespace = Namespace<UntrustedEvents, LobbyServerToClientEvents, NodeEvents, LobbySocketData>;
export type LobbySocket = Socket<UntrustedEvents, LobbyServerToClientEvents, NodeEvents, LobbySocketData>;

export const userRoom = (userId: string): string => `user:${userId}`;

interface Deps {
  readonly sessions: Sessions;
  readonly log: FastifyBaseLogger;
}

/** The /lobby namespace: the token checked at the handshake, the open games pushed live, the quick-match queue. */
export function createLobbyNamespace(io: Server, { sessions, log }: Deps): LobbyNamespace {
  // socket.io types a namespace from its Server's generics; this one's events are declared here.
  const nsp = io.of(LOBBY_NAMESPACE) as unknown as LobbyNamespace;
  nsp.use(
    authenticate<LobbySocket>({ sessions, log }, (socket, user) => {
      socket.data.user = { id: user.id, username: user.username, ...(user.title ? { title: user.title } : {}) };
      socket.data.searching = false;
    }),
  );
  return nsp;
}

/** Registers a handler whose payload is validated with `schema` and whose answer is the ack. */
export function onLobbyEvent<S extends z.ZodType>(
  socket: LobbySocket,
  event: string,
  schema: S,
  run: (payload: z.infer<S>) => Promise<unknown>,
  log: FastifyBaseLogger,
): void {
  socket.on(event, (...args: unknown[]) => {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (reply: unknown) => void) : () => undefined;
    const payload = typeof last === 'function' ? args.slice(0, -1)[0] : args[0];
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      ack(errorAck('BAD_PAYLOAD', parsed.error.issues[0]?.message ?? 'invalid payload'));
      return;
    }
    run(parsed.data).then(ack, (error: unknown) => {
      log.error({ err: error, event, user: socket.data.user.id }, 'lobby action failed');
      ack(errorAck('INTERNAL'));
    });
  });
}

type OpenGames = RoomListing<OpenGame>;

/** Reads the board and sends the list to `target` (one socket, or every socket of this node). */
function sendOpenGames(
  openGames: OpenGames,
  target: { emit(event: 'openGames', payload: { games: OpenGame[] }): unknown },
  log: FastifyBaseLogger,
): void {
  openGames.list().then(
    (games) => target.emit('openGames', { games }),
    (error: unknown) => log.error({ err: error }, 'reading the open games failed'),
  );
}

/**
 * Sends the open games to this node's lobby sockets, and with several nodes (`shared`) tells the
 * others to do the same: each node reads the board after the change, so none sends an older list.
 */
export function announceOpenGames(
  nsp: LobbyNamespace,
  openGames: OpenGames,
  { shared, log }: { shared: boolean; log: FastifyBaseLogger },
): () => void {
  const sendHere = (): void => sendOpenGames(openGames, nsp.local, log);
  if (shared) nsp.on('openGamesChanged', sendHere);
  return () => {
    sendHere();
    if (shared) nsp.serverSideEmit('openGamesChanged');
  };
}

export function serveLobby(
  nsp: LobbyNamespace,
  { openGames, quickMatch, log }: { openGames: OpenGames; quickMatch: QuickMatch; log: FastifyBaseLogger },
): void {
  nsp.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join(userRoom(user.id));
    sendOpenGames(openGames, socket, log);

    onLobbyEvent(
      socket,
      'findOpponent',
      FindOpponentPayloadSchema,
      async (rules) => {
        // Bots wait in public rooms for people to pick them (docs/engines.md, "Bot accounts"): a bot
        // in the queue would be given to a person who asked for someone, or to another bot.
        if (user.title === 'BOT') {
          return errorAck(
            'NOT_FOR_BOTS',
            'quick match is for people: a bot account waits in a public room (broadside play --bot --create --public)',
          );
        }
        socket.data.searching = true;
        return quickMatch.find(user, rules);
      },
      log,
    );
    onLobbyEvent(
      socket,
      'cancelSearch',
      CancelSearchPayloadSchema,
      async () => {
        socket.data.searching = false;
        await quickMatch.cancel(user.id);
        return null;
      },
      log,
    );

    // A closed Home page stops waiting: nobody would see the match.
    socket.on('disconnect', () => {
      if (!socket.data.searching) return;
      quickMatch.cancel(user.id).catch((error: unknown) => log.error({ err: error }, 'leaving the queue failed'));
    });
  });
}
