import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errors';
import type { Identify } from '../http/identify';
import type { Session } from '../sessions/sessions';

/** The one refusal of an admin route to a logged-in player (docs/protocol.md, "Moderation"). */
export const ADMINS_ONLY = 'This is for moderators only';

/**
 * The caller of an admin route when it is an admin, else null with the answer sent: 401 without a
 * valid token, 403 for anyone else (which tells nothing about what the route holds). The role is
 * read from the database at every check, so a demoted admin is refused at once.
 */
export async function requireAdmin(
  identify: Identify,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Session | null> {
  const session = await identify(request, reply);
  if (!session) return null;
  if (!session.admin) {
    sendError(reply, 403, ADMINS_ONLY);
    return null;
  }
  return session;
}
