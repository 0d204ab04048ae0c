import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGES } from '../i18n/languages';
import { preferencesStore, setLanguage } from '../stores/preferences';
import { FlagIcon } from './FlagIcon';

/** The language flags, one pressed: the profile panel's, and the offline replay viewer's header. */
export function LanguageFlags({ hideLegend = false }: { hideLegend?: boolean }) {
  const { t } = useTranslation();
  const { language } = useSnapshot(preferencesStore);
  return (
    <fieldset className="languages">
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{t('panel.language')}</legend>
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
  );
}
