import { botLevelOf } from '../../../src/bots/levels';
import { formatRules } from '../../../src/game';
import type { ComputerSeat, ConsoleNode, ConsoleRoom, ClusterRoomsQuery } from '../../../src/protocol';
import type { ServerContext } from '../../context';
import type { Room } from '../../rooms/room';

/** What one node tells the console about itself. */
export interface NodeView {
  readonly node: ConsoleNode;
  readonly seats: readonly ComputerSeat[];
}

/** One page of the rooms one node plays, and how many it plays in all that match. */
export interface NodeRooms {
  readonly node: string;
  readonly rooms: readonly ConsoleRoom[];
  readonly total: number;
}

type Parts = Pick<ServerContext, 'config' | 'registry' | 'nsp' | 'lobby' | 'computers' | 'lifecycle' | 'telemetry'>;

function consoleRoom(room: Room, node: string): ConsoleRoom {
  return {
    slug: room.slug,
    node,
    status: room.state.status,
    rules: formatRules(room.state.rules),
    createdAt: room.createdAt,
    loadedAt: room.loadedAt,
    round: room.round,
    gameId: room.gameId,
    members: [...room.members.values()].map((m) => {
      const computer = botLevelOf(m.userId);
      return {
        userId: m.userId,
        username: m.username,
        connected: computer !== null || m.socketId !== null,
        computer,
      };
    }),
    spectators: room.spectators,
    public: room.isPublic,
  };
}

/** This node as the console lists it: its phase, what it holds, its load. */
export function nodeView(parts: Parts): NodeView {
  const { config, registry, nsp, lobby, computers, lifecycle, telemetry } = parts;
  const stats = computers.stats();
  const snapshot = telemetry.loop.snapshot();
  const lastSecond = snapshot.eventLoopDelayMs.recent[snapshot.eventLoopDelayMs.recent.length - 1];
  const seats: ComputerSeat[] = [];
  for (const room of registry.values())
    for (const id of room.members.keys()) {
      const level = botLevelOf(id);
      if (level !== null) seats.push({ slug: room.slug, node: config.nodeId, level });
    }
  return {
    node: {
      id: config.nodeId,
      name: config.nodeName,
      startedAt: lifecycle.servingSince,
      phase: lifecycle.phase,
      rooms: registry.size,
      sockets: { room: nsp.sockets.size, lobby: lobby.sockets.size },
      computers: { seats: stats.seats, max: stats.max },
      eventLoopP99Ms: lastSecond?.p99 ?? snapshot.eventLoopDelayMs.sinceStart.p99,
      rssBytes: snapshot.memory.rssBytes,
    },
    seats,
  };
}

/** The rooms this node plays that match the query, longest-lived first, one page of them. */
export function roomsHere(parts: Parts, query: ClusterRoomsQuery): NodeRooms {
  const { config, registry } = parts;
  const node = config.nodeId;
  if (query.node !== undefined && query.node !== node && query.node !== config.nodeName)
    return { node, rooms: [], total: 0 };
  const player = query.player?.toLowerCase();
  const matches: Room[] = [];
  for (const room of registry.values()) {
    if (query.status !== undefined && room.state.status !== query.status) continue;
    if (
      player !== undefined &&
      ![...room.members.values()].some((m) => m.userId === query.player || m.username.toLowerCase().startsWith(player))
    )
      continue;
    matches.push(room);
  }
  matches.sort((a, b) => a.createdAt - b.createdAt || a.slug.localeCompare(b.slug));
  return { node, rooms: matches.slice(0, query.limit).map((room) => consoleRoom(room, node)), total: matches.length };
}
