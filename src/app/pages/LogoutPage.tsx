import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { revokeToken } from '../session/end-sessions';
import { useRoomSessions } from '../session/sessions-context';
import { authStore, logOut } from '../stores/auth';
import { serverStore } from '../stores/server';
import { takeReturnTarget } from '../stores/return-path';

/**
 * Log out (docs/game.md, Routes): the token is revoked on the server (refused everywhere from now
 * on), the stored user is cleared at once whether or not the server answers, and the remembered
 * page follows, otherwise /.
 */
export default function LogoutPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const sessions = useRoomSessions();
  useEffect(() => {
    const token = authStore.user?.access_token ?? null;
    sessions.closeAll();
    logOut();
    // An unreachable server cannot keep anyone logged in here; the token then simply expires.
    // A server without sessions (the original) has no logout route: its token simply expires.
    if (token && serverStore.capabilities.features.sessions) revokeToken(token).catch(() => undefined);
    navigate(takeReturnTarget(), { replace: true });
  }, [navigate, sessions]);
  return <p className="page">{t('logout.progress')}</p>;
}
