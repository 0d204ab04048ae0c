import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { capabilitiesBody, FEATURES } from '../../src/protocol/capabilities';
import { sendsMail } from '../accounts/mailer';
import type { ServerConfig } from '../config';
import {
  BotUpgradeBodySchema,
  ComputerGameBodySchema,
  CreateRoomBodySchema,
  LoginBodySchema,
  SignUpBodySchema,
} from '../../src/protocol';
import { hashPassword, type Tokens, verifyPassword } from '../auth';
import type { Storage } from '../db/storage';
import { BotsBusyError, type ComputerPlayers } from '../bots/computer-players';
import type { RoomRegistry } from '../rooms/registry';
import { httpError, messages, sendError } from './errors';
import type { Sessions } from '../sessions/sessions';
import { type Identify, TOKEN_REQUIRED } from './identify';
import { limitReached } from './limit-reply';
import type { AuthLimits } from './rate-limits';
import { type AccountCaps, CapTicket } from '../caps/account-caps';
import type { BotGames } from '../caps/bot-games';
import type { ServerContext } from '../context';
import type { Moderation } from '../moderation/moderation';
import { bannedReply } from '../moderation/banned-reply';

interface Deps {
  readonly store: Storage;
  readonly tokens: Tokens;
  readonly registry: RoomRegistry;
  readonly limits: AuthLimits;
  readonly computers: ComputerPlayers;
  readonly sessions: Sessions;
  readonly identify: Identify;
  readonly caps: AccountCaps;
  readonly botGames: BotGames;
  readonly moderation: Moderation;
  readonly config: ServerConfig;
}

const INVALID_LOGIN = 'Invalid e-mail or password';

export function registerRoutes(
  app: FastifyInstance,
  { store, tokens, registry, limits, computers, sessions, identify, caps, botGames, moderation, config }: Deps,
): void {
  // An unknown e-mail is checked against this hash too, so both failures cost one argon2 verify
  // and the response time does not tell which e-mails are registered.
  const decoyHash = hashPassword(randomUUID());

  app.get('/health', async () => ({ status: 'ok' }));
  // What this server offers beyond the SPEC dialect (docs/protocol.md, "Capabilities"): the web
  // client asks once and hides the rest; the original server answers 404 here.
  // A password reset needs e-mail: offered only where the operator set an SMTP server; spectators
  // read the players' chat only where the operator lets them.
  const features = FEATURES.filter(
    (feature) =>
      (feature !== 'passwordReset' || sendsMail(config)) &&
      (feature !== 'spectatorsReadPlayers' || config.chatSpectatorsReadPlayers),
  );
  app.get('/capabilities', async () => capabilitiesBody(features));

  app.post('/users/auth/sign-up', async (request, reply) => {
    const body = SignUpBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const { username, email, password } = body.data;
    // Counted before the password is hashed: a refused attempt costs no argon2 work.
    const wait = await limits.signUp(request.ip);
    if (wait !== null) return limitReached(reply, { reason: 'SIGN_UPS', retryAfter: wait, limit: 0 });
    const id = randomUUID();
    const created = await store.users.createUser({
      id,
      username,
      email,
      passwordHash: await hashPassword(password),
    });
    if (created === 'USERNAME_TAKEN') return sendError(reply, 409, 'This username is already taken');
    if (created === 'EMAIL_TAKEN') return sendError(reply, 409, 'This e-mail is already registered');
    await moderation.signedUp(id, username, email);
    return reply.code(201).send({ email: email.toLowerCase() });
  });

  app.post('/users/auth/login', async (request, reply) => {
    const body = LoginBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    // Limits apply whether the e-mail is registered or not, so they do not tell which ones are.
    const account = body.data.email.toLowerCase();
    const wait = await limits.loginBlocked(account, request.ip);
    if (wait !== null) return limitReached(reply, { reason: 'LOGIN_FAILURES', retryAfter: wait, limit: 0 });
    const user = await store.users.findUserByEmail(body.data.email);
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash), body.data.password);
    if (!user || !matches) {
      await limits.loginFailed(account, request.ip);
      return sendError(reply, 401, INVALID_LOGIN);
    }
    await limits.loginSucceeded(account);
    // A banned account learns it is banned, until when and why, only once its password is right.
    const ban = await moderation.activeBan(user.id);
    if (ban) return bannedReply(reply, ban);
    return reply.code(201).send({ access_token: tokens.sign({ id: user.id, username: user.username }) });
  });

  app.post('/room', async (request, reply) => {
    // Identity comes from the token, never from the body (docs/protocol.md).
    const user = await identify(request, reply, true);
    if (!user) return reply;
    const body = CreateRoomBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    // Per-account caps (docs/deploy.md): a public room is also a room waiting to start.
    const isPublic = body.data.public === true;
    const ticket = await caps.take(isPublic ? ['WAITING_ROOMS', 'PUBLIC_ROOMS'] : ['WAITING_ROOMS'], user.id);
    if (!(ticket instanceof CapTicket)) return limitReached(reply, ticket, true);
    let slug: string;
    try {
      slug = await registry.create(user.id, {
        isPublic,
        turnSeconds: body.data.turnSeconds ?? null,
        ...(body.data.rules ? { rules: body.data.rules } : {}),
      });
    } catch (error) {
      await ticket.cancel();
      throw error;
    }
    await ticket.holdAs(slug);
    return reply.code(201).send({ slug });
  });

  // A game against the server's computer player: the room is made with both members seated and
  // the ships to place (issue 12).
  app.post('/room/computer', async (request, reply) => {
    const user = await identify(request, reply, true);
    if (!user) return reply;
    const body = ComputerGameBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const ticket = await caps.take(['COMPUTER_GAMES'], user.id);
    if (!(ticket instanceof CapTicket)) return limitReached(reply, ticket, true);
    // The computer is a bot too: a bot account's games against it count among its bot games.
    const bots = user.title === 'BOT' ? [user.id] : [];
    const refused = await botGames.take(bots);
    if (refused) {
      await ticket.cancel();
      return limitReached(reply, refused, true);
    }
    try {
      const game = await computers.createGame(user, body.data.level, body.data.rules);
      await ticket.holdAs(game.slug);
      return reply.code(201).send(game);
    } catch (error) {
      await ticket.cancel();
      await botGames.give(bots);
      if (error instanceof BotsBusyError) return sendError(reply, 503, [error.message]);
      throw error;
    }
  });

  app.get('/users/me', async (request, reply) => {
    const user = await identify(request, reply);
    if (!user) return reply;
    const row = await store.users.findUserById(user.id);
    if (!row) return sendError(reply, 401, TOKEN_REQUIRED);
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      title: row.botSince == null ? null : 'BOT',
      role: user.admin ? 'admin' : 'player',
      ...(await store.users.record(row.id)),
    };
  });

  // Upgrades the caller's account to a bot account, for good (docs/engines.md, "Bot accounts"): an
  // explicit call, as lichess has it, allowed while the account has played no rated game.
  app.post('/users/me/bot', async (request, reply) => {
    const user = await identify(request, reply);
    if (!user) return reply;
    const body = BotUpgradeBodySchema.safeParse(request.body ?? undefined);
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const done = await store.users.upgradeToBot(user.id);
    if (done.outcome === 'NOT_FOUND') return sendError(reply, 401, TOKEN_REQUIRED);
    if (done.outcome === 'RATED_GAMES') {
      return reply.code(409).send({
        ...httpError(
          409,
          'This account has played rated games, so it cannot become a bot account: sign up a new account for your bot',
        ),
        reason: 'RATED_GAMES',
      });
    }
    const upgraded = done.outcome === 'UPGRADED';
    if (upgraded) request.log.info({ user: user.id }, 'account upgraded to a bot account');
    return reply
      .code(upgraded ? 201 : 200)
      .send({ id: user.id, username: user.username, title: 'BOT', botSince: done.botSince, upgraded });
  });

  app.get('/users/me/games', async (request, reply) => {
    const user = await identify(request, reply);
    if (!user) return reply;
    return { games: await store.rooms.gamesInProgress(user.id) };
  });

  // Logout that logs out (docs/protocol.md, "Sessions"): this token is refused from now on, everywhere.
  app.post('/users/auth/logout', async (request, reply) => {
    const session = await identify(request, reply);
    if (!session) return reply;
    await sessions.logOut(session);
    return reply.code(204).send();
  });

  // "Log out everywhere": every token of the account issued until now, on every device.
  app.post('/users/auth/logout-everywhere', async (request, reply) => {
    const session = await identify(request, reply);
    if (!session) return reply;
    await sessions.logOutEverywhere(session);
    return reply.code(204).send();
  });
}

/** Accounts, sessions and rooms (the SPEC's routes and their neighbours) as a plugin. */
export const accountAndRoomRoutes = fp<ServerContext>(async (app, ctx) => registerRoutes(app, ctx), {
  name: 'accounts-and-rooms',
});
