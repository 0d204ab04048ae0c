import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import { authStore } from '../stores/auth';
import { preferencesStore, toggleMuted, toggleTheme } from '../stores/preferences';
import { LanguageFlags } from './LanguageFlags';

/** The profile panel (docs/game.md, Routes): my profile, dark mode, language flags, sound, logout when logged in. */
export function ProfilePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(authStore);
  const { theme, muted } = useSnapshot(preferencesStore);
  return (
    <div className="panel" role="dialog" aria-label={t('panel.title')} id="profile-panel">
      <Link href={ROUTES.profile} className="panel-link" onClick={onClose}>
        {t('panel.myProfile')}
      </Link>
      <label className="switch">
        <input type="checkbox" checked={theme === 'dark'} onChange={toggleTheme} />
        {t('panel.darkMode')}
      </label>
      <label className="switch">
        <input type="checkbox" checked={muted} onChange={toggleMuted} />
        {t('panel.mute')}
      </label>
      <LanguageFlags />
      {user ? (
        <Link href={ROUTES.logout} className="panel-link" onClick={onClose}>
          {t('panel.logout')}
        </Link>
      ) : (
        <Link href={ROUTES.login} className="panel-link" onClick={onClose}>
          {t('panel.login')}
        </Link>
      )}
    </div>
  );
}
