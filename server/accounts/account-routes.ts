import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AccountExport,
  DeleteUserBodySchema,
  deletedUsername,
  type HistoryEntry,
  UpdateUserBodySchema,
  UserIdParamSchema,
} from '../../src/protocol';
import { hashPassword } from '../auth';
import type { ServerContext } from '../context';
import { messages, sendError } from '../http/errors';
import type { Session } from '../sessions/sessions';
import type { AccountChanges, AccountRow, AccountStore } from './account-store';
import type { Mailer } from './mailer';
import { accountChangeMail } from './notice-mail';
import type { MailLanguage } from './reset-mail';
import { passwordConfirmed } from './password-check';
import { NO_SUCH_PLAYER } from './profile-routes';
import { ownAccount, publicUser } from './public-user';

type UserParams = { Params: { id: string } };

/** Finished games read per query while exporting (each page's ids go into one `in (…)` list). */
const EXPORT_PAGE = 200;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * Your account (docs/protocol.md, "Your account"): `PUT /users/:id` and `DELETE /users/:id` by
 * their owner or an admin (an admin's acts go to the audit log), and `GET /users/me/export`. Every
 * check comes before the first write, and each change is one transaction: a refused request
 * changes nothing.
 */
export function registerAccountRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  accounts: AccountStore,
  mailer: Mailer | null,
): void {
  const { identify, sessions, tokens, audit, moderation, limits, accountHooks } = ctx;

  /**
   * Where the server sends e-mail, the address the account had hears of a new e-mail or password
   * (after the answer: a slow SMTP server delays nobody, and a failure changes nothing).
   */
  const notify = (account: AccountRow, changes: AccountChanges, language: MailLanguage): void => {
    if (!mailer || (changes.email === undefined && changes.passwordHash === undefined)) return;
    const mail = accountChangeMail(language, account.email, {
      username: changes.username ?? account.username,
      newEmail: changes.email ?? null,
      password: changes.passwordHash !== undefined,
      resetUrl: `${mailer.publicUrl}/reset-password`,
    });
    setImmediate(() => {
      mailer.send(mail).catch((error: unknown) => app.log.error({ err: error }, 'sending an account notice failed'));
    });
  };

  /**
   * The caller, the target account (live, a person) and whether it is the caller's own, or null
   * with the answer sent: 400 for a malformed id, 403 for someone else's account unless an admin
   * asks, 404 for no such (live) account.
   */
  const targetOf = async (
    request: FastifyRequest<UserParams>,
    reply: FastifyReply,
    what: 'change' | 'delete',
  ): Promise<{ me: Session; account: AccountRow; own: boolean } | null> => {
    const me = await identify(request, reply);
    if (!me) return null;
    const id = UserIdParamSchema.safeParse(request.params.id);
    if (!id.success) {
      sendError(reply, 400, messages(id.error));
      return null;
    }
    const own = id.data === me.id || id.data === 'me';
    if (!own && !me.admin) {
      sendError(reply, 403, `You may ${what} only your own account`);
      return null;
    }
    const account = await accounts.find(own ? me.id : id.data);
    if (!account || account.deletedAt !== null) {
      sendError(reply, 404, NO_SUCH_PLAYER);
      return null;
    }
    if (account.botLevel !== null) {
      sendError(reply, 400, 'The computer players cannot be changed or deleted');
      return null;
    }
    return { me, account, own };
  };

  app.put<UserParams>('/users/:id', async (request, reply) => {
    const target = await targetOf(request, reply, 'change');
    if (!target) return reply;
    const { me, account, own } = target;
    const body = UpdateUserBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const { username, email, password, currentPassword, role, reason, language } = body.data;
    if (role !== undefined && !me.admin) return sendError(reply, 403, 'Only a moderator can change a role');
    if (role !== undefined && own) return sendError(reply, 400, 'A moderator cannot change their own role');
    if (own && (email !== undefined || password !== undefined) && currentPassword === undefined) {
      return sendError(reply, 400, 'currentPassword is required to change the e-mail or the password');
    }
    if (own && currentPassword !== undefined) {
      if (!(await passwordConfirmed(limits, request, reply, account, currentPassword))) return reply;
    }

    const changes: { -readonly [K in keyof AccountChanges]: AccountChanges[K] } = {};
    if (username !== undefined && username !== account.username) changes.username = username;
    if (email !== undefined && email.toLowerCase() !== account.email) changes.email = email;
    if (password !== undefined) changes.passwordHash = await hashPassword(password);
    const now = Date.now();
    // A new password ends every session of the account, in the same statement.
    const outcome = await accounts.change(account.id, changes, password === undefined ? null : now);
    if (outcome === 'USERNAME_TAKEN') return sendError(reply, 409, 'This username is already taken');
    if (outcome === 'EMAIL_TAKEN') return sendError(reply, 409, 'This e-mail is already registered');
    if (outcome === 'NOT_FOUND') return sendError(reply, 404, NO_SUCH_PLAYER);
    notify(account, changes, language ?? 'en');
    if (role !== undefined && role !== account.role) {
      await moderation.setRole({ id: me.id, username: me.username }, account.id, role, reason ?? 'PUT /users/:id');
    }
    const fields = Object.keys(changes).map((field) => (field === 'passwordHash' ? 'password' : field));
    if (!own && fields.length > 0) {
      await audit.record({
        actor: { id: me.id, username: me.username },
        action: 'edit-account',
        target: { userId: account.id, username: account.username },
        reason: reason ?? null,
        details: { fields, ...(changes.username ? { username: changes.username } : {}) },
      });
    }
    const updated = (await accounts.find(account.id)) ?? account;
    // The token names the user, and a new password refused the old one: the caller gets a new token
    // (signed after the change's `sessions_from`, so it is not refused with the others).
    const renewed = own && (changes.username !== undefined || password !== undefined);
    const answer = own
      ? {
          ...ownAccount(updated),
          ...(renewed ? { access_token: tokens.sign({ id: updated.id, username: updated.username }) } : {}),
        }
      : publicUser(updated);
    if (password === undefined) return answer;
    // The sockets of the ended sessions close on every node once the answer is on its way, so the
    // caller's page has its new token before its own sockets drop (they reconnect with it).
    reply.send(answer);
    sessions.disconnectAccount(account.id);
    return reply;
  });

  app.delete<UserParams>('/users/:id', async (request, reply) => {
    const target = await targetOf(request, reply, 'delete');
    if (!target) return reply;
    const { me, account, own } = target;
    const body = DeleteUserBodySchema.safeParse(request.body ?? undefined);
    if (!body.success) return sendError(reply, 400, messages(body.error));
    if (own) {
      const password = body.data?.password;
      if (password === undefined) return sendError(reply, 400, 'password is required to delete your account');
      if (!(await passwordConfirmed(limits, request, reply, account, password))) return reply;
    } else if (account.role === 'admin') {
      return sendError(reply, 400, 'A moderator’s account cannot be deleted: change their role first');
    }
    const deleted = await accounts.delete(account.id, Date.now(), (userId, tx) => accountHooks.deleted(userId, tx));
    if (!deleted) return sendError(reply, 404, NO_SUCH_PLAYER);
    await audit.record({
      // An owner's deletion keeps no name: the log says only that this id was deleted by itself.
      actor: own ? { id: account.id, username: deletedUsername(account.id) } : { id: me.id, username: me.username },
      action: 'delete-account',
      target: { userId: account.id, username: own ? null : account.username },
      reason: own ? 'deleted by its owner' : (body.data?.reason ?? null),
    });
    request.log.info({ user: account.id, by: own ? 'owner' : me.id }, 'account deleted');
    // Every token refused on every node (the database says so at each check) and every socket closed,
    // once the answer is on its way: the owner's page learns of the deletion before its sockets drop.
    reply.send({});
    await sessions.endAccount(account.id);
    return reply;
  });

  app.get('/users/me/export', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const account = await accounts.find(me.id);
    if (!account || account.deletedAt !== null) return sendError(reply, 404, NO_SUCH_PLAYER);
    const games: HistoryEntry[] = [];
    for (let page = 1; ; page++) {
      const { total, games: some } = await ctx.store.history.finishedGames(me.id, page, EXPORT_PAGE);
      games.push(...some);
      if (some.length === 0 || games.length >= total) break;
    }
    const status = await moderation.status(me.id);
    const body: AccountExport = {
      format: 'broadside-account/1',
      exportedAt: new Date().toISOString(),
      account: {
        id: account.id,
        username: account.username,
        email: account.email,
        role: account.role,
        createdAt: new Date(account.createdAt).toISOString(),
        title: account.botSince === null ? null : 'BOT',
        botSince: iso(account.botSince),
        bannedUntil: iso(status?.bannedUntil ?? null),
        mutedUntil: iso(status?.mutedUntil ?? null),
      },
      byRules: await ctx.ratings.stats(me.id),
      games,
      gamesInProgress: await ctx.store.rooms.gamesInProgress(me.id),
      blocked: await ctx.blocks.list(me.id),
      more: await accountHooks.exported(me.id),
    };
    return reply.header('content-disposition', 'attachment; filename="broadside-account.json"').send(body);
  });
}
