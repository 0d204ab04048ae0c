import { botLevelOf } from '../../src/bots/levels';
import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';
import type { AccountCaps, CapKind } from './account-caps';

/** What one room copy in memory has given back, and its host's absence from a public lobby. */
interface Held {
  readonly given: Set<CapKind>;
  /** The host left the public lobby: PUBLIC_ROOMS goes back when this fires. */
  away: ReturnType<typeof setTimeout> | null;
  /** PUBLIC_ROOMS was given back for the host's absence: taken again when they come back. */
  parked: boolean;
  /** Someone joined: a room empty after that was left by everyone, not yet opened by its creator. */
  joined: boolean;
}

/** The host of a room still waiting for its game, and whether they have a socket in it. */
function lobbyHost(room: Room): { readonly id: string; readonly here: boolean } | null {
  if (room.state.status !== 'UNSTARTED' || room.closed !== null) return null;
  const id = room.state.players[0];
  if (id === undefined) return null;
  return { id, here: (room.members.get(id)?.socketId ?? null) !== null };
}

/**
 * Gives back the caps a room holds as it changes, on whichever node plays it: a waiting room (and
 * a public one) once its game starts, a computer game once it ends or its computer player leaves
 * (computer-players.ts, after BOT_IDLE_SECONDS without the person), all of them once an operator
 * closes the room. A public lobby whose host has had no socket in it for the reconnect grace is out
 * of Open games (open-games.ts) and stops counting towards MAX_PUBLIC_ROOMS_PER_ACCOUNT too (issue
 * 36: closed tabs locked their player out of public games for an hour); it counts again when the
 * host comes back, if the cap allows (it stays listed either way: it is the one they are in). A
 * lobby everyone left holds nothing either.
 * Each kind is given back at most once per room copy in memory; the lease book makes a second
 * release anywhere a no-op.
 */
export function releaseRoomLeases(registry: RoomRegistry, caps: AccountCaps, onError: (error: unknown) => void): void {
  const rooms = new WeakMap<Room, Held>();
  const heldOf = (room: Room): Held => {
    let held = rooms.get(room);
    if (!held) {
      held = { given: new Set(), away: null, parked: false, joined: false };
      rooms.set(room, held);
    }
    return held;
  };
  const give = (room: Room, kind: CapKind): void => {
    const { given } = heldOf(room);
    if (given.has(kind)) return;
    given.add(kind);
    caps.give(kind, room.slug).catch(onError);
  };
  const park = (room: Room): void => {
    const held = heldOf(room);
    held.away = null;
    const host = lobbyHost(room);
    if (!host || host.here || !room.isPublic || held.given.has('PUBLIC_ROOMS')) return;
    held.parked = true;
    give(room, 'PUBLIC_ROOMS');
  };
  const unpark = async (room: Room, hostId: string): Promise<void> => {
    const held = heldOf(room);
    held.parked = false;
    const ticket = await caps.take(['PUBLIC_ROOMS'], hostId);
    if (!('holdAs' in ticket)) return;
    // The room may have started or closed meanwhile: then the point goes straight back.
    if (lobbyHost(room) === null) return void (await ticket.cancel());
    await ticket.holdAs(room.slug);
    held.given.delete('PUBLIC_ROOMS');
  };
  const watchHost = (room: Room): void => {
    const held = heldOf(room);
    const host = room.isPublic ? lobbyHost(room) : null;
    if (host && !host.here) {
      if (held.away === null && !held.given.has('PUBLIC_ROOMS')) {
        held.away = setTimeout(() => park(room), room.clock.graceMs);
        held.away.unref?.();
      }
      return;
    }
    if (held.away !== null) clearTimeout(held.away);
    held.away = null;
    if (host && held.parked) unpark(room, host.id).catch(onError);
  };
  const check = (room: Room): void => {
    const { status } = room.state;
    // A room an operator closed holds nothing any more.
    const closed = room.closed !== null;
    watchHost(room);
    const held = heldOf(room);
    if (room.state.players.length > 0) held.joined = true;
    // Started, closed, or left by everyone before it started: nothing is waiting any more.
    if (status !== 'UNSTARTED' || closed || (held.joined && room.state.players.length === 0)) {
      give(room, 'WAITING_ROOMS');
      if (room.isPublic) give(room, 'PUBLIC_ROOMS');
    }
    if ((status === 'ENDED' || closed) && [...room.members.keys()].some((id) => botLevelOf(id) !== null)) {
      give(room, 'COMPUTER_GAMES');
    }
  };
  registry.onLoad.add((room) => {
    room.changeListeners.add(check);
    check(room);
  });
}
