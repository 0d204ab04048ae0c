import type { ManagerOptions, SocketOptions } from 'socket.io-client';

/** The socket settings of docs/protocol.md, Client settings. */
export const SOCKET_SETTINGS = {
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
} as const;

/**
 * Each client gets its own connection. socket.io-client otherwise shares one per server between
 * namespaces, and the token travels in that connection's handshake query: a /room client opened
 * after another user's /lobby client in the same process (a test, a load generator, a page after a
 * logout and a login) would be taken for that other user.
 */
export const OWN_CONNECTION = { multiplex: false } as const;

/**
 * WebSocket from the first packet, HTTP long-polling only where a WebSocket cannot be opened.
 * socket.io's default starts on polling and upgrades a moment later: a page closed during that
 * upgrade leaves the server holding a polling transport with no request in flight, so it notices the
 * player gone only at the heartbeat timeout (up to 45 s) instead of at once — the opponent's
 * "left — they have 60 s" notice came that much late. It also saves the polling handshake's requests.
 */
export const WEBSOCKET_FIRST: Partial<ManagerOptions> = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
};

/** The options of every Broadside client socket: the settings of docs/protocol.md, its own connection, WebSocket first, then the caller's. */
export function clientSocketOptions(
  query: Record<string, string>,
  overrides: Partial<ManagerOptions & SocketOptions> = {},
): Partial<ManagerOptions & SocketOptions> {
  return { ...SOCKET_SETTINGS, ...OWN_CONNECTION, ...WEBSOCKET_FIRST, autoConnect: false, query, ...overrides };
}
