import { GameClient } from '../../protocol/game-client';
import { type Ack, errorAck, isErrorAck } from '../../protocol/types';
import { serverUrl } from '../stores/server';
import type { User } from '../stores/user';

/**
 * "Dismiss" on Home's games in progress (issue 36): leaves a room whose game never started, through
 * the room's own leave command, as Leave in its lobby does. A socket is opened for it, seated,
 * made to leave and closed; the room's places towards the account's caps come back with it. Loaded
 * only when a player dismisses a game, so Home's first load does not carry the socket client.
 */
export async function dismissRoom(slug: string, user: User): Promise<Ack<null>> {
  const client = new GameClient({ url: serverUrl(), token: user.access_token, slug });
  try {
    await client.connect();
    const joined = await client.joinRoom(slug);
    if (isErrorAck(joined)) return joined;
    return await client.leaveRoom(slug);
  } catch (error: unknown) {
    return errorAck('UNAUTHORIZED', error instanceof Error ? error.message : undefined);
  } finally {
    client.close();
  }
}
