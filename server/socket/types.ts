import type { Namespace, Socket } from 'socket.io';
import type { ServerToClientEvents } from '../../src/protocol';
import type { Identity } from '../auth';

/** Client events arrive as unknown values: every payload is validated with src/protocol before use. */
export type UntrustedClientEvents = Record<string, (...args: unknown[]) => void>;

export interface SocketData {
  user: Identity;
  /** The room this socket joined, if any. */
  slug: string | null;
  /** The room this socket watches as a spectator, if any: such a socket may not act in a game. */
  watching: string | null;
  /** The wire this socket speaks, from its handshake (docs/protocol.md): SPEC unless it asks for broadside/2. */
  dialect: 'spec' | 'broadside/2';
  /** The id of the socket's handshake request (nginx's X-Request-Id, or the node's own): in its log lines. */
  requestId: string;
  /** Events of this socket not answered yet: a draining node closes the socket once none is (server/operations/drain.ts). */
  pending: number;
}

export type RoomNamespace = Namespace<UntrustedClientEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RoomSocket = Socket<UntrustedClientEvents, ServerToClientEvents, Record<string, never>, SocketData>;
