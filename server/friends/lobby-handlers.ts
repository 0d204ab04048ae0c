import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ChallengeIdPayloadSchema,
  ChallengePayloadSchema,
  DeclineChallengePayloadSchema,
} from '../../src/protocol/challenges';
import { AwayPayloadSchema } from '../../src/protocol/friends';
import { type LobbyNamespace, type LobbySocket, onLobbyEvent } from '../lobby/namespace';
import { peopleErrorAck } from './answer';
import type { Challenges } from './challenges';
import type { Friends } from './friends';
import type { Messages } from './messages';
import { PeopleError } from './people-error';
import { LEAVE_GRACE_MS, type PresenceBook } from './presence';

interface Deps {
  readonly friends: Friends;
  readonly challenges: Challenges;
  readonly messages: Messages;
  readonly presence: PresenceBook;
  readonly log: FastifyBaseLogger;
}

/**
 * What /lobby does for people (docs/protocol.md, "/lobby for people"): on connecting, a socket is
 * sent where its user's friends are, the challenges waiting, and the unread count, and the friends
 * are told the user is here; it then sends `away`, and challenges and their answers.
 */
export function servePeople(lobby: LobbyNamespace, deps: Deps): void {
  const { challenges, presence, log } = deps;
  lobby.on('connection', (socket) => {
    const { user } = socket.data;
    socket.data.away = false;
    presence.changed(user.id);
    welcome(socket, deps).catch((error: unknown) =>
      log.error({ err: error, user: user.id }, 'sending friends and challenges to a new lobby socket failed'),
    );

    const handle = <S extends z.ZodType>(event: string, schema: S, run: (payload: z.infer<S>) => Promise<unknown>) =>
      onLobbyEvent(
        socket,
        event,
        schema,
        async (payload) => {
          try {
            return await run(payload);
          } catch (error) {
            if (error instanceof PeopleError) return peopleErrorAck(error);
            throw error;
          }
        },
        log,
      );

    handle('away', AwayPayloadSchema, async ({ away }) => {
      if (socket.data.away !== away) {
        socket.data.away = away;
        presence.changed(user.id);
      }
      return null;
    });
    handle('challenge', ChallengePayloadSchema, ({ userId, username, rules, turnSeconds }) =>
      challenges.create(user, { userId, username }, { rules, turnSeconds }),
    );
    handle('acceptChallenge', ChallengeIdPayloadSchema, ({ id }) => challenges.accept(user, id));
    handle('declineChallenge', DeclineChallengePayloadSchema, async ({ id, reason }) => {
      await challenges.decline(user, id, reason);
      return null;
    });
    handle('cancelChallenge', ChallengeIdPayloadSchema, async ({ id }) => {
      await challenges.cancel(user, id);
      return null;
    });

    socket.on('disconnect', () => presence.changed(user.id, LEAVE_GRACE_MS));
  });
}

/** What a new /lobby socket is sent first: where each friend is, the pending challenges, the unread count. */
async function welcome(socket: LobbySocket, { friends, challenges, messages, presence }: Deps): Promise<void> {
  const me = socket.data.user.id;
  const [where, pending, unread] = await Promise.all([
    friends.friendIds(me).then((ids) => presence.of(ids)),
    challenges.pending(me),
    messages.unread(me),
  ]);
  socket.emit('friendsPresence', { friends: [...where.values()] });
  socket.emit('challenges', pending);
  socket.emit('unread', unread);
}
