import { describe, expect, it } from 'vitest';
import { gameTitle } from '../../../src/app/pages/game-title';

describe("the game page's title", () => {
  it('names the viewer first, and carries the opponent’s BOT title for the badge a phone shows beside it', () => {
    const members = [
      { userId: 'b', username: 'hunter', title: 'BOT' as const },
      { userId: 'a', username: 'ann' },
    ];
    expect(gameTitle(members, 'a')).toEqual({ me: 'ann', opponent: 'hunter', opponentTitle: 'BOT' });
    // Seen by the bot itself, the opponent is a person: no badge.
    expect(gameTitle(members, 'b')).toEqual({ me: 'hunter', opponent: 'ann', opponentTitle: null });
  });

  it('is null until both players are known', () => {
    expect(gameTitle([{ userId: 'a', username: 'ann' }], 'a')).toBeNull();
  });
});
