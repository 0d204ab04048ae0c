import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { closeActiveSession } from '../session/active-session';
import { logOut } from '../stores/auth';
import { takeReturnTarget } from '../stores/return-path';

/** Log out (docs/game.md, Routes): clears the stored user and returns to the remembered page, otherwise /. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    closeActiveSession();
    logOut();
    navigate(takeReturnTarget(), { replace: true });
  }, [navigate]);
  return <p className="page">{t('logout.progress')}</p>;
}
