import { proxy } from 'valtio';
import { api } from '../api';
import { authStore } from '../stores/auth';

/*
 * A session that ended elsewhere ("Log out everywhere" on another device, a new password, a ban)
 * must not leave this page half alive, greeting a user whose every action is refused. Any sign of
 * it — a 401 to a call made with the stored token, a socket the server closed or refused, the page
 * shown again after a while — asks GET /users/me, whose 401 means only one thing: the token is no
 * longer valid. SessionWatcher (components/SessionWatcher.tsx) then logs out here and sends the
 * player to log in again, back to the page they were on afterwards.
 */

/** `ended` turns true when the stored token was refused; SessionWatcher acts on it and resets it. */
export const sessionStore = proxy<{ ended: boolean }>({ ended: false });

/** The path whose 401 says the token itself is refused (other routes may answer 401 for a wrong password). */
export const SESSION_PROBE_PATH = '/users/me';

/** Checks at most this often when the page is shown again. */
export const SESSION_RECHECK_MS = 60_000;

let checking: Promise<void> | null = null;

/** A call made with `token` was answered 401: decide whether the session ended (only if it is still ours). */
export function noteRefusal(token: string, path: string): void {
  if (authStore.user?.access_token !== token) return;
  if (path.endsWith(SESSION_PROBE_PATH)) sessionStore.ended = true;
  else void checkSession();
}

/** Asks the server whether the stored token still works (one check at a time). */
export function checkSession(): Promise<void> {
  if (!authStore.user) return Promise.resolve();
  checking ??= api()
    .then((client) => client.me())
    .then(
      () => undefined,
      // A 401 was noted by api()'s fetch; an unreachable server or another answer says nothing.
      () => undefined,
    )
    .finally(() => {
      checking = null;
    });
  return checking;
}
