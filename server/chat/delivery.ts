import type { ChatChannel, ChatHistory, ChatLine, SpecChatPayload } from '../../src/protocol';
import { quickInEnglish } from '../../src/protocol/quick-in-english';
import { accountRoom } from '../sessions/sessions';
import type { SocketDialect } from '../socket/dialect';
import type { RoomNamespace, RoomSocket } from '../socket/types';

/*
 * How a line reaches the sockets of a room (docs/protocol.md, "Chat"), on any node: each socket
 * that joined a room is in its room's chat channel for its audience (players or spectators) and its
 * dialect; a line is emitted to the channels of the audiences that may read it, except to the
 * accounts that must not (who muted the speaker, or is in a block with them), through Socket.IO's
 * adapter, so a socket on another node receives it as one on this node does.
 */

/** The socket.io room of one audience of one room's chat, for sockets of one dialect. */
export function chatChannel(slug: string, audience: ChatChannel, dialect: SocketDialect): string {
  return `chat:${audience}:${dialect}:${slug}`;
}

/** The line's words, quick messages in English. */
export function lineText(line: ChatLine): string {
  return line.quick !== undefined ? quickInEnglish(line.quick) : (line.text ?? '');
}

/**
 * What a SPEC-dialect socket receives as `chat`'s payload. The original server broadcasts the
 * sender's payload as it came, so a line sent in that dialect goes out in its sender's shape (its
 * text cleaned); any other line (a broadside/2 client, a quick message, the computer) in the
 * original's own message shape `{text, timeSent}`, with `message` beside it for a client that sends
 * and reads `{message}`.
 */
export function specChatPayload(line: ChatLine, asSent: SpecChatPayload | null): unknown {
  if (asSent !== null) return asSent;
  const text = lineText(line);
  return { message: text, text, timeSent: new Date(line.at).toISOString() };
}

export class ChatDelivery {
  constructor(private readonly nsp: RoomNamespace) {}

  /** Puts a socket into its room's chat channel as it comes, and out as it goes. */
  visit(socket: RoomSocket, slug: string, audience: ChatChannel, entered: boolean): void {
    const channel = chatChannel(slug, audience, socket.data.dialect);
    if (entered) void socket.join(channel);
    else void socket.leave(channel);
  }

  /**
   * Sends `line` to every socket of the `audiences` of the room, in each socket's dialect, except
   * to the accounts of `deaf`. broadside/2: `chat(line)`; SPEC: `chat(payload, {userId, username})`,
   * as the original server sends it.
   */
  send(
    slug: string,
    line: ChatLine,
    audiences: readonly ChatChannel[],
    deaf: readonly string[],
    asSent: SpecChatPayload | null,
  ): void {
    const except = deaf.map(accountRoom);
    const to = (dialect: SocketDialect) => {
      const channels = audiences.map((audience) => chatChannel(slug, audience, dialect));
      const target = this.nsp.to(channels);
      return except.length > 0 ? target.except(except) : target;
    };
    to('broadside/2').emit('chat', line);
    to('spec').emit('chat', specChatPayload(line, asSent), { userId: line.from.userId, username: line.from.username });
  }

  /** The lines a broadside/2 socket may read, sent to it alone (after it joined or watched, or when a game ended). */
  history(target: RoomSocket | string, history: ChatHistory): void {
    if (typeof target === 'string') this.nsp.to(target).emit('chatHistory', history);
    else target.emit('chatHistory', history);
  }
}
