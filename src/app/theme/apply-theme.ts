import { subscribeKey } from 'valtio/utils';
import { preferencesStore, type Theme } from '../stores/preferences';

/** The theme is a `data-theme` attribute on <html>; theme.css maps it to CSS variables. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

export function followThemePreference(): () => void {
  applyTheme(preferencesStore.theme);
  return subscribeKey(preferencesStore, 'theme', (theme) => applyTheme(theme), true);
}
