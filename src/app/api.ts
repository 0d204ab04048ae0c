import type { ApiClient } from '../protocol/api-client';
import { authStore } from './stores/auth';
import { serverUrl } from './stores/server';

/**
 * The HTTP client, loaded on first use: it brings zod's schemas, which the first paint of / does
 * not need (size goal of issue #3). It goes to the server in use (stores/server.ts): the page's own
 origin by default (the server, or Vite's proxy in development).
 */
export async function api(): Promise<ApiClient> {
  const { ApiClient } = await import('../protocol/api-client');
  return new ApiClient({ baseUrl: serverUrl(), token: authStore.user?.access_token ?? null });
}
