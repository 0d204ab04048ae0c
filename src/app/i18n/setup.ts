import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { subscribeKey } from 'valtio/utils';
import { preferencesStore } from '../stores/preferences';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';
import { buildResources } from './resources';

/** Every namespace file of every language, the stage's included (bundled: a few KB). */
const modules = import.meta.glob('../../../locales/*/*.json', { eager: true, import: 'default' });
export const resources = buildResources(modules);

/** The global instance, so the stage's useTranslation('stage') and any direct i18next user share it. */
export const i18n = i18next;

void i18n.use(initReactI18next).init({
  resources,
  lng: preferencesStore.language,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[FALLBACK_LANGUAGE] ?? { translation: {} }),
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

function applyLanguage(language: string): void {
  void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

applyLanguage(preferencesStore.language);
// One switch re-renders every text at once, the stage's included (it reads the same instance).
subscribeKey(preferencesStore, 'language', applyLanguage, true);
