import type { ApiClient } from '../protocol/api-client';
import { noteRefusal } from './session/session-watch';
import { authStore } from './stores/auth';
import { serverUrl } from './stores/server';

/**
 * The HTTP client, loaded on first use: it brings zod's schemas, which the first paint of / does
 * not need (size goal of issue #3). It goes to the server in use (stores/server.ts): the page's own
 * origin by default (the server, or Vite's proxy in development). A 401 to a call made with the
 * stored token may mean the session ended elsewhere (session/session-watch.ts).
 */
export async function api(): Promise<ApiClient> {
  const { ApiClient } = await import('../protocol/api-client');
  const token = authStore.user?.access_token ?? null;
  const watched: typeof fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    if (response.status === 401 && token !== null) noteRefusal(token, new URL(String(input), location.href).pathname);
    return response;
  };
  return new ApiClient({ baseUrl: serverUrl(), token, fetch: watched });
}
