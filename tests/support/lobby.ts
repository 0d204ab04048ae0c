import { LobbyClient } from '../../src/protocol';
import type { TestPlayer } from './players';

/** The player's Home page: a connected /lobby client over WebSocket, without reconnection. */
export async function lobbyOf(url: string, player: TestPlayer): Promise<LobbyClient> {
  const client = new LobbyClient({
    url,
    token: player.token,
    socket: { transports: ['websocket'], reconnection: false },
  });
  await client.connect();
  return client;
}
