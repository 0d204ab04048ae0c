import type { FastifyReply } from 'fastify';
import type { LimitDetails } from '../../src/protocol';
import { limitMessage } from '../caps/messages';
import { httpError } from './errors';

/**
 * 429 Too Many Requests with `Retry-After` (seconds, which clients and proxies understand) and, in
 * the body, the machine-readable `reason`, `retryAfter` and `limit` (docs/protocol.md, "Limits").
 * `asList` sends the message as an array, the shape of the POST /room routes.
 */
export function limitReached(reply: FastifyReply, details: LimitDetails, asList = false): FastifyReply {
  const message = limitMessage(details);
  reply.header('retry-after', String(details.retryAfter));
  return reply.code(429).send({ ...httpError(429, asList ? [message] : message), ...details });
}
