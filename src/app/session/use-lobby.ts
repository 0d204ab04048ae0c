import { useEffect } from 'react';
import type { User } from '../stores/user';
import { openLobby } from './lobby-session';

/** Keeps the /lobby connection open while the page is shown and a user is logged in. */
export function useLobby(user: User | null): void {
  useEffect(() => (user ? openLobby(user) : undefined), [user]);
}
