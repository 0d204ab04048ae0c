import fp from 'fastify-plugin';
import { botLevelOf } from '../../src/bots/levels';
import {
  type ChatLine,
  ChatPayloadSchema,
  isErrorAck,
  type SpecChatPayload,
  SpecChatPayloadSchema,
  specPayloadText,
} from '../../src/protocol';
import type { ServerContext } from '../context';
import { afterPublish } from '../socket/publish';
import { ChatStore } from './chat-store';
import { ChatDelivery } from './delivery';
import { Mutes } from './mutes';
import { Reports } from './reports';
import { RoomChat } from './room-chat';
import { registerChatRoutes } from './routes';
import { TalkLimiter } from './talk-limiter';

/** The SPEC dialect's acknowledgement of a line, as the original server answers it: `{message}` with a sentence. */
export const SPEC_CHAT_ACK = { message: 'Message sent' } as const;

/**
 * Chat (docs/protocol.md, "Chat"; docs/game.md, "Chat"): the /room `chat` event in both dialects,
 * the lines a socket may read when it comes into a room, the computer's words, a player's own
 * mutes, reports and the moderators' routes for them. Registered in server/app.ts in one line.
 */
export const chatPlugin = fp<ServerContext>(
  async (app, ctx) => {
    const { store: main, nsp, roomEvents, config, redis, log } = { ...ctx, log: ctx.app.log };
    const store = new ChatStore(main.db);
    const mutes = new Mutes(main.db);
    const reports = new Reports(main.db);
    const delivery = new ChatDelivery(nsp);
    const chat = new RoomChat({
      store,
      mutes,
      delivery,
      limiter: new TalkLimiter(
        'CHAT_LINES',
        { points: config.chatLinesPerWindow, seconds: config.chatWindowSeconds },
        redis,
      ),
      mutedUntil: (userId) => ctx.moderation.mutedUntil(userId),
      thinking: { minMs: config.botDelayMinMs, maxMs: config.botDelayMaxMs },
      spectatorsReadPlayers: config.chatSpectatorsReadPlayers,
      log,
    });
    ctx.onStop(() => chat.stop());

    roomEvents.add(
      'chat',
      ChatPayloadSchema,
      async (socket, payload, reply) => {
        // The table read a SPEC socket's payload with SpecChatPayloadSchema (below): its text, echoed in its shape.
        if (socket.data.dialect === 'spec') {
          const asSent = payload as unknown as SpecChatPayload;
          const ack = await chat.say(socket, { text: specPayloadText(asSent) }, asSent);
          return reply(isErrorAck(ack) ? ack : SPEC_CHAT_ACK);
        }
        reply(await chat.say(socket, payload, null));
      },
      { forSpectators: true, specSchema: SpecChatPayloadSchema },
    );

    roomEvents.onVisit(({ socket, slug, as, entered }) => {
      const audience = as === 'player' ? 'players' : 'spectators';
      delivery.visit(socket, slug, audience, entered);
      if (entered)
        chat
          .entered(socket, slug, audience)
          .catch((error: unknown) => log.error({ err: error, slug }, 'chat history failed'));
    });

    // On the node that plays the room: at the end of a game, the computer's "well played", and the
    // spectators' lines for the players.
    const told = new WeakMap<object, number>();
    afterPublish(nsp, (room) => {
      if (room.state.status !== 'ENDED' || room.gameId === null || told.get(room) === room.gameId) return;
      told.set(room, room.gameId);
      const members = [...room.members.values()];
      const computers = members.filter((m) => botLevelOf(m.userId) !== null && m.socketId !== null);
      chat
        .ended(room.slug, room.gameId, members, computers)
        .catch((error: unknown) => log.error({ err: error, slug: room.slug }, 'chat at the end of a game failed'));
    });

    registerChatRoutes(app, {
      ctx,
      store,
      mutes,
      reports,
      reportLimiter: new TalkLimiter('REPORTS', { points: config.reportsPerHour, seconds: 3600 }, redis),
      transcripts: ctx.transcripts,
    });

    // A deleted account's words and mutes go with it; reports about it stay with the moderators.
    ctx.accountHooks.onDelete(async (userId, tx) => {
      await tx.deleteFrom('chat_lines').where('user_id', '=', userId).execute();
      await tx
        .deleteFrom('chat_mutes')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('muted_id', '=', userId)]))
        .execute();
    });
    ctx.accountHooks.onExport('chat', async (userId) => ({
      lines: await store.byAuthor(userId),
      muted: await mutes.list(userId),
      reportsFiled: await reports.filedBy(userId),
    }));
  },
  { name: 'chat' },
);

export type { ChatLine };
