import type { FastifyBaseLogger } from 'fastify';
import { errorAck, SlugSchema } from '../../src/protocol';
import type { RoomRegistry } from '../rooms/registry';
import type { RoomNamespace, RoomSocket } from '../socket/types';
import type { Ownership } from './ownership';
import { ProxySocket } from './proxy-socket';
import { type Forwarded, NodeUnreachable, type Relay, type RelayReply, RelayTimeout } from './relay';

/** `joinedAt` of a socket whose room this node reloaded from storage: it must join the new copy. */
const RELOADED = '';

/** Where one local socket's events go. */
interface Route {
  /** The room its events are for: the handshake's slug, then the last joinRoom's. */
  slug: string | null;
  /** The node where the socket last joined that room (this one included), or null. */
  joinedAt: string | null;
  /** Routed events of this socket, in order. */
  tail: Promise<void>;
  queued: number;
}

type Ack = (reply: unknown) => void;
type Packet = [string, ...unknown[]];

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Sends each socket event to the node that plays its room (docs/architecture.md, "Several nodes").
 * A socket.io middleware on every socket: when this node holds the room, the event goes on to the
 * usual handlers at once; otherwise it is forwarded to the owner, which runs the same handlers on a
 * ProxySocket and whose acknowledgement comes back here. Sockets of a room that changes hands are
 * joined again at the new owner, which then plays the room from storage.
 */
export class RoomRouter {
  private readonly routes = new WeakMap<RoomSocket, Route>();
  private readonly bySlug = new Map<string, Set<RoomSocket>>();
  private readonly proxies = new Map<string, ProxySocket>();

  constructor(
    private readonly nsp: RoomNamespace,
    private readonly registry: RoomRegistry,
    private readonly ownership: Ownership,
    private readonly relay: Relay,
    private readonly log: FastifyBaseLogger,
    /** How long a silent node is still taken for alive. */
    private readonly ttlMs: number,
  ) {}

  private get me(): string {
    return this.ownership.nodeId;
  }

  /** Installs the middleware on every new socket of the namespace. */
  attach(): void {
    this.nsp.on('connection', this.onConnection);
  }

  private readonly onConnection = (socket: RoomSocket): void => {
    const query = SlugSchema.safeParse(socket.handshake.query.slug);
    const route: Route = { slug: null, joinedAt: null, tail: Promise.resolve(), queued: 0 };
    this.routes.set(socket, route);
    if (query.success) this.point(socket, route, query.data);
    socket.use((packet, next) => this.onPacket(socket, route, packet as Packet, next));
    socket.on('disconnect', () => this.onDisconnect(socket, route));
  };

  private point(socket: RoomSocket, route: Route, slug: string): void {
    if (route.slug === slug) return;
    if (route.slug !== null) this.unindex(socket, route.slug);
    route.slug = slug;
    route.joinedAt = null;
    let set = this.bySlug.get(slug);
    if (!set) {
      set = new Set();
      this.bySlug.set(slug, set);
    }
    set.add(socket);
  }

  private unindex(socket: RoomSocket, slug: string): void {
    const set = this.bySlug.get(slug);
    set?.delete(socket);
    if (set?.size === 0) this.bySlug.delete(slug);
  }

  private onPacket(socket: RoomSocket, route: Route, packet: Packet, next: (err?: Error) => void): void {
    const [event, first] = packet;
    // Entering a room (as a player or a spectator) points the socket's events at that room.
    if (event === 'joinRoom' || event === 'watchRoom') {
      const named = SlugSchema.safeParse(first);
      if (named.success) this.point(socket, route, named.data);
    }
    const slug = route.slug;
    if (slug === null) {
      next();
      return;
    }
    // The hot path: this node plays the room, the socket joined it here (or not yet), nothing queued.
    if (route.queued === 0 && this.ownership.holds(slug) && (route.joinedAt === null || route.joinedAt === this.me)) {
      this.runHere(route, packet, next);
      return;
    }
    this.enqueue(route, event, () => this.routeOne(socket, route, slug, packet, next));
  }

  /** Lets the local handlers run the event, noting a join or a leave once acknowledged. */
  private runHere(route: Route, packet: Packet, next: (err?: Error) => void): void {
    const [event] = packet;
    const last = packet.length - 1;
    const ack = packet[last];
    if ((event === 'joinRoom' || event === 'leaveRoom') && typeof ack === 'function') {
      packet[last] = (reply: unknown) => {
        this.noteMembership(route, event, reply, this.me);
        (ack as Ack)(reply);
      };
    }
    next();
  }

  private noteMembership(route: Route, event: string, reply: unknown, node: string): void {
    // Acks in either dialect (docs/protocol.md): a join answers a status or {gameStatus}, a leave null or {}.
    if (event === 'joinRoom' && !isRefusal(reply)) route.joinedAt = node;
    if (event === 'leaveRoom' && !isRefusal(reply)) route.joinedAt = null;
  }

  private enqueue(route: Route, what: string, run: () => Promise<void>): void {
    route.queued++;
    route.tail = route.tail
      .then(run)
      .catch((error: unknown) => this.log.error({ err: error, what }, 'routing a socket event failed'))
      .finally(() => {
        route.queued--;
      });
  }

  /** Claims the room, or learns its owner; a node that just took it loads it fresh and tells the others. */
  private async claim(slug: string): Promise<string> {
    const claim = await this.ownership.claim(slug);
    if (claim.acquired) {
      // Whatever this node remembered of the room may be stale: storage has the truth. Every socket
      // joined to an earlier copy (here, at a dead node, or here before this node doubted its lease)
      // joins this one: the local ones now, the others when the announcement reaches their node.
      this.registry.evict(slug);
      this.rejoinAll(slug, this.me);
      if (claim.tookFrom !== null)
        this.log.warn({ slug, from: claim.tookFrom }, 'took over a room from a node that is gone');
      await this.relay.announceMoved(slug, this.me);
    }
    return claim.owner;
  }

  private async routeOne(
    socket: RoomSocket,
    route: Route,
    slug: string,
    packet: Packet,
    next: (err?: Error) => void,
  ): Promise<void> {
    const [event, ...rest] = packet;
    const ack: Ack | null = typeof rest[rest.length - 1] === 'function' ? (rest.pop() as Ack) : null;
    const deadline = Date.now() + this.ttlMs * 2 + 5000;
    while (Date.now() < deadline) {
      const owner = await this.claim(slug);
      if (event !== 'joinRoom') await this.rejoin(socket, route, slug, owner);
      if (owner === this.me) {
        this.runHere(route, packet, next);
        return;
      }
      const reply = await this.forward(owner, socket, slug, event, rest);
      if (reply === 'gone' || 'redirect' in reply) continue;
      this.noteMembership(route, event, reply.ack, owner);
      ack?.(reply.ack);
      return;
    }
    ack?.(errorAck('INTERNAL', 'the room is not available right now'));
  }

  /**
   * Sends an event to the owner and waits for its answer, watching the owner's liveness meanwhile:
   * 'gone' when it died before answering (the caller claims again; the event may have run, which
   * the new owner, reading storage, will tell).
   */
  private async forward(
    owner: string,
    socket: RoomSocket,
    slug: string,
    event: string,
    args: readonly unknown[],
  ): Promise<RelayReply | 'gone'> {
    const body: Forwarded = {
      slug,
      socketId: socket.id,
      edge: this.me,
      user: socket.data.user,
      event,
      args,
      dialect: socket.data.dialect,
    };
    const request = this.relay.request(owner, body, this.ttlMs * 2 + 4000);
    let watching = true;
    const watch = (async (): Promise<'gone'> => {
      while (watching) {
        await delay(Math.max(100, this.ttlMs / 6));
        if (watching && !(await this.ownership.alive([owner])).has(owner)) return 'gone';
      }
      return 'gone';
    })();
    try {
      return await Promise.race([request, watch]);
    } catch (error) {
      if (error instanceof NodeUnreachable) {
        await this.ownership.declareDead(owner);
        return 'gone';
      }
      if (error instanceof RelayTimeout) return 'gone';
      throw error;
    } finally {
      watching = false;
      request.catch(() => undefined);
    }
  }

  /**
   * A socket that joined the room at another node, or at a copy of the room this node has since
   * dropped, joins the current owner's copy, so that the owner knows where to send the room's events.
   */
  private async rejoin(socket: RoomSocket, route: Route, slug: string, owner: string): Promise<void> {
    if (route.slug !== slug || route.joinedAt === null || route.joinedAt === owner) return;
    if (socket.data.slug === slug) socket.data.slug = null;
    route.joinedAt = null;
    if (owner === this.me) {
      const reply = await this.runLocally(socket, 'joinRoom', [slug]);
      this.noteMembership(route, 'joinRoom', reply, this.me);
      return;
    }
    const reply = await this.forward(owner, socket, slug, 'joinRoom', [slug]);
    if (reply !== 'gone' && 'ack' in reply) this.noteMembership(route, 'joinRoom', reply.ack, owner);
  }

  /**
   * Every local socket that had joined the room joins the owner's new copy (after the socket's
   * queued events), wherever it had joined: that copy was just loaded from storage and knows no socket.
   */
  private rejoinAll(slug: string, owner: string): void {
    for (const socket of this.bySlug.get(slug) ?? []) {
      const route = this.routes.get(socket);
      if (!route || route.joinedAt === null) continue;
      route.joinedAt = RELOADED;
      this.enqueue(route, 'rejoin', () => this.rejoin(socket, route, slug, owner));
    }
  }

  /** Runs a socket's own handlers for an event it did not send (a rejoin); resolves with the ack. */
  private runLocally(socket: RoomSocket, event: string, args: readonly unknown[]): Promise<unknown> {
    const listeners = socket.listeners(event) as ((...a: unknown[]) => void)[];
    if (listeners.length === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      for (const listener of listeners) listener(...args, resolve);
    });
  }

  private onDisconnect(socket: RoomSocket, route: Route): void {
    if (route.slug === null) return;
    this.unindex(socket, route.slug);
    const owner = route.joinedAt;
    if (owner === null || owner === this.me || owner === RELOADED) return;
    const body: Forwarded = {
      slug: route.slug,
      socketId: socket.id,
      edge: this.me,
      user: socket.data.user,
      event: 'disconnect',
      args: [],
    };
    this.relay.request(owner, body, this.ttlMs).catch(() => undefined);
  }

  /** The owner's side of a forwarded event. */
  async serve(request: Forwarded): Promise<RelayReply> {
    if (request.event === 'disconnect') {
      // Only the owner that knew the socket marks its member away; nobody claims a room for it.
      const proxy = this.proxies.get(request.socketId);
      this.proxies.delete(request.socketId);
      if (proxy && this.ownership.holds(request.slug)) proxy.gone();
      else proxy?.removeAllListeners();
      return { ack: null };
    }
    if (!this.ownership.holds(request.slug)) {
      const owner = await this.claim(request.slug);
      if (owner !== this.me) return { redirect: owner };
    }
    let proxy = this.proxies.get(request.socketId);
    if (!proxy) {
      proxy = new ProxySocket(request.socketId, request.user, request.edge, request.slug, this.nsp, request.dialect);
      this.proxies.set(request.socketId, proxy);
      const socket = proxy.asSocket();
      // The room handlers, not this router's own listener: a proxy is never routed again.
      for (const listener of this.nsp.listeners('connection')) {
        if (listener !== this.onConnection) (listener as (s: RoomSocket) => void)(socket);
      }
    }
    return { ack: await proxy.dispatch(request.event, request.args, this.ttlMs * 2 + 3000) };
  }

  /**
   * `from` says `owner` plays `slug` now, from a copy fresh from storage (it claimed the room, or
   * `from` gave it up to it): sockets here that had joined the room join the owner's copy. An owner
   * told by another node that played the room until now drops its own copy first: `from` may have
   * written moves since it was loaded.
   */
  onMoved(slug: string, owner: string, from: string): void {
    if (owner !== this.me) {
      this.giveUp(slug);
      this.rejoinAll(slug, owner);
    } else if (from !== this.me) {
      this.registry.evict(slug);
      this.rejoinAll(slug, owner);
    }
  }

  /**
   * This node may no longer play these rooms (its lease was found taken, a write was lost, or it
   * was declared dead for a while): it drops its copies, asks Redis who plays each now, and joins
   * its sockets there. Claiming again when nobody does reloads the room here from storage.
   */
  relocate(slugs: readonly string[]): void {
    for (const slug of slugs) {
      this.giveUp(slug);
      this.claim(slug)
        .then(async (owner) => {
          if (owner === this.me) return;
          // Before this node's sockets join there, so the owner reloads first (one connection, in order).
          await this.relay.announceMoved(slug, owner);
          this.rejoinAll(slug, owner);
        })
        .catch((error: unknown) => this.log.error({ err: error, slug }, 'relocating a room failed'));
    }
  }

  private giveUp(slug: string): void {
    this.ownership.doubt(slug);
    this.registry.evict(slug);
    this.dropProxies((p) => p.handshake.query.slug === slug || p.data.slug === slug);
  }

  /** Members whose socket sat on a node that died are disconnected, as their socket is. */
  async sweep(): Promise<void> {
    const edges = [...new Set([...this.proxies.values()].map((p) => p.edge))];
    if (edges.length === 0) return;
    const alive = await this.ownership.alive(edges);
    for (const [id, proxy] of this.proxies) {
      if (alive.has(proxy.edge)) continue;
      this.proxies.delete(id);
      proxy.gone();
    }
  }

  private dropProxies(which: (proxy: ProxySocket) => boolean): void {
    for (const [id, proxy] of this.proxies) {
      if (which(proxy)) {
        this.proxies.delete(id);
        proxy.removeAllListeners();
      }
    }
  }
}

/** An acknowledgement that refuses, in either dialect, or none at all. */
function isRefusal(reply: unknown): boolean {
  return reply === undefined || (typeof reply === 'object' && reply !== null && 'error' in reply);
}
