import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PASSWORD_RESET_SENT, PasswordResetConfirmSchema, PasswordResetRequestSchema } from '../../src/protocol';
import { hashPassword } from '../auth';
import { messages, sendError } from '../http/errors';
import { limitReached } from '../http/limit-reply';
import type { Sessions } from '../sessions/sessions';
import type { AccountStore } from './account-store';
import type { Mailer } from './mailer';
import { type PasswordResets, RESET_LINK_MINUTES } from './password-resets';
import type { ResetLimits } from './reset-limits';
import { type MailLanguage, resetLink, resetMail } from './reset-mail';

/** The answer where no SMTP server is set (the web client says so before anyone asks). */
export const NO_MAIL =
  'This server sends no e-mail, so a forgotten password cannot be reset here: ask the server’s operator';
/** The one refusal of a reset link that is unknown, used or past its hour. */
export const BAD_RESET_LINK = 'This link is invalid or has expired: ask for a new one';

interface Deps {
  readonly accounts: AccountStore;
  readonly resets: PasswordResets;
  readonly limits: ResetLimits;
  readonly mailer: Mailer | null;
  readonly sessions: Sessions;
  readonly log: FastifyBaseLogger;
}

/**
 * "Forgot your password?" (docs/protocol.md, "Password reset"): a link by e-mail through the
 * operator's SMTP server, then a new password. The request answers the same whether the e-mail is
 * registered or not, and in the same time: the lookup and the e-mail happen after the answer.
 */
export function registerResetRoutes(app: FastifyInstance, deps: Deps): void {
  const { accounts, resets, limits, mailer, sessions, log } = deps;

  /** Looks the e-mail up and sends the link: after the answer, whose wording and timing tell nothing. */
  const sendLink = async (email: string, language: MailLanguage): Promise<void> => {
    if (!mailer) return;
    const account = await accounts.findByEmail(email);
    if (!account || !(await limits.mail(account.email))) return;
    const token = await resets.issue(account.id);
    const link = resetLink(mailer.publicUrl, token);
    await mailer.send(resetMail(language, account.email, account.username, link, RESET_LINK_MINUTES));
    log.info({ user: account.id }, 'password reset link sent');
  };

  app.post('/users/auth/password-reset', async (request, reply) => {
    if (!mailer) return sendError(reply, 501, NO_MAIL);
    const body = PasswordResetRequestSchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const wait = await limits.request(request.ip);
    if (wait !== null) return limitReached(reply, { reason: 'PASSWORD_RESETS', retryAfter: wait, limit: 0 });
    const { email, language } = body.data;
    setImmediate(() => {
      sendLink(email, language ?? 'en').catch((error: unknown) =>
        log.error({ err: error }, 'sending a password reset link failed'),
      );
    });
    return reply.code(202).send({ message: PASSWORD_RESET_SENT });
  });

  app.post('/users/auth/password-reset/confirm', async (request, reply) => {
    if (!mailer) return sendError(reply, 501, NO_MAIL);
    const body = PasswordResetConfirmSchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const userId = await resets.use(body.data.token);
    if (userId === null) return sendError(reply, 400, BAD_RESET_LINK);
    const now = Date.now();
    const outcome = await accounts.change(userId, { passwordHash: await hashPassword(body.data.password) }, now);
    if (outcome !== 'OK') return sendError(reply, 400, BAD_RESET_LINK);
    // Whoever held a session of the account (maybe the one who guessed the old password) is out.
    await sessions.endAccount(userId);
    log.info({ user: userId }, 'password reset');
    return { message: 'Your password is changed: log in with it' };
  });
}
