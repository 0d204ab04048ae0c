import { proxy } from 'valtio';
import { parseStoredUser, type User, userFromToken } from './user';

export const USER_STORAGE_KEY = 'broadside.user';

export interface AuthState {
  /** docs/game.md, In the browser: 'loading' until local storage has been read, then 'ready' with or without a user. */
  status: 'loading' | 'ready';
  user: User | null;
}

export const authStore = proxy<AuthState>({ status: 'loading', user: null });

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Loads the stored user at start (docs/game.md, In the browser). */
export function loadUser(): void {
  const user = parseStoredUser(storage()?.getItem(USER_STORAGE_KEY) ?? null);
  if (!user) storage()?.removeItem(USER_STORAGE_KEY);
  authStore.user = user;
  authStore.status = 'ready';
}

/** Stores the user decoded from a fresh token; false when the token cannot be read. */
export function logIn(token: string): boolean {
  const user = userFromToken(token);
  if (!user) return false;
  storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  authStore.user = user;
  authStore.status = 'ready';
  return true;
}

export function logOut(): void {
  storage()?.removeItem(USER_STORAGE_KEY);
  authStore.user = null;
  authStore.status = 'ready';
}
