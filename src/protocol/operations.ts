import { z } from 'zod';
import { GAME_STATUSES } from '../game';
import { SlugSchema } from './schemas';

/*
 * Running a server (docs/deploy.md; docs/protocol.md, "Operations"): what a node tells its sockets
 * as it restarts or closes a room, and the operator's console JSON (GET /admin/cluster/…).
 */

/** broadside/2 `/room` and `/lobby` sockets: the node restarts and closes the socket now; connect again at once. */
export const RESTARTING_EVENT = 'restarting';
export const RestartingSchema = z.object({
  /** How soon to connect again, ms (another node answers). */
  retryMs: z.number().int().nonnegative(),
});
export type Restarting = z.infer<typeof RestartingSchema>;

/** broadside/2 `/room` sockets of a room an operator closed, members and spectators: why. */
export const ROOM_CLOSED_EVENT = 'roomClosed';
export const RoomClosedSchema = z.object({ slug: SlugSchema, reason: z.string() });
export type RoomClosed = z.infer<typeof RoomClosedSchema>;

/** Why an operator closes a room or disconnects someone: told to the players, kept in the audit log. */
export const OperatorReasonSchema = z.string().trim().min(3, 'say why, in a few words').max(300);

export const CloseRoomBodySchema = z.strictObject({ reason: OperatorReasonSchema });
export type CloseRoomBody = z.infer<typeof CloseRoomBodySchema>;

export const DisconnectBodySchema = z.strictObject({ reason: OperatorReasonSchema });
export type DisconnectBody = z.infer<typeof DisconnectBodySchema>;

export const ConsoleMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  /** A socket of theirs is in the room (a computer player is always there). */
  connected: z.boolean(),
  /** The computer's level, for a computer player. */
  computer: z.string().nullable(),
});

export const ConsoleRoomSchema = z.object({
  slug: z.string(),
  /** The node playing it. */
  node: z.string(),
  status: z.enum(GAME_STATUSES),
  rules: z.string(),
  /** Epoch ms when the room was made, and when this node loaded it. */
  createdAt: z.number(),
  loadedAt: z.number(),
  round: z.number().int(),
  gameId: z.number().int().nullable(),
  members: z.array(ConsoleMemberSchema),
  spectators: z.number().int(),
  public: z.boolean(),
});
export type ConsoleRoom = z.infer<typeof ConsoleRoomSchema>;

export const ConsoleNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Epoch ms when it started serving (0 when unknown). */
  startedAt: z.number(),
  phase: z.enum(['starting', 'serving', 'draining', 'stopped']),
  rooms: z.number().int(),
  sockets: z.object({ room: z.number().int(), lobby: z.number().int() }),
  computers: z.object({ seats: z.number().int(), max: z.number().int() }),
  /** The last second's event-loop delay p99 and the resident memory. */
  eventLoopP99Ms: z.number(),
  rssBytes: z.number(),
});
export type ConsoleNode = z.infer<typeof ConsoleNodeSchema>;

export const ConsoleQueueEntrySchema = z.object({
  userId: z.string(),
  username: z.string(),
  since: z.number(),
  rules: z.string(),
});

/** A computer player's seat: its room, the node playing it, its level. */
export const ComputerSeatSchema = z.object({ slug: z.string(), node: z.string(), level: z.string() });
export type ComputerSeat = z.infer<typeof ComputerSeatSchema>;

/** GET /admin/cluster: every node, the computer seats, and the quick-match queue. */
export const ClusterOverviewSchema = z.object({
  at: z.number(),
  nodes: z.array(ConsoleNodeSchema),
  /** Nodes that did not answer in time (named by id). */
  silent: z.array(z.string()),
  seats: z.array(ComputerSeatSchema),
  queue: z.array(ConsoleQueueEntrySchema),
});
export type ClusterOverview = z.infer<typeof ClusterOverviewSchema>;

/** GET /admin/cluster/rooms: the rooms every node plays, one page of each node's. */
export const ClusterRoomsSchema = z.object({
  at: z.number(),
  rooms: z.array(ConsoleRoomSchema),
  /** Rooms each node plays in all (the page may list fewer). */
  totals: z.record(z.string(), z.number().int()),
  silent: z.array(z.string()),
});
export type ClusterRooms = z.infer<typeof ClusterRoomsSchema>;

export const ClusterRoomsQuerySchema = z.strictObject({
  node: z.string().min(1).max(200).optional(),
  status: z.enum(GAME_STATUSES).optional(),
  /** Rooms with this player (id or start of the name). */
  player: z.string().trim().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ClusterRoomsQuery = z.infer<typeof ClusterRoomsQuerySchema>;
