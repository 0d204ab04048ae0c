import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { subscribeKey } from 'valtio/utils';
import { preferencesStore } from '../stores/preferences';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';
import { buildResources, parseLocalePath } from './resources';
import type { TextPart } from './text-parts';

/*
 * The texts load by language and by part (src/app/i18n/text-parts.ts), each file a chunk of its
 * own: a first visit loads its reader's language and the first part only, so both languages can
 * grow without weighing on the first load (docs/extending.md, "A new page").
 */
type Loaders = Record<string, () => Promise<unknown>>;
const translation: Record<TextPart, Loaders> = {
  first: import.meta.glob('../../../locales/*/translation.json', { query: { part: 'first' }, import: 'default' }),
  later: import.meta.glob('../../../locales/*/translation.json', { query: { part: 'later' }, import: 'default' }),
};
/** The other namespaces (the stage's): the pages that show them load the later part. */
const others: Loaders = import.meta.glob(['../../../locales/*/*.json', '!../../../locales/*/translation.json'], {
  import: 'default',
});
const PARTS: Record<TextPart, Loaders> = { first: translation.first, later: { ...translation.later, ...others } };

const namespaces = [
  ...new Set(
    Object.keys({ ...translation.first, ...others }).flatMap((path) => parseLocalePath(path)?.namespace ?? []),
  ),
];

/** The global instance, so the stage's useTranslation('stage') and any direct i18next user share it. */
export const i18n = i18next;

void i18n.use(initReactI18next).init({
  resources: {},
  lng: preferencesStore.language,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  initAsync: false,
  // No advertisement in the players' console.
  showSupportNotice: false,
  // Texts added later re-render what shows: a key read too early shows for an instant, not for good.
  react: { useSuspense: false, bindI18nStore: 'added' },
});

const loading = new Map<string, Promise<void>>();

function loadPart(language: string, part: TextPart): Promise<void> {
  const id = `${language}/${part}`;
  let done = loading.get(id);
  if (!done) {
    const own = Object.entries(PARTS[part]).filter(([path]) => parseLocalePath(path)?.language === language);
    done = Promise.all(own.map(async ([path, load]) => [path, await load()] as const)).then((modules) => {
      const bundles = buildResources(Object.fromEntries(modules))[language] ?? {};
      for (const [namespace, bundle] of Object.entries(bundles)) {
        i18n.addResourceBundle(language, namespace, bundle, true, true);
      }
    });
    // A failed load (the network) may be tried again by the next page that needs it.
    done.catch(() => loading.delete(id));
    loading.set(id, done);
  }
  return done;
}

/** The parts asked for so far: a switch of language loads them all in the new one. */
const wanted = new Set<TextPart>(['first']);

/** Loads one part of the texts in the reader's language (and in any language they switch to). */
export function loadTexts(part: TextPart): Promise<void> {
  wanted.add(part);
  return loadPart(preferencesStore.language, part);
}

/** Loads every part of one language (tests switch between languages). */
export function loadLanguage(language: string): Promise<void> {
  return Promise.all([...wanted].map((part) => loadPart(language, part))).then(() => undefined);
}

async function applyLanguage(language: string): Promise<void> {
  await loadLanguage(language);
  // A later switch may have happened while this language loaded: the store decides.
  if (preferencesStore.language !== language) return;
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Settles once the reader's first texts are loaded: the app renders after it, never with bare keys. */
export const i18nReady: Promise<void> = applyLanguage(preferencesStore.language);
// One switch re-renders every text at once, the stage's included (it reads the same instance).
subscribeKey(preferencesStore, 'language', (language) => void applyLanguage(language), true);
