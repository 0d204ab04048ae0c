import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { botLevelOf } from '../../src/bots/levels';
import type { Presence, PresenceStatus } from '../../src/protocol/friends';
import type { Database } from '../db/schema';
import { type LobbyNamespace, userRoom } from '../lobby/namespace';
import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';
import { accountRoom } from '../sessions/sessions';
import type { RoomNamespace } from '../socket/types';
import type { FriendStore } from './friend-store';

/** Statuses of a room whose members are playing it (placing ships or shooting). */
const IN_PLAY = ['PLACE_SHIPS', 'PLAY'] as const;

/** How long a user's last /lobby socket may be gone before friends are told: a page reload is no departure. */
export const LEAVE_GRACE_MS = 3000;

interface Deps {
  readonly lobby: LobbyNamespace;
  readonly nsp: RoomNamespace;
  readonly db: Kysely<Database>;
  readonly friends: FriendStore;
  readonly log: FastifyBaseLogger;
}

/**
 * Where people are (docs/protocol.md, "Presence"), read from the sockets themselves on every node
 * (socket.io's fetchSockets goes through the Redis adapter): `playing` with a /room socket in a room
 * whose ships are being placed or shot at, `online` with a /lobby socket on a shown page, `away`
 * with /lobby sockets on hidden pages only, `offline` with none. Nothing is stored, so a node that
 * dies takes its users' presence with it. Changes are told to the user's friends: when a /lobby
 * socket comes or goes (a departure after LEAVE_GRACE_MS), when a page is hidden or shown, and when
 * a room this node plays starts or ends a game or loses or gets back a member's socket.
 */
export class PresenceBook {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Per room this node plays: whether each member was last seen playing it. */
  private readonly seen = new WeakMap<Room, Map<string, boolean>>();
  private readonly departed = new Set<(userId: string) => void>();
  private closed = false;

  constructor(private readonly deps: Deps) {}

  /** Where each of `userIds` is now. */
  async of(userIds: readonly string[]): Promise<Map<string, Presence>> {
    const ids = [...new Set(userIds)];
    const result = new Map<string, Presence>();
    if (ids.length === 0) return result;
    const [lobbySockets, roomSockets] = await Promise.all([
      this.deps.lobby.in(ids.map(userRoom)).fetchSockets(),
      this.deps.nsp.in(ids.map(accountRoom)).fetchSockets(),
    ]);
    const joined = roomSockets.flatMap((s) => (s.data.slug ? [{ userId: s.data.user.id, slug: s.data.slug }] : []));
    const inPlay = await this.roomsInPlay(joined.map((j) => j.slug));
    for (const id of ids) {
      const game = joined.find((j) => j.userId === id && inPlay.has(j.slug));
      if (game) {
        result.set(id, { userId: id, status: 'playing', slug: game.slug });
        continue;
      }
      const pages = lobbySockets.filter((s) => s.data.user.id === id);
      const status: PresenceStatus =
        pages.length === 0 ? 'offline' : pages.some((s) => s.data.away !== true) ? 'online' : 'away';
      result.set(id, { userId: id, status, slug: null });
    }
    return result;
  }

  /** Where `userId` is now. */
  async one(userId: string): Promise<Presence> {
    return (await this.of([userId])).get(userId) ?? { userId, status: 'offline', slug: null };
  }

  /** Whether `userId` has the site open (a /lobby socket, on any node). */
  async connected(userId: string): Promise<boolean> {
    return (await this.deps.lobby.in(userRoom(userId)).fetchSockets()).length > 0;
  }

  private async roomsInPlay(slugs: readonly string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await this.deps.db
      .selectFrom('rooms')
      .select('slug')
      .where('slug', 'in', [...new Set(slugs)])
      .where('status', 'in', [...IN_PLAY])
      .execute();
    return new Set(rows.map((row) => row.slug));
  }

  /** Tells `userId`'s friends where `userId` is, after `delayMs` (a later call for the same user replaces it). */
  changed(userId: string, delayMs = 0): void {
    if (this.closed) return;
    const pending = this.timers.get(userId);
    if (pending) clearTimeout(pending);
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      // A lost announcement is a friend's dot a moment out of date (the next change or reload mends
      // it); it happens while a peer node restarts, so it is a warning, not an error.
      this.announce(userId).catch((error: unknown) =>
        this.deps.log.warn({ err: error, user: userId }, 'telling friends of a presence failed'),
      );
    }, delayMs);
    timer.unref();
    this.timers.set(userId, timer);
  }

  /** Calls `listener` with a user who no longer has the site open anywhere (their challenges go). */
  onDeparted(listener: (userId: string) => void): void {
    this.departed.add(listener);
  }

  private async announce(userId: string): Promise<void> {
    const presence = await this.one(userId);
    if (presence.status === 'offline') for (const listener of this.departed) listener(userId);
    const friends = await this.deps.friends.friendIds(userId);
    if (friends.length > 0) this.deps.lobby.to(friends.map(userRoom)).emit('presence', presence);
  }

  /**
   * Follows the rooms this node plays: a member starts or stops playing when the game starts or
   * ends, or when their socket leaves or comes back. Runs on every published change, so it only
   * compares a flag per member; the friends are told (and asked of the database) on a change of it.
   */
  followRooms(registry: RoomRegistry): void {
    registry.onLoad.add((room) => room.changeListeners.add((changed) => this.roomChanged(changed)));
  }

  private roomChanged(room: Room): void {
    const inPlay = (IN_PLAY as readonly string[]).includes(room.state.status);
    let seen = this.seen.get(room);
    if (!seen) {
      seen = new Map();
      this.seen.set(room, seen);
    }
    for (const member of room.members.values()) {
      if (botLevelOf(member.userId) !== null) continue;
      const playing = inPlay && member.socketId !== null;
      if ((seen.get(member.userId) ?? false) === playing) continue;
      seen.set(member.userId, playing);
      // A moment for the member's socket to note the room it joined (on whichever node holds it).
      this.changed(member.userId, 200);
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
