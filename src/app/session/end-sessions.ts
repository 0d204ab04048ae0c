import { serverUrl } from '../stores/server';

/**
 * Logout on the server (docs/protocol.md, "Sessions"): the token is revoked there, so a copy of it
 * (another tab, a stolen token) stops working too. The client is loaded on demand, like api().
 */
export async function revokeToken(token: string): Promise<void> {
  const { ApiClient } = await import('../../protocol/api-client');
  await new ApiClient({ baseUrl: serverUrl(), token }).logout();
}

/** "Log out everywhere": every token of the account, on every device, this one included. */
export async function revokeEverySession(token: string): Promise<void> {
  const { ApiClient } = await import('../../protocol/api-client');
  await new ApiClient({ baseUrl: serverUrl(), token }).logoutEverywhere();
}
