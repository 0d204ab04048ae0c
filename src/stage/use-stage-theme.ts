import { Color } from 'pixi.js';
import { useEffect, useState } from 'react';
import { FALLBACK_THEME, type StageTheme, sameTheme, themeFromLookup } from './theme';

function isPixiColor(value: string): boolean {
  try {
    new Color(value);
    return true;
  } catch {
    return false;
  }
}

export function readStageTheme(): StageTheme {
  if (typeof document === 'undefined') return FALLBACK_THEME;
  const style = getComputedStyle(document.documentElement);
  return themeFromLookup((v) => style.getPropertyValue(v), isPixiColor);
}

/**
 * The stage colours, re-read when `preference` (the theme's name, given by the app) changes and
 * whenever the root element's class, style or data attributes change (the web client may apply the
 * theme after this effect runs).
 */
export function useStageTheme(preference: string): StageTheme {
  const [theme, setTheme] = useState(readStageTheme);
  // The preference is a trigger only: the colours themselves come from the CSS variables.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const update = () =>
      setTheme((prev) => {
        const next = readStageTheme();
        return sameTheme(prev, next) ? prev : next;
      });
    update();
    const frame = requestAnimationFrame(update);
    const observer = new MutationObserver(update);
    const options = { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] };
    observer.observe(document.documentElement, options);
    if (document.body) observer.observe(document.body, options);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [preference]);
  return theme;
}
