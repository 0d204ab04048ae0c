import type { ApiClient } from '../protocol/api-client';
import { authStore } from './stores/auth';

/**
 * The HTTP client, loaded on first use: it brings zod's schemas, which the first paint of / does
 * not need (size goal of issue #3). Same origin: the server, or Vite's proxy in development.
 */
export async function api(): Promise<ApiClient> {
  const { ApiClient } = await import('../protocol/api-client');
  return new ApiClient({ token: authStore.user?.access_token ?? null });
}
