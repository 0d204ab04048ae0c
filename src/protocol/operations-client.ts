import { z } from 'zod';
import type { ApiClient } from './api-client';
import {
  type ClusterOverview,
  ClusterOverviewSchema,
  type ClusterRooms,
  type ClusterRoomsQuery,
  ClusterRoomsSchema,
} from './operations';

const ClosedSchema = z.object({ slug: z.string(), closed: z.literal(true) });
const DisconnectedSchema = z.object({ userId: z.string(), username: z.string(), disconnected: z.literal(true) });

/** The operator's console routes (docs/protocol.md, "Operations"): admins only, the server checks it. */
export class OperationsApi {
  constructor(private readonly client: ApiClient) {}

  /** Every node, the computer seats and the quick-match queue. */
  overview(): Promise<ClusterOverview> {
    return this.client.call('GET', '/admin/cluster', ClusterOverviewSchema, 'Cluster');
  }

  /** The rooms every node plays (a page of each node's), oldest first. */
  rooms(query: Partial<ClusterRoomsQuery> = {}): Promise<ClusterRooms> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const text = params.toString();
    return this.client.call('GET', `/admin/cluster/rooms${text ? `?${text}` : ''}`, ClusterRoomsSchema, 'Rooms');
  }

  /** Closes a room on whichever node plays it; its players are told `reason`. */
  async closeRoom(slug: string, reason: string): Promise<void> {
    const path = `/admin/cluster/rooms/${encodeURIComponent(slug)}/close`;
    await this.client.call('POST', path, ClosedSchema, 'Closing the room', { body: { reason } });
  }

  /** Closes every socket of an account, on every node (it may connect again). */
  async disconnect(userId: string, reason: string): Promise<void> {
    const path = `/admin/cluster/users/${encodeURIComponent(userId)}/disconnect`;
    await this.client.call('POST', path, DisconnectedSchema, 'Disconnecting', { body: { reason } });
  }
}
