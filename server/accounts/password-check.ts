import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth';
import { sendError } from '../http/errors';
import { limitReached } from '../http/limit-reply';
import type { AuthLimits } from '../http/rate-limits';
import type { AccountRow } from './account-store';

/** The refusal of a wrong current password (403: the token is fine, the proof is not). */
export const WRONG_PASSWORD = 'The current password is wrong';

/**
 * Checks the password an owner gives to change their e-mail or password or to delete the account.
 * A wrong one counts as a failed login for the account and the address (docs/protocol.md,
 * "Limits"), so a stolen token cannot be used to guess the password; past the limit even the
 * right one gets 429. True when it is right; otherwise false with the answer sent.
 */
export async function passwordConfirmed(
  limits: AuthLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
  password: string,
): Promise<boolean> {
  const wait = await limits.loginBlocked(account.email, request.ip);
  if (wait !== null) {
    limitReached(reply, { reason: 'LOGIN_FAILURES', retryAfter: wait, limit: 0 });
    return false;
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    await limits.loginFailed(account.email, request.ip);
    sendError(reply, 403, WRONG_PASSWORD);
    return false;
  }
  await limits.loginSucceeded(account.email);
  return true;
}
