import { proxy, useSnapshot } from 'valtio';
import { useEffect } from 'react';
import type { Role } from '../../protocol/moderation';
import { api } from '../api';
import { useFeatures } from '../server/use-features';
import { authStore } from './auth';

/**
 * The role of the logged-in account (`GET /users/me` says `role`; docs/protocol.md, "Moderation"),
 * asked once per token: whether the moderators' entry and page are shown. The server checks the
 * role again on every admin call; this only decides what the page offers.
 */
export interface RoleState {
  /** The token the role was asked with; null before any answer. */
  token: string | null;
  role: Role | null;
}

export const roleStore = proxy<RoleState>({ token: null, role: null });

let asking: string | null = null;

/** Asks the server for the account's role, once per token (a new login asks again). */
export async function loadRole(): Promise<void> {
  const token = authStore.user?.access_token ?? null;
  if (token === null) {
    roleStore.token = null;
    roleStore.role = null;
    return;
  }
  if (roleStore.token === token || asking === token) return;
  asking = token;
  try {
    const me = await (await api()).me();
    if (authStore.user?.access_token !== token) return;
    roleStore.token = token;
    roleStore.role = me.role ?? 'player';
  } catch {
    // Not known: nothing of the moderators is shown; the next page that asks tries again.
  } finally {
    if (asking === token) asking = null;
  }
}

/** Whether the account is a moderator on a server that has the moderators' page: `null` while unknown. */
export function useIsAdmin(): boolean | null {
  const { user } = useSnapshot(authStore);
  const { token, role } = useSnapshot(roleStore);
  const { moderation } = useFeatures();
  const current = user?.access_token ?? null;
  useEffect(() => {
    if (current !== null && moderation) void loadRole();
  }, [current, moderation]);
  if (current === null || !moderation) return false;
  if (token !== current) return null;
  return role === 'admin';
}
