import type { FastifyBaseLogger } from 'fastify';
import type { RoomActions } from '../rooms/actions';
import type { RoomRegistry } from '../rooms/registry';
import type { Telemetry } from '../operations/telemetry';
import type { RoomGate } from '../socket/room-gate';
import type { RunRequest } from '../socket/room-requests';
import type { RoomNamespace } from '../socket/types';
import { type NodeRecord, Ownership } from './ownership';
import { type RedisLink, redisLink } from './redis-link';
import { Relay } from './relay';
import { RoomRouter } from './router';

export interface ClusterOptions {
  /** Unique per process: a restarted node is a new node. */
  readonly nodeId: string;
  /** How long a silent node is still taken for alive (its rooms wait that long after a crash). */
  readonly nodeTtlMs: number;
  /** NODE_ID or the host name (the operator's console names nodes by it). */
  readonly nodeName?: string;
}

export interface ClusterMembership {
  readonly nodeId: string;
  /** Where the /room namespace sends each command: the room's owner, this node or another. */
  readonly gate: RoomGate;
  /** Every live node, as their liveness keys describe them (the operator's console). */
  nodes(): Promise<NodeRecord[]>;
  /**
   * Draining: hands every room this node has (`rooms`, and those whose lease it holds) to the other
   * nodes and claims none from now on; resolves with how many went elsewhere, or null when no other
   * live node takes rooms (this node then plays them to the end).
   */
  handOver(rooms: readonly string[]): Promise<number | null>;
  /** Gives up every room at once (the other nodes take them on the next event) and leaves. */
  close(): Promise<void>;
}

/**
 * Turns on "one authority per room across nodes" (docs/architecture.md, "Several nodes") over an
 * already connected Redis: liveness and room leases (Ownership), node-to-node forwarding (Relay),
 * and the gate that sends every socket's commands to its room's owner (RoomRouter).
 */
export async function joinCluster(
  client: Parameters<typeof redisLink>[0],
  parts: {
    readonly nsp: RoomNamespace;
    readonly registry: RoomRegistry;
    readonly actions: RoomActions;
    /** Runs a command on this node's copy of a room (server/socket/room-requests.ts). */
    readonly here: RunRequest;
    readonly log: FastifyBaseLogger;
    readonly telemetry: Telemetry;
  },
  options: ClusterOptions,
): Promise<ClusterMembership> {
  const { nsp, registry, actions, here, log, telemetry } = parts;
  const link: RedisLink = await redisLink(client);
  const onError = (error: unknown): void => log.error({ err: error }, 'cluster messaging failed');
  let router: RoomRouter | null = null;
  const ownership = new Ownership(
    link,
    options.nodeId,
    options.nodeTtlMs,
    (slugs) => router?.relocate(slugs),
    onError,
    options.nodeName,
  );
  const relay = new Relay(link, options.nodeId, onError);
  router = new RoomRouter(nsp, registry, ownership, relay, here, log, options.nodeTtlMs, telemetry);
  const routing = router;

  await ownership.start();
  await relay.start(
    (body) => routing.serve(body),
    (slug, owner, from) => routing.onMoved(slug, owner, from),
  );
  registry.onRelease.add((room) => {
    ownership.release(room.slug).catch(onError);
  });
  actions.onLostWrite = (slug) => routing.relocate([slug]);
  const sweep = setInterval(() => void routing.sweep().catch(onError), options.nodeTtlMs);
  sweep.unref();
  log.info({ nodeId: options.nodeId }, 'joined the cluster');

  return {
    nodeId: options.nodeId,
    gate: routing,
    nodes: () => ownership.nodes(),
    handOver: (rooms) => routing.drain(rooms),
    close: async () => {
      clearInterval(sweep);
      relay.close();
      await ownership.close();
      await link.close();
    },
  };
}
