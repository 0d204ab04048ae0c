import { describe, expect, it } from 'vitest';
import {
  emailChange,
  passwordChange,
  passwordsDiffer,
  sinceText,
  usernameChange,
} from '../../../src/app/account/account-changes';
import { resetTokenOfHash } from '../../../src/app/account/reset-token';
import { queryOfSearch, searchQuery } from '../../../src/app/account/search-query';
import { UpdateUserBodySchema } from '../../../src/protocol/accounts';
import { deletedUsername, isDeletedName } from '../../../src/protocol/deleted-accounts';

describe('the account page’s changes', () => {
  it('sends the current password and the language to a Broadside server, and neither to the original (its PUT fails on unknown fields)', () => {
    expect(emailChange(' new@example.test ', 'secret', { confirms: true, language: 'fr' })).toEqual({
      email: 'new@example.test',
      currentPassword: 'secret',
      language: 'fr',
    });
    expect(emailChange('new@example.test', 'secret', { confirms: false, language: 'fr' })).toEqual({
      email: 'new@example.test',
    });
    expect(passwordChange('a long new one', 'secret', { confirms: true, language: 'en' })).toEqual({
      password: 'a long new one',
      currentPassword: 'secret',
      language: 'en',
    });
    expect(passwordChange(' spaces kept ', '', { confirms: false, language: 'en' })).toEqual({
      password: ' spaces kept ',
    });
    expect(usernameChange('  ada ')).toEqual({ username: 'ada' });
  });

  it('sends bodies the server’s schema accepts', () => {
    for (const body of [
      usernameChange('ada_l'),
      emailChange('ada@example.test', 'secret', { confirms: true, language: 'fr' }),
      passwordChange('a long new one', 'secret', { confirms: true, language: 'en' }),
    ]) {
      expect(UpdateUserBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    }
  });

  it('compares a new password typed twice exactly', () => {
    expect(passwordsDiffer('same words', 'same words')).toBe(false);
    expect(passwordsDiffer('same words', 'same words ')).toBe(true);
  });

  it('says since when in the reader’s language, and nothing for a date that does not read', () => {
    expect(sinceText('2026-03-14T09:26:53.589Z', 'en')).toBe('March 2026');
    expect(sinceText('2026-03-14T09:26:53.589Z', 'fr')).toBe('mars 2026');
    expect(sinceText('yesterday-ish', 'en')).toBeNull();
  });
});

describe('search and reset addresses', () => {
  it('searches what was typed, trimmed and cut to a username’s length; nothing for blanks', () => {
    expect(searchQuery('  Ali ')).toBe('Ali');
    expect(searchQuery('   ')).toBeNull();
    expect(searchQuery('x'.repeat(30))).toBe('x'.repeat(20));
    expect(queryOfSearch('?q=al%20i&page=2')).toBe('al i');
    expect(queryOfSearch('')).toBe('');
  });

  it('reads the reset token from the fragment only', () => {
    expect(resetTokenOfHash('#token=abc-DEF_123')).toBe('abc-DEF_123');
    expect(resetTokenOfHash('#token=')).toBeNull();
    expect(resetTokenOfHash('')).toBeNull();
    expect(resetTokenOfHash('#other=1')).toBeNull();
  });

  it('knows a deleted account’s reserved name, which no sign-up can take', () => {
    const name = deletedUsername('5f0c2a9e');
    expect(isDeletedName(name)).toBe(true);
    expect(isDeletedName('Deleted_player')).toBe(false);
    expect(UpdateUserBodySchema.safeParse({ username: name }).success).toBe(false);
  });
});
