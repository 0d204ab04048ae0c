import type { AccountsApi } from '../../protocol/accounts-client';
import { api } from '../api';

/** The calls of profiles, search and your account, loaded on first use like api(). */
export async function accountsApi(): Promise<AccountsApi> {
  const [{ AccountsApi }, client] = await Promise.all([import('../../protocol/accounts-client'), api()]);
  return new AccountsApi(client);
}
