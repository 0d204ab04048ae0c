import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type Ack, errorAck, isErrorAck, SlugSchema } from '../../src/protocol';
import type { Telemetry } from '../operations/telemetry';
import { badPayload, type PlayerActor, type RoomCommand, type RoomRequest } from '../rooms/commands';
import type { RoomRegistry } from '../rooms/registry';
import { actorOf, type RoomGate } from '../socket/room-gate';
import type { RunOptions, RunRequest } from '../socket/room-requests';
import type { RoomNamespace, RoomSocket } from '../socket/types';
import type { Ownership } from './ownership';
import { ForwardedSchema, NodeUnreachable, type Relay, type RelayReply, RelayTimeout } from './relay';

/** `joinedAt` of a socket whose room was reloaded from storage: it must join the new copy. */
const RELOADED = '';

/** Where one local socket's commands go. */
interface Route {
  /** The room it last joined or watched, and the node where (null once it left, or before). */
  slug: string | null;
  joinedAt: string | null;
  /** Commands of this socket that had to wait (routing, a rejoin), in order. */
  tail: Promise<unknown>;
  queued: number;
}

/** A socket of another node seated in or watching a room this node plays. */
interface Remote {
  readonly edge: string;
  readonly slug: string;
  readonly actor: PlayerActor;
  readonly watching: boolean;
}

type Reply = ((ack: Ack<unknown>) => void) | undefined;

/** Commands that make the socket a member or a spectator of the room (it need not be one before). */
const isEntry = (command: RoomCommand): boolean => command.type === 'join' || command.type === 'watch';
/** Commands of a socket going away: they never claim a room. */
const isExit = (command: RoomCommand): boolean => command.type === 'disconnect' || command.type === 'unwatch';

/** Rooms a draining node hands over at once. */
const HANDOVER_LANES = 16;

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A draining node asks another to take one of its rooms (docs/architecture.md, "Draining"). */
const HandoverSchema = z.strictObject({ handover: SlugSchema, from: z.string().min(1) });
/** The answer of a node that took the room. */
const TAKEN = 'taken';

/**
 * Sends each socket's commands to the node that plays its room (docs/architecture.md, "Several
 * nodes"). The /room namespace validates every payload and makes it a command; when this node holds
 * the room, the command runs here at once; otherwise this node claims the room (and plays it,
 * loading it from storage) or forwards `{slug, actor, command}` to the owner, which validates it
 * again and runs it through its dispatch; the answer comes back here and is written to the socket in
 * its own dialect. What the owner publishes reaches the socket through the Socket.IO adapter.
 * Sockets of a room that changes hands join the new owner's copy again.
 */
export class RoomRouter implements RoomGate {
  private readonly routes = new WeakMap<RoomSocket, Route>();
  /** Sockets of other nodes in the rooms this node plays, by socket id. */
  private readonly remote = new Map<string, Remote>();
  /** How long a forwarded command may wait at the owner before it starts. */
  private readonly budgetMs: number;
  /** Rooms this node is handing over as it drains, each to the node that then plays it (null: none took it). */
  private readonly handovers = new Map<string, Promise<string | null>>();
  /** Draining: this node claims no room; it hands over the ones it has. */
  private draining = false;

  constructor(
    private readonly nsp: RoomNamespace,
    private readonly registry: RoomRegistry,
    private readonly ownership: Ownership,
    private readonly relay: Relay,
    /** Runs a command on this node's copy of a room. */
    private readonly here: RunRequest,
    private readonly log: FastifyBaseLogger,
    /** How long a silent node is still taken for alive. */
    private readonly ttlMs: number,
    private readonly telemetry: Telemetry,
  ) {
    this.budgetMs = ttlMs * 2 + 3000;
  }

  private get me(): string {
    return this.ownership.nodeId;
  }

  private routeOf(socket: RoomSocket): Route {
    let route = this.routes.get(socket);
    if (!route) {
      route = { slug: null, joinedAt: null, tail: Promise.resolve(), queued: 0 };
      this.routes.set(socket, route);
    }
    return route;
  }

  run(socket: RoomSocket, slug: string, command: RoomCommand, reply?: Reply): Promise<Ack<unknown>> {
    const route = this.routeOf(socket);
    // The hot path: this node plays the room, the socket is in this copy (or enters it), nothing queued.
    if (route.queued === 0 && this.ownership.holds(slug) && !this.mustRejoin(route, slug, this.me, command))
      return this.runHere(socket, route, slug, command, { reply });
    return this.enqueue(route, () =>
      isExit(command)
        ? this.exit(socket, route, slug, command, reply)
        : this.routeOne(socket, route, slug, command, reply),
    );
  }

  private async runHere(
    socket: RoomSocket,
    route: Route,
    slug: string,
    command: RoomCommand,
    options: RunOptions,
  ): Promise<Ack<unknown>> {
    const ack = await this.here({ slug, actor: actorOf(socket), command }, options);
    this.note(route, slug, command, ack, this.me);
    return ack;
  }

  /** Notes where the socket entered or left its room, once the room's node accepted it. */
  private note(route: Route, slug: string, command: RoomCommand, ack: unknown, node: string): void {
    if (isErrorAck(ack)) return;
    if (isEntry(command)) {
      route.slug = slug;
      route.joinedAt = node;
    } else if ((isExit(command) || command.type === 'leave') && route.slug === slug) route.joinedAt = null;
  }

  /** The socket entered an earlier copy of the room, or another node's: it must enter the owner's first. */
  private mustRejoin(route: Route, slug: string, owner: string, command: RoomCommand): boolean {
    return !isEntry(command) && route.slug === slug && route.joinedAt !== null && route.joinedAt !== owner;
  }

  private enqueue<T>(route: Route, run: () => Promise<T>): Promise<T> {
    route.queued++;
    const done = route.tail.then(run).finally(() => {
      route.queued--;
    });
    route.tail = done.catch(() => undefined);
    return done;
  }

  /**
   * Claims the room, or learns its owner; a node that just took it loads it fresh and tells the
   * others. A draining node claims nothing: it waits for the room's handover, or hands it over.
   */
  private async claim(slug: string, from = ''): Promise<string> {
    const moving = this.handovers.get(slug);
    if (moving) {
      const owner = await moving;
      if (owner !== null) return owner;
    } else if (this.draining && from === '') {
      const owner = await this.ownership.ownerOf(slug);
      if (owner !== null && owner !== this.me && (await this.ownership.alive([owner])).has(owner)) return owner;
      const taker = await this.handOver(slug);
      if (taker !== null) return taker;
    }
    const claim = await this.ownership.claim(slug, from);
    if (claim.acquired) {
      // Whatever this node remembered of the room may be stale: storage has the truth. Every socket
      // in an earlier copy (here, at a dead node, or here before this node doubted its lease)
      // enters this one: the local ones now, the others when the announcement reaches their node.
      this.giveUpRemote(slug);
      this.registry.evict(slug);
      this.rejoinAll(slug, this.me);
      if (claim.tookFrom !== null && claim.tookFrom === from) {
        this.telemetry.handover('received');
        this.log.info({ event: 'room.handover', room: slug, from, to: this.me }, 'took a room handed over');
      } else if (claim.tookFrom !== null) {
        this.telemetry.handover('taken');
        this.log.warn(
          { event: 'room.takeover', room: slug, from: claim.tookFrom, to: this.me },
          'took over a room from a node that is gone',
        );
      }
      await this.relay.announceMoved(slug, this.me);
    }
    return claim.owner;
  }

  private async routeOne(
    socket: RoomSocket,
    route: Route,
    slug: string,
    command: RoomCommand,
    reply: Reply,
  ): Promise<Ack<unknown>> {
    const deadline = Date.now() + this.ttlMs * 2 + 5000;
    while (Date.now() < deadline) {
      const owner = await this.claim(slug);
      await this.rejoin(socket, route, slug, owner, command);
      if (owner === this.me) return this.runHere(socket, route, slug, command, { reply });
      const answer = await this.forward(owner, { slug, actor: actorOf(socket), command }, true);
      // The owner died (the command may have run: the next owner judges it again from storage) or moved the room.
      if (answer === 'gone' || 'redirect' in answer) continue;
      const ack = answer.ack as Ack<unknown>;
      this.note(route, slug, command, ack, owner);
      reply?.(ack);
      return ack;
    }
    const ack = errorAck('TIMEOUT', 'the server playing this room did not answer');
    reply?.(ack);
    return ack;
  }

  /**
   * A socket leaving (it went away, or stops watching): told to the node it entered the room at,
   * or to the lease's owner; nobody claims a room for it, and nobody waits for a node that is gone.
   */
  private async exit(
    socket: RoomSocket,
    route: Route,
    slug: string,
    command: RoomCommand,
    reply: Reply,
  ): Promise<Ack<unknown>> {
    if (this.ownership.holds(slug)) return this.runHere(socket, route, slug, command, { reply });
    const known = route.slug === slug && route.joinedAt !== RELOADED ? route.joinedAt : null;
    const owner = known ?? (await this.ownership.ownerOf(slug).catch(() => null));
    let ack: Ack<unknown> = null;
    if (owner !== null && owner !== this.me) {
      const answer = await this.forward(owner, { slug, actor: actorOf(socket), command }, false).catch(
        (): 'gone' => 'gone',
      );
      if (answer !== 'gone' && 'ack' in answer) ack = answer.ack as Ack<unknown>;
    }
    if (route.slug === slug) route.joinedAt = null;
    reply?.(ack);
    return ack;
  }

  /**
   * Sends a command to the owner and waits for its answer, watching the owner's liveness meanwhile:
   * 'gone' when it died or did not answer in time.
   */
  private async forward(owner: string, request: RoomRequest, claim: boolean): Promise<RelayReply | 'gone'> {
    const sent = performance.now();
    const pending = this.relay.request(
      owner,
      { ...request, edge: this.me, budgetMs: this.budgetMs, claim },
      this.budgetMs + 1000,
    );
    let watching = true;
    const watch = (async (): Promise<'gone'> => {
      while (watching) {
        await delay(Math.max(100, this.ttlMs / 6));
        if (watching && !(await this.ownership.alive([owner])).has(owner)) return 'gone';
      }
      return 'gone';
    })();
    try {
      const answer = await Promise.race([pending, watch]);
      if (answer !== 'gone') this.telemetry.relaySeconds.observe((performance.now() - sent) / 1000);
      return answer;
    } catch (error) {
      if (error instanceof NodeUnreachable) {
        await this.ownership.declareDead(owner);
        return 'gone';
      }
      if (error instanceof RelayTimeout) return 'gone';
      throw error;
    } finally {
      watching = false;
      pending.catch(() => undefined);
    }
  }

  /**
   * A socket in an earlier copy of the room, or in another node's, enters the owner's copy (as a
   * member or a spectator, as it was), so that the owner knows where to send the room's events.
   */
  private async rejoin(
    socket: RoomSocket,
    route: Route,
    slug: string,
    owner: string,
    next: RoomCommand = { type: 'start' },
  ): Promise<void> {
    if (!this.mustRejoin(route, slug, owner, next)) return;
    route.joinedAt = null;
    const entry: RoomCommand | null =
      socket.data.slug === slug ? { type: 'join' } : socket.data.watching === slug ? { type: 'watch' } : null;
    if (entry === null) return;
    if (owner === this.me) {
      await this.runHere(socket, route, slug, entry, {});
      return;
    }
    const answer = await this.forward(owner, { slug, actor: actorOf(socket), command: entry }, true);
    if (answer !== 'gone' && 'ack' in answer) this.note(route, slug, entry, answer.ack, owner);
  }

  /**
   * Every local socket in the room enters the owner's new copy (after the socket's queued commands),
   * wherever it had entered: that copy was just loaded from storage and knows no socket.
   */
  private rejoinAll(slug: string, owner: string): void {
    for (const socket of this.nsp.sockets.values()) {
      const route = this.routes.get(socket);
      if (!route || route.slug !== slug || route.joinedAt === null) continue;
      route.joinedAt = RELOADED;
      this.enqueue(route, () => this.rejoin(socket, route, slug, owner)).catch((error: unknown) =>
        this.log.error({ err: error, slug }, 'joining a moved room again failed'),
      );
    }
  }

  /** The owner's side of a forwarded command: checked again here, then run on this node's copy. */
  async serve(body: unknown): Promise<RelayReply> {
    const handover = HandoverSchema.safeParse(body);
    if (handover.success) return this.take(handover.data.handover, handover.data.from);
    const parsed = ForwardedSchema.safeParse(body);
    if (!parsed.success) {
      this.log.warn({ issue: parsed.error.issues[0] }, 'refused a forwarded command');
      return { ack: badPayload(parsed.error) };
    }
    const { slug, actor, command, edge, budgetMs, claim } = parsed.data;
    const startBy = performance.now() + budgetMs;
    if (!this.ownership.holds(slug)) {
      if (!claim) return { ack: null };
      const owner = await this.claim(slug);
      if (owner !== this.me) return { redirect: owner };
    }
    const ack = await this.here({ slug, actor, command }, { startBy });
    this.track(edge, slug, actor, command, ack);
    return { ack };
  }

  /** Remembers which node holds each remote socket in a room played here, so its death can be told. */
  private track(edge: string, slug: string, actor: PlayerActor, command: RoomCommand, ack: unknown): void {
    const id = actor.socketId;
    if (id === null || isErrorAck(ack)) return;
    if (isEntry(command)) this.remote.set(id, { edge, slug, actor, watching: command.type === 'watch' });
    else if ((isExit(command) || command.type === 'leave') && this.remote.get(id)?.slug === slug)
      this.remote.delete(id);
  }

  /**
   * `from` says `owner` plays `slug` now, from a copy fresh from storage (it claimed the room, or
   * `from` gave it up to it): sockets here that had entered the room enter the owner's copy. An owner
   * told by another node that played the room until now drops its own copy first: `from` may have
   * written moves since it was loaded.
   */
  onMoved(slug: string, owner: string, from: string): void {
    if (owner !== this.me) {
      this.giveUp(slug);
      this.rejoinAll(slug, owner);
    } else if (from !== this.me) {
      this.giveUpRemote(slug);
      this.registry.evict(slug);
      this.rejoinAll(slug, owner);
    }
  }

  /**
   * This node may no longer play these rooms (its lease was found taken, a write was lost, or it
   * was declared dead for a while): it drops its copies, asks Redis who plays each now, and sends
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
    this.giveUpRemote(slug);
  }

  private giveUpRemote(slug: string): void {
    for (const [id, remote] of this.remote) if (remote.slug === slug) this.remote.delete(id);
  }

  /**
   * Draining (docs/architecture.md, "Draining"): from now on this node claims no room, and every
   * room it has is handed to another node — the path of a node's death, without waiting for the
   * lease to lapse. Resolves once each has gone (or found nobody to take it: then it is played here
   * until the node stops) with how many went elsewhere; null when no other node takes rooms at all.
   */
  async drain(rooms: readonly string[]): Promise<number | null> {
    // Alone: nobody to take the rooms, which this node then plays to the end (docs/deploy.md).
    if ((await this.successors()).length === 0) return null;
    this.draining = true;
    await this.ownership.drain();
    const slugs = [...new Set([...rooms, ...this.ownership.rooms])];
    let handed = 0;
    let next = 0;
    // A few at a time (each waits for its room's queue, then one round trip to the node taking it),
    // each lane taking the next room as soon as its own has gone: a slow room holds up no other.
    const lane = async (): Promise<void> => {
      while (next < slugs.length) {
        const slug = slugs[next++] as string;
        if ((await this.handOver(slug)) !== null) handed++;
      }
    };
    await Promise.all(Array.from({ length: HANDOVER_LANES }, lane));
    return handed;
  }

  /** Hands the room to another node, once: every caller gets the node that plays it then (null: none took it). */
  private handOver(slug: string): Promise<string | null> {
    let moving = this.handovers.get(slug);
    if (!moving) {
      moving = this.giveAway(slug).catch((error: unknown) => {
        this.log.error({ err: error, room: slug }, 'handing a room over failed');
        return null;
      });
      this.handovers.set(slug, moving);
    }
    return moving;
  }

  /**
   * This node stops acting on the room: commands already on the room's queue finish here (and are
   * acknowledged once stored), the newer ones wait for the handover; then the room leaves memory
   * (its timers with it) and a live node that does not drain takes it over from storage, claiming
   * the lease from this node in one step so that no third node can slip in between. The node taking
   * it tells every node where it is now, and their sockets (this node's too) join it there.
   */
  private async giveAway(slug: string): Promise<string | null> {
    this.ownership.doubt(slug);
    // Commands that saw this node hold the room a moment ago reach the room's queue within this turn.
    await nextTurn();
    await this.registry.peek(slug)?.exclusive(() => undefined);
    this.registry.evict(slug);
    this.giveUpRemote(slug);
    for (const node of await this.successors()) {
      const reply = await this.relay
        .request(node, { handover: slug, from: this.me }, this.ttlMs + 5000)
        .catch((): null => null);
      if (reply === null) continue;
      if ('redirect' in reply) return reply.redirect;
      if (reply.ack !== TAKEN) continue;
      this.telemetry.handover('handed');
      this.log.info({ event: 'room.handover', room: slug, from: this.me, to: node }, 'handed a room over');
      return node;
    }
    return null;
  }

  /** Live nodes that take rooms (not this one, none draining), the least recently started first. */
  private async successors(): Promise<string[]> {
    const nodes = await this.ownership.nodes();
    return nodes
      .filter((node) => node.id !== this.me && !node.draining)
      .sort((a, b) => a.startedAt - b.startedAt)
      .map((node) => node.id);
  }

  /**
   * Another node hands this one a room as it drains: claim the lease from it, load the room from
   * storage (its clocks run here from now on, its computer player sits again once a person is back),
   * and let it leave memory again if nobody is in it and no deadline is pending.
   */
  private async take(slug: string, from: string): Promise<RelayReply> {
    if (this.draining) return { ack: 'draining' };
    const owner = await this.claim(slug, from);
    if (owner !== this.me) return { redirect: owner };
    const room = await this.registry.get(slug);
    if (room) this.registry.release(room);
    return { ack: TAKEN };
  }

  /** Members and spectators whose socket sat on a node that died are gone, as their socket is. */
  async sweep(): Promise<void> {
    const edges = [...new Set([...this.remote.values()].map((r) => r.edge))];
    if (edges.length === 0) return;
    const alive = await this.ownership.alive(edges);
    for (const [id, remote] of this.remote) {
      if (alive.has(remote.edge)) continue;
      this.remote.delete(id);
      if (!this.ownership.holds(remote.slug)) continue;
      const command: RoomCommand = remote.watching ? { type: 'unwatch' } : { type: 'disconnect' };
      await this.here({ slug: remote.slug, actor: remote.actor, command });
    }
  }
}
