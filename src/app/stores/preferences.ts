import { proxy } from 'valtio';
import { type Language, pickLanguage } from '../i18n/languages';

export type Theme = 'dark' | 'light';

/** docs/game.md, In the browser: language and theme live in memory only; `muted` silences the stage's sounds. */
export interface PreferencesState {
  language: Language;
  theme: Theme;
  muted: boolean;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function initialPreferences(languages: readonly string[] = browserLanguages()): PreferencesState {
  return { language: pickLanguage(languages), theme: 'dark', muted: false };
}

export const preferencesStore = proxy<PreferencesState>(initialPreferences());

export function setLanguage(language: Language): void {
  preferencesStore.language = language;
}

export function toggleTheme(): void {
  preferencesStore.theme = preferencesStore.theme === 'dark' ? 'light' : 'dark';
}

export function toggleMuted(): void {
  preferencesStore.muted = !preferencesStore.muted;
}
