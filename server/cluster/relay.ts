import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type RoomRequest, RoomRequestSchema } from '../rooms/commands';
import type { RedisLink } from './redis-link';

const channelOf = (nodeId: string): string => `broadside:relay:${nodeId}`;
const MOVED_CHANNEL = 'broadside:moved';

/**
 * A connection's command for a room, validated by the node holding the socket and sent by it to
 * the room's owner, which validates it again before its dispatch runs it.
 */
export const ForwardedSchema = RoomRequestSchema.extend({
  /** The node holding the socket, which the owner tells apart from dead nodes. */
  edge: z.string().min(1),
  /** How long the command may wait at the owner before it starts; past that it changes nothing. */
  budgetMs: z.number().int().positive().max(600_000),
  /** False for a socket leaving (a disconnect, an unwatch): a node that no longer plays the room does nothing. */
  claim: z.boolean(),
});
export interface Forwarded extends RoomRequest {
  readonly edge: string;
  readonly budgetMs: number;
  readonly claim: boolean;
}

/** A draining node asks another to take one of its rooms (server/cluster/router.ts). */
export interface Handover {
  readonly handover: string;
  /** The draining node. */
  readonly from: string;
}

/** The owner's answer: the acknowledgement, or "ask that node instead". */
export type RelayReply = { readonly ack: unknown } | { readonly redirect: string };

/** Messages between nodes; a request's body is checked by whoever serves it. */
const MessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('req'), id: z.string().min(1), from: z.string().min(1), body: z.unknown() }),
  z.object({
    t: z.literal('res'),
    id: z.string().min(1),
    reply: z.union([z.object({ ack: z.unknown() }), z.object({ redirect: z.string().min(1) })]),
  }),
]);
type Message = z.infer<typeof MessageSchema>;

export class RelayTimeout extends Error {
  constructor(readonly nodeId: string) {
    super(`node ${nodeId} did not answer`);
  }
}

/**
 * Nobody listens on the node's channel: its process is gone (Redis drops a dead process's
 * connections at once) or its subscription is broken. Either way it cannot play its rooms.
 */
export class NodeUnreachable extends Error {
  constructor(readonly nodeId: string) {
    super(`node ${nodeId} is not listening`);
  }
}

/**
 * Node-to-node requests over Redis pub/sub: each node listens on its own channel; a request names
 * the sender's channel for the answer. Also carries the "room moved" broadcast of a takeover.
 * Socket.IO's `serverSideEmit` would ask every node and wait for all of them (a dead one until its
 * timeout); a request here goes to the one owner and fails fast when it is gone.
 */
export class Relay {
  private readonly waiting = new Map<string, { done: (reply: RelayReply) => void; timer: NodeJS.Timeout }>();

  constructor(
    private readonly redis: RedisLink,
    private readonly nodeId: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** `serve` answers another node's request, whose body is unchecked: it validates it. */
  async start(
    serve: (body: unknown) => Promise<RelayReply>,
    onMoved: (slug: string, owner: string, from: string) => void,
  ): Promise<void> {
    await this.redis.subscribe(channelOf(this.nodeId), (raw) => {
      let message: Message;
      try {
        message = MessageSchema.parse(JSON.parse(raw));
      } catch (error) {
        // Not from a node of this cluster (or of an incompatible version): nobody to answer.
        this.onError(error);
        return;
      }
      if (message.t === 'res') {
        const entry = this.waiting.get(message.id);
        if (!entry) return;
        clearTimeout(entry.timer);
        this.waiting.delete(message.id);
        entry.done(message.reply as RelayReply);
        return;
      }
      const { id, from } = message;
      serve(message.body)
        .catch((error: unknown): RelayReply => {
          this.onError(error);
          return { ack: { error: 'INTERNAL' } };
        })
        .then((reply) => this.redis.publish(channelOf(from), JSON.stringify({ t: 'res', id, reply } satisfies Message)))
        .catch((error: unknown) => this.onError(error));
    });
    await this.redis.subscribe(MOVED_CHANNEL, (raw) => {
      try {
        const { slug, owner, from } = JSON.parse(raw) as { slug: string; owner: string; from: string };
        onMoved(slug, owner, from);
      } catch (error) {
        this.onError(error);
      }
    });
  }

  /** Sends `body` to `owner`; rejects with RelayTimeout when it does not answer within `timeoutMs`. */
  request(owner: string, body: Forwarded | Handover, timeoutMs: number): Promise<RelayReply> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new RelayTimeout(owner));
      }, timeoutMs);
      this.waiting.set(id, { done: resolve, timer });
      const message: Message = { t: 'req', id, from: this.nodeId, body };
      const fail = (error: unknown): void => {
        clearTimeout(timer);
        this.waiting.delete(id);
        reject(error);
      };
      this.redis.publish(channelOf(owner), JSON.stringify(message)).then((receivers) => {
        if (receivers === 0) fail(new NodeUnreachable(owner));
      }, fail);
    });
  }

  /**
   * Tells every node that `owner` now plays `slug`, so their sockets of that room rejoin it there
   * (and, when this node played it until now, so the owner reloads what this node wrote).
   */
  async announceMoved(slug: string, owner: string): Promise<void> {
    await this.redis.publish(MOVED_CHANNEL, JSON.stringify({ slug, owner, from: this.nodeId }));
  }

  /** Answers every request still waiting: this node is leaving. */
  close(): void {
    for (const [id, entry] of this.waiting) {
      clearTimeout(entry.timer);
      this.waiting.delete(id);
      entry.done({ ack: { error: 'DISCONNECTED' } });
    }
  }
}
