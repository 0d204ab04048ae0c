import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ComputerGameBodySchema, CreateRoomBodySchema, LoginBodySchema, SignUpBodySchema } from '../../src/protocol';
import { hashPassword, type Identity, requestIdentity, type Tokens, verifyPassword } from '../auth';
import type { Storage } from '../db/storage';
import { BotsBusyError, type ComputerPlayers } from '../bots/computer-players';
import type { RoomRegistry } from '../rooms/registry';
import { messages, sendError } from './errors';
import type { AuthLimits } from './rate-limits';

interface Deps {
  readonly store: Storage;
  readonly tokens: Tokens;
  readonly registry: RoomRegistry;
  readonly limits: AuthLimits;
  readonly computers: ComputerPlayers;
}

const INVALID_LOGIN = 'Invalid e-mail or password';

/** 429 with Retry-After (seconds), which clients and proxies understand. */
function tooMany(reply: FastifyReply, seconds: number, what: string): FastifyReply {
  reply.header('retry-after', String(seconds));
  return sendError(reply, 429, `Too many ${what}: try again in ${waitText(seconds)}`);
}

const waitText = (seconds: number): string =>
  seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

export function registerRoutes(app: FastifyInstance, { store, tokens, registry, limits, computers }: Deps): void {
  // An unknown e-mail is checked against this hash too, so both failures cost one argon2 verify
  // and the response time does not tell which e-mails are registered.
  const decoyHash = hashPassword(randomUUID());

  const identify = (request: FastifyRequest): Identity | null => requestIdentity(tokens, request.headers.authorization);

  app.get('/health', async () => ({ status: 'ok' }));

  app.post('/users/auth/sign-up', async (request, reply) => {
    const body = SignUpBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    const { username, email, password } = body.data;
    // Counted before the password is hashed: a refused attempt costs no argon2 work.
    const wait = await limits.signUp(request.ip);
    if (wait !== null) return tooMany(reply, wait, 'sign-ups from this address');
    const created = await store.users.createUser({
      id: randomUUID(),
      username,
      email,
      passwordHash: await hashPassword(password),
    });
    if (created === 'USERNAME_TAKEN') return sendError(reply, 409, 'This username is already taken');
    if (created === 'EMAIL_TAKEN') return sendError(reply, 409, 'This e-mail is already registered');
    return reply.code(201).send({ email: email.toLowerCase() });
  });

  app.post('/users/auth/login', async (request, reply) => {
    const body = LoginBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    // Limits apply whether the e-mail is registered or not, so they do not tell which ones are.
    const account = body.data.email.toLowerCase();
    const wait = await limits.loginBlocked(account, request.ip);
    if (wait !== null) return tooMany(reply, wait, 'failed logins');
    const user = await store.users.findUserByEmail(body.data.email);
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash), body.data.password);
    if (!user || !matches) {
      await limits.loginFailed(account, request.ip);
      return sendError(reply, 401, INVALID_LOGIN);
    }
    await limits.loginSucceeded(account);
    return reply.code(201).send({ access_token: tokens.sign({ id: user.id, username: user.username }) });
  });

  app.post('/room', async (request, reply) => {
    const user = identify(request);
    if (!user) return sendError(reply, 401, ['A valid access token is required']);
    const body = CreateRoomBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    // Identity comes from the token, never from the body (docs/protocol.md, POST /room).
    if (!(await store.users.findUserById(user.id))) return sendError(reply, 401, ['Unknown user']);
    return reply.code(201).send({
      slug: await registry.create(user.id, {
        isPublic: body.data.public === true,
        turnSeconds: body.data.turnSeconds ?? null,
      }),
    });
  });

  // A game against the server's computer player: the room is made with both members seated and
  // the ships to place (issue 12).
  app.post('/room/computer', async (request, reply) => {
    const user = identify(request);
    if (!user) return sendError(reply, 401, ['A valid access token is required']);
    const body = ComputerGameBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, messages(body.error));
    if (!(await store.users.findUserById(user.id))) return sendError(reply, 401, ['Unknown user']);
    try {
      return reply.code(201).send(await computers.createGame(user, body.data.level));
    } catch (error) {
      if (error instanceof BotsBusyError) return sendError(reply, 503, [error.message]);
      throw error;
    }
  });

  app.get('/users/me', async (request, reply) => {
    const user = identify(request);
    if (!user) return sendError(reply, 401, 'A valid access token is required');
    const row = await store.users.findUserById(user.id);
    if (!row) return sendError(reply, 401, 'Unknown user');
    return { id: row.id, username: row.username, email: row.email, ...(await store.users.record(row.id)) };
  });

  app.get('/users/me/games', async (request, reply) => {
    const user = identify(request);
    if (!user) return sendError(reply, 401, 'A valid access token is required');
    if (!(await store.users.findUserById(user.id))) return sendError(reply, 401, 'Unknown user');
    return { games: await store.rooms.gamesInProgress(user.id) };
  });
}
