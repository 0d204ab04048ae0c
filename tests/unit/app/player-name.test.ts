import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computerLevel, playerName } from '../../../src/app/players/player-name';
import { botUsername } from '../../../src/bots/levels';
import { computerLevelOfName } from '../../../src/protocol/computer-names';
import { deletedUsername } from '../../../src/protocol/deleted-accounts';

const ROOT = join(import.meta.dirname, '../../..');
const french = JSON.parse(readFileSync(join(ROOT, 'locales/fr/translation.json'), 'utf8'));
/** The French texts, looked up as i18next would. */
const t = (key: string): string => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], french);
  if (typeof found !== 'string') throw new Error(`no text ${key}`);
  return found;
};

describe('the names the browser shows', () => {
  it('names the computer in the interface language, from its level', () => {
    expect(playerName(t, { username: 'Computer (Easy)', bot: 'easy' })).toBe('Ordinateur (facile)');
    expect(playerName(t, { username: 'Computer (Hard)', bot: 'hard' })).toBe('Ordinateur (difficile)');
  });

  it('tells the computer by its reserved stored name where a payload carries no level (a winner, a rematch)', () => {
    expect(playerName(t, { username: botUsername('medium') })).toBe('Ordinateur (moyen)');
    // A presence entry says only that it is the computer: the name gives the level.
    expect(playerName(t, { username: botUsername('hard'), bot: true })).toBe('Ordinateur (difficile)');
  });

  it('names a deleted account "deleted player" in the interface language', () => {
    expect(playerName(t, { username: deletedUsername('5f0c2a9e-0000-4000-8000-00000000002a'), bot: null })).toBe(
      'Joueur supprimé',
    );
    expect(playerName(t, { username: 'Deleted_player', bot: null })).toBe('Deleted_player');
  });

  it("leaves a person's name as it is, even one that mentions the computer", () => {
    expect(playerName(t, { username: 'Computer_Easy', bot: null })).toBe('Computer_Easy');
    expect(playerName(t, { username: 'computer (easy)' })).toBe('computer (easy)');
    expect(computerLevel({ username: 'alice', bot: false })).toBeNull();
  });

  it('reads back every level the server names (src/bots/levels.ts)', () => {
    for (const level of ['easy', 'medium', 'hard'] as const)
      expect(computerLevelOfName(botUsername(level))).toBe(level);
  });
});
