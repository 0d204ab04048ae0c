import { LobbyClient } from '../../src/protocol';
import type { TestPlayer } from './players';

/**
 * The player's Home page: a /lobby client over WebSocket, without reconnection, connected (unless
 * `connect` is false: the caller listens first, then connects).
 */
export async function lobbyOf(url: string, player: TestPlayer, { connect = true } = {}): Promise<LobbyClient> {
  const client = new LobbyClient({
    url,
    token: player.token,
    socket: { transports: ['websocket'], reconnection: false },
  });
  if (connect) await client.connect();
  return client;
}

/** A room created by `player` over HTTP (public when asked): its slug. */
export async function roomOf(player: TestPlayer, options: { public?: boolean } = {}): Promise<string> {
  const { slug } = await player.api.createRoom({
    userId: player.id,
    username: player.username,
    socketId: null,
    ...(options.public ? { public: true } : {}),
  });
  return slug;
}
