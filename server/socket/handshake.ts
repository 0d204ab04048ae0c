import type { FastifyBaseLogger } from 'fastify';
import { HandshakeQuerySchema } from '../../src/protocol';
import { accountRoom, type Session, type Sessions, tokenRoom } from '../sessions/sessions';

interface HandshakeSocket {
  readonly handshake: { readonly query: unknown };
  join(rooms: string[]): unknown;
}

/**
 * The socket.io middleware of every namespace: the handshake's token goes through the same
 * identity check as every HTTP route (server/sessions/sessions.ts), else UNAUTHORIZED. An accepted
 * socket joins its token's and its account's rooms, through which a logout closes it on any node.
 * `accept` sets the socket's data for the user.
 */
export function authenticate<S extends HandshakeSocket>(
  { sessions, log }: { sessions: Sessions; log: FastifyBaseLogger },
  accept: (socket: S, user: Session) => void,
): (socket: S, next: (error?: Error) => void) => void {
  return (socket, next) => {
    const query = HandshakeQuerySchema.safeParse(socket.handshake.query);
    sessions.check(query.success ? query.data.token : null).then(
      (session) => {
        if (!session) {
          next(new Error('UNAUTHORIZED'));
          return;
        }
        socket.join([tokenRoom(session.digest), accountRoom(session.id)]);
        accept(socket, session);
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'handshake identity check failed');
        next(new Error('INTERNAL'));
      },
    );
  };
}
