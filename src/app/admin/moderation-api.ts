import type { ModerationApi } from '../../protocol/chat-client';
import { api } from '../api';

/** The moderators' calls with the logged-in token, loaded with the page's chunk. */
export async function moderationApi(): Promise<ModerationApi> {
  const { ModerationApi } = await import('../../protocol/chat-client');
  return new ModerationApi(await api());
}
