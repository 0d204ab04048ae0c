import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { LANGUAGES } from '../i18n/languages';
import { ROUTES } from '../routing/paths';
import { authStore } from '../stores/auth';
import { preferencesStore, setLanguage, toggleMuted, toggleTheme } from '../stores/preferences';
import { FlagIcon } from './FlagIcon';

/** The profile panel (docs/game.md, Routes): my profile, dark mode, language flags, sound, logout when logged in. */
export function ProfilePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(authStore);
  const { theme, language, muted } = useSnapshot(preferencesStore);
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
      <fieldset className="languages">
        <legend>{t('panel.language')}</legend>
        {LANGUAGES.map((lng) => (
          <button
            key={lng}
            type="button"
            className="flag"
            aria-pressed={language === lng}
            aria-label={t(`panel.languages.${lng}`)}
            title={t(`panel.languages.${lng}`)}
            onClick={() => setLanguage(lng)}
          >
            <FlagIcon language={lng} />
          </button>
        ))}
      </fieldset>
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
