import type { FriendsApi } from '../../protocol/friends-client';
import { api } from '../api';

/** The HTTP calls of friends and direct messages, loaded on first use like api(). */
export async function friendsApi(): Promise<FriendsApi> {
  const [{ FriendsApi }, client] = await Promise.all([import('../../protocol/friends-client'), api()]);
  return new FriendsApi(client);
}
