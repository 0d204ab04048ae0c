import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useRoomSessions } from '../session/sessions-context';
import { logOut } from '../stores/auth';
import { takeReturnTarget } from '../stores/return-path';

/** Log out (docs/game.md, Routes): clears the stored user and returns to the remembered page, otherwise /. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const sessions = useRoomSessions();
  useEffect(() => {
    sessions.closeAll();
    logOut();
    navigate(takeReturnTarget(), { replace: true });
  }, [navigate, sessions]);
  return <p className="page">{t('logout.progress')}</p>;
}
