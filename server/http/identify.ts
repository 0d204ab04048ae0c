import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth';
import type { Session, Sessions } from '../sessions/sessions';
import { sendError } from './errors';

/** The one refusal of a missing, invalid, expired or logged-out token, or of a deleted user. */
export const TOKEN_REQUIRED = 'A valid access token is required';

/**
 * The caller of an HTTP route, or null with the 401 already sent. Every route that needs a user
 * goes through this (one check, one answer: docs/protocol.md, "Sessions"). `asList` sends the
 * message as an array, the shape the POST /room routes have always used.
 */
export type Identify = (request: FastifyRequest, reply: FastifyReply, asList?: boolean) => Promise<Session | null>;

export function identifyWith(sessions: Sessions): Identify {
  return async (request, reply, asList = false) => {
    const session = await sessions.check(bearerToken(request.headers.authorization));
    if (!session) sendError(reply, 401, asList ? [TOKEN_REQUIRED] : TOKEN_REQUIRED);
    return session;
  };
}
