import type { z } from 'zod';
import { ackFailure } from './ack-failure';
import { ErrorAckSchema } from './schemas';
import { type Ack, errorAck } from './types';

/** What callWithAck needs of a socket.io client socket, whatever its events. */
interface AckSocket {
  readonly connected: boolean;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
}

/**
 * Emits `event` and reads the acknowledgement: an error ack as the server sent it, the answer
 * checked against `schema`, TIMEOUT or DISCONNECTED when none came, INTERNAL when it cannot be read.
 */
export async function callWithAck<T>(
  socket: AckSocket,
  event: string,
  payload: unknown,
  schema: z.ZodType<T>,
  timeoutMs: number,
): Promise<Ack<T>> {
  let reply: unknown;
  try {
    reply = await socket.timeout(timeoutMs).emitWithAck(event, payload);
  } catch (error) {
    return ackFailure(socket, error);
  }
  const failed = ErrorAckSchema.safeParse(reply);
  if (failed.success) return failed.data;
  const parsed = schema.safeParse(reply);
  return parsed.success ? parsed.data : errorAck('INTERNAL', `unexpected answer to ${event}`);
}
