import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, pickLanguage, resolveLanguage } from '../../../src/app/i18n/languages';

describe('language mapping (docs/game.md, In the browser)', () => {
  it.each([
    ['fr-FR', 'fr'],
    ['fr-EN', 'fr'],
    ['en-GB', 'en'],
    ['en-US', 'en'],
    ['EN_us', 'en'],
    ['fr', 'fr'],
    ['en', 'en'],
  ])('%s → %s', (tag, expected) => {
    expect(resolveLanguage(tag)).toBe(expected);
  });

  it.each(['de-DE', 'es', '', 'x'])('falls back to French for %j', (tag) => {
    expect(resolveLanguage(tag)).toBe('fr');
  });

  it('falls back to French for a missing tag', () => {
    expect(FALLBACK_LANGUAGE).toBe('fr');
    expect(resolveLanguage(undefined)).toBe('fr');
    expect(resolveLanguage(null)).toBe('fr');
  });

  it('takes the first supported preference of the browser', () => {
    expect(pickLanguage(['de-DE', 'en-GB', 'fr-FR'])).toBe('en');
    expect(pickLanguage(['fr-EN', 'en-US'])).toBe('fr');
    expect(pickLanguage(['de-DE', 'it'])).toBe('fr');
    expect(pickLanguage([])).toBe('fr');
  });
});
