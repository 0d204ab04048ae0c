import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserIdParamSchema } from '../../src/protocol';
import { ChallengeSettingsSchema } from '../../src/protocol/challenges';
import { ConversationQuerySchema, MessageBodySchema } from '../../src/protocol/direct-messages';
import { AddFriendBodySchema, FriendRequestBodySchema } from '../../src/protocol/friends';
import type { Identify } from '../http/identify';
import { answer } from './answer';
import type { ChallengeStore } from './challenge-store';
import type { Friends } from './friends';
import type { Messages } from './messages';
import { PeopleError } from './people-error';
import type { PresenceBook } from './presence';

interface Deps {
  readonly identify: Identify;
  readonly friends: Friends;
  readonly messages: Messages;
  readonly presence: PresenceBook;
  readonly challengeStore: ChallengeStore;
}

type IdParams = { Params: { id: string } };

/** The id in the path, or a 400 PeopleError. */
function idOf(request: FastifyRequest<IdParams>): string {
  const id = UserIdParamSchema.safeParse(request.params.id);
  if (!id.success) throw new PeopleError(400, 'BAD_PAYLOAD', 'Invalid id');
  return id.data;
}

/**
 * The HTTP routes of friends and direct messages (docs/protocol.md, "Friends", "Direct messages"):
 * the original system's paths, bodies and answers (POST answers 201, as NestJS does), and ours
 * beside them.
 */
export function friendsRoutes(
  app: FastifyInstance,
  { identify, friends, messages, presence, challengeStore }: Deps,
): void {
  app.get('/friends/me', (request, reply) => answer(identify, request, reply, {}, (me) => friends.list(me.id)));

  app.post('/friends/add', (request, reply) =>
    answer(identify, request, reply, { body: AddFriendBodySchema, status: 201 }, async (me, body) => {
      const done = await friends.add(me.id, body);
      return done.kind === 'request' ? done.request : done.answer;
    }),
  );
  app.get('/friends/requests', (request, reply) =>
    answer(identify, request, reply, {}, (me) => friends.requests(me.id, 'received')),
  );
  app.get('/friends/pending', (request, reply) =>
    answer(identify, request, reply, {}, (me) => friends.requests(me.id, 'sent')),
  );
  app.post('/friends/accept', (request, reply) =>
    answer(identify, request, reply, { body: FriendRequestBodySchema, status: 201 }, (me, body) =>
      friends.accept(me.id, body.frId),
    ),
  );
  app.post('/friends/decline', (request, reply) =>
    answer(identify, request, reply, { body: FriendRequestBodySchema, status: 201 }, (me, body) =>
      friends.dismiss(me.id, body.frId, 'declined'),
    ),
  );
  app.post('/friends/cancel', (request, reply) =>
    answer(identify, request, reply, { body: FriendRequestBodySchema, status: 201 }, (me, body) =>
      friends.dismiss(me.id, body.frId, 'cancelled'),
    ),
  );
  app.get('/friends/presence', (request, reply) =>
    answer(identify, request, reply, {}, async (me) => ({
      friends: [...(await presence.of(await friends.friendIds(me.id))).values()],
    })),
  );
  app.delete<IdParams>('/friends/:id', (request, reply) =>
    answer(identify, request, reply, {}, async (me) => {
      await friends.remove(me.id, idOf(request));
      return {};
    }),
  );

  app.get('/users/me/challenge-settings', (request, reply) =>
    answer(identify, request, reply, {}, async (me) => ({
      from: (await challengeStore.challengesFrom(me.id)) ?? 'everyone',
    })),
  );
  app.put('/users/me/challenge-settings', (request, reply) =>
    answer(identify, request, reply, { body: ChallengeSettingsSchema }, async (me, body) => {
      await challengeStore.setChallengesFrom(me.id, body.from);
      return body;
    }),
  );

  app.get('/messages', (request, reply) => answer(identify, request, reply, {}, (me) => messages.everything(me.id)));
  app.get('/messages/conversations', (request, reply) =>
    answer(identify, request, reply, {}, async (me) => ({ conversations: await messages.conversations(me.id) })),
  );
  app.get('/messages/unread', (request, reply) => answer(identify, request, reply, {}, (me) => messages.unread(me.id)));
  app.post<IdParams>('/messages/:id', (request, reply) =>
    answer(identify, request, reply, { body: MessageBodySchema, status: 201 }, (me, body) =>
      messages.send(me.id, idOf(request), body.message),
    ),
  );
  app.get<IdParams>('/messages/:id', (request, reply) =>
    answer(identify, request, reply, { query: ConversationQuerySchema }, (me, _body, query) =>
      messages.conversation(me.id, idOf(request), query),
    ),
  );
  app.post<IdParams>('/messages/:id/read', (request, reply) =>
    answer(identify, request, reply, { status: 201 }, async (me) => ({
      read: await messages.markRead(me.id, idOf(request)),
    })),
  );
  app.put<IdParams>('/messages/:id', (request, reply) =>
    answer(identify, request, reply, { body: MessageBodySchema }, (me, body) =>
      messages.edit(me.id, idOf(request), body.message),
    ),
  );
  app.delete<IdParams>('/messages/:id', (request, reply) =>
    answer(identify, request, reply, {}, (me) => messages.remove(me.id, idOf(request))),
  );
}
