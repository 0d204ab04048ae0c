import type { Socket } from 'socket.io-client';

/** What connectSocket needs of a socket.io client socket, whatever its events. */
type AnySocket = Pick<Socket, 'connected' | 'active' | 'connect' | 'on' | 'off'>;

/**
 * Connects; rejects with the server's reason (e.g. UNAUTHORIZED) when the handshake is refused.
 * A refusal by the server's middleware is final; transport errors keep retrying.
 */
export function connectSocket(socket: AnySocket): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (): void => {
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
    };
    const onConnect = (): void => {
      done();
      resolve();
    };
    const onError = (error: Error): void => {
      if (socket.active) return;
      done();
      reject(error);
    };
    socket.on('connect', onConnect);
    socket.on('connect_error', onError);
    socket.connect();
  });
}
