import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { ROUTES } from '../routing/paths';
import { checkSession, SESSION_RECHECK_MS, sessionStore } from '../session/session-watch';
import { useRoomSessions } from '../session/sessions-context';
import { authStore, logOut } from '../stores/auth';
import { showError } from '../stores/banner';
import { rememberPath } from '../stores/return-path';

/**
 * Ends the session here when it ended on the server (session/session-watch.ts): the room sockets
 * close, the stored user goes, and the player lands on Log in with why, the page they were on
 * remembered. Also checks when the page is shown again after a while.
 */
export function SessionWatcher() {
  const { ended } = useSnapshot(sessionStore);
  const sessions = useRoomSessions();
  const [location, navigate] = useLocation();

  useEffect(() => {
    if (!ended) return;
    sessionStore.ended = false;
    sessions.closeAll();
    logOut();
    rememberPath(location);
    navigate(ROUTES.login, { replace: true });
    showError({ key: 'errors.sessionEnded' });
  }, [ended, sessions, location, navigate]);

  useEffect(() => {
    let checkedAt = Date.now();
    const shown = (): void => {
      if (document.visibilityState !== 'visible' || !authStore.user) return;
      if (Date.now() - checkedAt < SESSION_RECHECK_MS) return;
      checkedAt = Date.now();
      void checkSession();
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, []);

  return null;
}
