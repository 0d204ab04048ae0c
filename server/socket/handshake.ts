import type { FastifyBaseLogger } from 'fastify';
import { HandshakeQuerySchema } from '../../src/protocol';
import type { Identity, Tokens } from '../auth';
import type { Storage } from '../db/storage';

interface HandshakeSocket {
  readonly handshake: { readonly query: unknown };
}

/**
 * The socket.io middleware of every namespace: the handshake's token must be valid and name a user
 * that still exists (a token outlives a deleted account), else UNAUTHORIZED. `accept` sets the
 * socket's data for the user.
 */
export function authenticate<S extends HandshakeSocket>(
  { tokens, store, log }: { tokens: Tokens; store: Storage; log: FastifyBaseLogger },
  accept: (socket: S, user: Identity) => void,
): (socket: S, next: (error?: Error) => void) => void {
  return (socket, next) => {
    const query = HandshakeQuerySchema.safeParse(socket.handshake.query);
    const user = query.success ? tokens.verify(query.data.token) : null;
    if (!user) {
      next(new Error('UNAUTHORIZED'));
      return;
    }
    store.users.findUserById(user.id).then(
      (row) => {
        if (!row) {
          next(new Error('UNAUTHORIZED'));
          return;
        }
        accept(socket, user);
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'handshake user lookup failed');
        next(new Error('INTERNAL'));
      },
    );
  };
}
