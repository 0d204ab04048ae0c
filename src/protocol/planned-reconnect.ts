import type { Socket } from 'socket.io-client';
import { RESTARTING_EVENT, RestartingSchema } from './operations';

/** How soon after a node's `restarting` the client tries another (docs/protocol.md, "Operations"). */
export const PLANNED_RECONNECT_MS = 50;
/** How long a planned reconnection may take before the client shows the player it is offline. */
export const PLANNED_QUIET_MS = 5000;

/** What `followRestarts` calls: the planned drop began, or the socket is back. */
export interface PlannedReconnect {
  /** True between a `restarting` and the next connect: the drop is the server's plan, not a failure. */
  readonly planned: boolean;
}

/**
 * A node that restarts tells its sockets `restarting` just before it closes them; socket.io-client
 * then reconnects by itself as after any network cut, through the proxy to another node. This
 * makes that first attempt come at once instead of after the usual back-off (a second), and says
 * the drop was planned until the socket is back, so a page need not show it as a failure.
 */
export function followRestarts(
  socket: Socket,
  changed: (planned: boolean) => void = () => undefined,
): PlannedReconnect {
  const state = { planned: false };
  const manager = socket.io;
  let usual = manager.reconnectionDelay();
  socket.on(RESTARTING_EVENT, (payload: unknown) => {
    const parsed = RestartingSchema.safeParse(payload);
    if (!parsed.success || state.planned) return;
    usual = manager.reconnectionDelay();
    manager.reconnectionDelay(Math.max(PLANNED_RECONNECT_MS, parsed.data.retryMs));
    state.planned = true;
    changed(true);
  });
  socket.on('connect', () => {
    if (!state.planned) return;
    manager.reconnectionDelay(usual);
    state.planned = false;
    changed(false);
  });
  return state;
}
