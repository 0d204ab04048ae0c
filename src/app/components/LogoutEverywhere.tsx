import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { errorText } from '../errors/error-text';
import { ROUTES } from '../routing/paths';
import { revokeEverySession } from '../session/end-sessions';
import { useRoomSessions } from '../session/sessions-context';
import { authStore, logOut } from '../stores/auth';
import { showError } from '../stores/banner';

/** The profile's "Log out everywhere": every session of the account ends on the server, this one too. */
export function LogoutEverywhere() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const sessions = useRoomSessions();

  const endAll = async (): Promise<void> => {
    const token = authStore.user?.access_token;
    if (!token) return;
    setBusy(true);
    try {
      await revokeEverySession(token);
    } catch (error) {
      showError(errorText(error));
      setBusy(false);
      return;
    }
    sessions.closeAll();
    logOut();
    navigate(ROUTES.home, { replace: true });
  };

  return (
    <section className="section" aria-labelledby="profile-sessions">
      <h2 id="profile-sessions" className="section-title">
        {t('profile.sessions')}
      </h2>
      <div className="card sessions-card">
        <p className="card-text">{t('profile.sessionsText')}</p>
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => void endAll()}
          data-testid="logout-everywhere"
        >
          {t('profile.logoutEverywhere')}
        </button>
      </div>
    </section>
  );
}
