import type { FastifyInstance } from 'fastify';
import { messages, sendError } from '../http/errors';
import { UserIdParamSchema, UserSearchQuerySchema } from '../../src/protocol';
import type { Identify } from '../http/identify';
import type { AccountStore } from './account-store';
import { publicUser } from './public-user';

/** The one answer for an id that names no live player (unknown, deleted). */
export const NO_SUCH_PLAYER = 'No such player';

interface Deps {
  readonly identify: Identify;
  readonly accounts: AccountStore;
}

/**
 * A player's public card and the search by name (docs/protocol.md, "Profiles and search"). Any
 * logged-in player may read them, as on the original server; never an e-mail or a password hash.
 */
export function registerProfileRoutes(app: FastifyInstance, { identify, accounts }: Deps): void {
  // Registered before /users/:id would not matter: fastify prefers a static segment to a parameter.
  app.get('/users/search', async (request, reply) => {
    if (!(await identify(request, reply))) return reply;
    const query = UserSearchQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return sendError(reply, 400, messages(query.error));
    const { q, page, pageSize } = query.data;
    const found = await accounts.search(q, page, pageSize);
    return { q, page, pageSize, total: found.total, users: found.users.map(publicUser) };
  });

  app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    const me = await identify(request, reply);
    if (!me) return reply;
    const id = UserIdParamSchema.safeParse(request.params.id);
    if (!id.success) return sendError(reply, 400, messages(id.error));
    const account = await accounts.find(id.data);
    if (!account || account.deletedAt !== null) return sendError(reply, 404, NO_SUCH_PLAYER);
    if (account.id === me.id) return publicUser(account);
    return { ...publicUser(account), blocked: await accounts.blocked(me.id, account.id) };
  });
}
