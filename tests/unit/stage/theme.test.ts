import { describe, expect, it } from 'vitest';
import { FALLBACK_THEME, sameTheme, THEME_VARIABLES, themeFromLookup } from '../../../src/stage/theme';

describe('themeFromLookup', () => {
  it('reads every --stage-* variable', () => {
    const theme = themeFromLookup(
      (v) => (v === '--stage-hit' ? ' #ff0000 ' : '#123123'),
      () => true,
    );
    expect(theme.hit).toBe('#ff0000');
    expect(theme.water).toBe('#123123');
    expect(Object.keys(theme).sort()).toEqual(Object.keys(THEME_VARIABLES).sort());
  });

  it('falls back for missing or unparsable values', () => {
    const theme = themeFromLookup(
      (v) => (v === '--stage-water' ? 'oklch(0.5 0.1 200)' : v === '--stage-ship' ? '#888' : ''),
      (value) => value.startsWith('#'),
    );
    expect(theme.water).toBe(FALLBACK_THEME.water);
    expect(theme.bg).toBe(FALLBACK_THEME.bg);
    expect(theme.ship).toBe('#888');
  });

  it('compares themes by value', () => {
    expect(sameTheme(FALLBACK_THEME, { ...FALLBACK_THEME })).toBe(true);
    expect(sameTheme(FALLBACK_THEME, { ...FALLBACK_THEME, hit: '#000' })).toBe(false);
  });
});
