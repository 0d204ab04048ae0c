import { ApiClient } from '../../../src/protocol';
import type { TestPlayer } from '../../support/players';

/** The account ADMIN_EMAILS names in playwright.config.ts: signed up once per run, logged in after. */
export async function moderator(baseURL: string): Promise<TestPlayer> {
  const email = 'moderator@broadside.test';
  const password = 'correct horse battery';
  const api = new ApiClient({ baseUrl: baseURL });
  await api.signUp({ username: 'harbour_master', email, password }).catch(() => undefined);
  const { access_token } = await api.login({ email, password });
  const me = await new ApiClient({ baseUrl: baseURL, token: access_token }).me();
  return { api, token: access_token, id: me.id, username: me.username, email };
}
