import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_LIFETIME_MS, bannerStore, clearErrors, dismissError, showError } from '../../../src/app/stores/banner';
import { initialPreferences } from '../../../src/app/stores/preferences';
import { rememberPath, returnPathStore, takeReturnTarget } from '../../../src/app/stores/return-path';

describe('error banner store', () => {
  beforeEach(clearErrors);

  it('shows messages until dismissed, without duplicates', () => {
    showError({ raw: 'Invalid credentials' });
    showError({ raw: 'Invalid credentials' });
    showError({ key: 'errors.network' });
    expect(bannerStore.messages.map((m) => m.text)).toEqual([
      { raw: 'Invalid credentials' },
      { key: 'errors.network' },
    ]);
    dismissError(bannerStore.messages[0]?.id ?? -1);
    expect(bannerStore.messages.map((m) => m.text)).toEqual([{ key: 'errors.network' }]);
  });

  describe('messages leave by themselves (issue #13)', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('after their lifetime; showing one again starts its life over instead of stacking it', () => {
      showError({ raw: 'down' });
      vi.advanceTimersByTime(BANNER_LIFETIME_MS - 1000);
      showError({ raw: 'down' });
      vi.advanceTimersByTime(2000);
      expect(bannerStore.messages.map((m) => m.text)).toEqual([{ raw: 'down' }]);
      vi.advanceTimersByTime(BANNER_LIFETIME_MS);
      expect(bannerStore.messages).toEqual([]);
    });
  });
});

describe('remembered path store', () => {
  beforeEach(() => {
    returnPathStore.path = null;
  });

  it('is used once', () => {
    rememberPath('/game/lobby/x');
    expect(takeReturnTarget()).toBe('/game/lobby/x');
    expect(takeReturnTarget()).toBe('/');
  });

  it('ignores auth pages', () => {
    rememberPath('/login');
    expect(returnPathStore.path).toBeNull();
  });
});

describe('preferences', () => {
  it('dark by default, unmuted, language from the browser with French as fallback', () => {
    expect(initialPreferences(['en-US'])).toEqual({ language: 'en', theme: 'dark', muted: false });
    expect(initialPreferences(['de-DE'])).toEqual({ language: 'fr', theme: 'dark', muted: false });
  });
});
