import type { ErrorCode } from './errors';
import { type ErrorAck, errorAck } from './types';

/**
 * The error ack for an emit that got no answer: TIMEOUT while the socket is connected (the server
 * was too slow), DISCONNECTED when the connection is gone.
 */
export function ackFailure(socket: { readonly connected: boolean }, error: unknown): ErrorAck {
  const code: ErrorCode = socket.connected ? 'TIMEOUT' : 'DISCONNECTED';
  return errorAck(code, error instanceof Error ? error.message : undefined);
}
