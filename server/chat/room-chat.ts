import type { FastifyBaseLogger } from 'fastify';
import {
  type Ack,
  type ChatChannel,
  type ChatLine,
  errorAck,
  limitAck,
  type QuickMessage,
  RECENT_LINES,
  type SpecChatPayload,
} from '../../src/protocol';
import { limitMessage } from '../caps/messages';
import type { RoomSocket } from '../socket/types';
import type { ChatStore, Reading, RoomFacts } from './chat-store';
import { answerDelay, answerTo } from './computer-talk';
import type { ChatDelivery } from './delivery';
import type { Mutes } from './mutes';
import type { TalkLimiter } from './talk-limiter';

export interface RoomChatDeps {
  readonly store: ChatStore;
  readonly mutes: Mutes;
  readonly delivery: ChatDelivery;
  readonly limiter: TalkLimiter;
  /** Until when a moderator muted the account, or null (ctx.moderation). */
  readonly mutedUntil: (userId: string) => Promise<number | null>;
  /** The computer's thinking time: it answers a greeting within it. */
  readonly thinking: { readonly minMs: number; readonly maxMs: number };
  /** Whether spectators read the players' lines too (CHAT_SPECTATORS_READ_PLAYERS). */
  readonly spectatorsReadPlayers: boolean;
  readonly log: FastifyBaseLogger;
}

/** A line's words as said: a text (cleaned) or a quick-message code. */
export type Said = { readonly text: string } | { readonly quick: QuickMessage };

/** What a spectator reads: the spectators' lines, and the players' where the server lets them (chat-store.ts, Reading). */
export function spectatorReading(readerId: string | null, spectatorsReadPlayers: boolean): Reading {
  return spectatorsReadPlayers
    ? { readerId, spectator: false, spectatorsUntil: Number.MAX_SAFE_INTEGER }
    : { readerId, spectator: true, spectatorsUntil: null };
}

/** Who may read what in a room, for one reader (chat-store.ts, Reading). */
export function readingFor(
  readerId: string,
  audience: ChatChannel,
  facts: RoomFacts,
  spectatorsReadPlayers: boolean,
  now = Date.now(),
): Reading {
  if (audience === 'spectators') return spectatorReading(readerId, spectatorsReadPlayers);
  // Players read the spectators' lines of finished games only: all of them once this one is over.
  return { readerId, spectator: false, spectatorsUntil: facts.status === 'ENDED' ? now : facts.lastEndedAt };
}

/**
 * The room's chat (docs/protocol.md, "Chat"): a line said by a socket's account in the room it
 * joined (the players' channel) or watches (the spectators'), checked against a moderator's mute
 * and the account's rate, stored with the round, then sent to whoever may read it. A spectator's
 * line reaches the players only once the game is over; a player's reaches the spectators only
 * where the server lets them read the players. The computer answers a greeting.
 */
export class RoomChat {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Rounds where the computer's answer is on its way: one answer however many greetings. */
  private readonly answering = new Set<string>();

  constructor(private readonly deps: RoomChatDeps) {}

  async say(socket: RoomSocket, said: Said, asSent: SpecChatPayload | null): Promise<Ack<ChatLine>> {
    const { store, limiter, mutedUntil } = this.deps;
    const user = socket.data.user;
    const slug = socket.data.slug ?? socket.data.watching;
    if (slug === null) return errorAck('NOT_JOINED', 'join or watch a room to talk in it');
    const channel: ChatChannel = socket.data.slug !== null ? 'players' : 'spectators';
    const until = await mutedUntil(user.id);
    if (until !== null) {
      return {
        ...errorAck('MUTED', `a moderator muted this account until ${new Date(until).toISOString()}`),
        until,
      };
    }
    const limited = await limiter.take(user.id);
    if (limited) return limitAck(limited, limitMessage(limited));
    const facts = await store.roomFacts(slug);
    if (!facts) return errorAck('ROOM_NOT_FOUND');
    const line = await this.speak(slug, facts, { userId: user.id, username: user.username }, channel, said, asSent);
    if (channel === 'players') this.computerAnswers(slug, facts, user.id, said);
    return line;
  }

  /** Stores a line and sends it to the room's sockets that may read it. */
  private async speak(
    slug: string,
    facts: RoomFacts,
    from: { userId: string; username: string },
    channel: ChatChannel,
    said: Said,
    asSent: SpecChatPayload | null,
  ): Promise<ChatLine> {
    const { store, mutes, delivery } = this.deps;
    const line = await store.add({ slug, gameId: facts.gameId, from, channel, said, at: Date.now() });
    const deaf = await mutes.deafTo(from.userId);
    // A spectator's line reaches the players once the game is over; a player's reaches the
    // spectators where the server lets them read the players.
    const audiences: ChatChannel[] =
      channel === 'players'
        ? this.deps.spectatorsReadPlayers
          ? ['players', 'spectators']
          : ['players']
        : facts.status === 'ENDED'
          ? ['spectators', 'players']
          : ['spectators'];
    delivery.send(slug, line, audiences, deaf, asSent);
    return line;
  }

  /**
   * Sends a broadside/2 socket that came into a room the lines it may read there; nothing when there
   * are none, so a room where nobody spoke costs no frame (a client starts each room with no lines).
   */
  async entered(socket: RoomSocket, slug: string, audience: ChatChannel): Promise<void> {
    if (socket.data.dialect !== 'broadside/2') return;
    const facts = await this.deps.store.roomFacts(slug);
    if (!facts) return;
    const lines = await this.deps.store.recent(
      slug,
      readingFor(socket.data.user.id, audience, facts, this.deps.spectatorsReadPlayers),
      RECENT_LINES,
    );
    // Still there: it may have left while the lines were read.
    const still = audience === 'players' ? socket.data.slug === slug : socket.data.watching === slug;
    if (lines.length > 0 && still && socket.connected) this.deps.delivery.history(socket, { slug, lines });
  }

  /**
   * A game of the room ended (on the node that plays it): the computer says "well played", and the
   * players' broadside/2 sockets get the room's lines again, now with what the spectators said.
   */
  async ended(
    slug: string,
    gameId: number,
    members: readonly { userId: string; socketId: string | null; dialect?: string }[],
    computers: readonly { userId: string; username: string }[],
  ): Promise<void> {
    const { store, delivery } = this.deps;
    const facts = await store.roomFacts(slug);
    if (!facts || facts.gameId !== gameId || facts.status !== 'ENDED') return;
    for (const computer of computers) {
      if (!(await store.hasSaid(slug, computer.userId, gameId, 'well-played')))
        await this.speak(slug, facts, computer, 'players', { quick: 'well-played' }, null);
    }
    if (!(await store.spectatorsSpoke(slug, gameId))) return;
    for (const member of members) {
      if (member.socketId === null || member.dialect !== 'broadside/2') continue;
      const lines = await store.recent(
        slug,
        readingFor(member.userId, 'players', facts, this.deps.spectatorsReadPlayers),
        RECENT_LINES,
      );
      delivery.history(member.socketId, { slug, lines });
    }
  }

  /** The computer, if it plays in the room, answers a greeting once a game, after a moment. */
  private computerAnswers(slug: string, facts: RoomFacts, speaker: string, said: Said): void {
    const answer = answerTo(said);
    const computer = facts.members.find((m) => m.computer && m.userId !== speaker);
    const round = `${slug}:${facts.gameId}`;
    if (answer === null || !computer || this.answering.has(round)) return;
    this.answering.add(round);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void (async () => {
          if (await this.deps.store.hasSaid(slug, computer.userId, facts.gameId, null)) return;
          const now = await this.deps.store.roomFacts(slug);
          if (now) await this.speak(slug, now, computer, 'players', { quick: answer }, null);
        })()
          .catch((error: unknown) => this.deps.log.error({ err: error, slug }, 'the computer could not answer'))
          .finally(() => this.answering.delete(round));
      },
      answerDelay(this.deps.thinking, Math.random),
    );
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
