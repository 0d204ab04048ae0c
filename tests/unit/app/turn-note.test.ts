import { describe, expect, it } from 'vitest';
import { CLASSIC_RULES, makeRules } from '../../../src/game';
import { turnNote } from '../../../src/app/session/turn-note';

const AGAIN = makeRules({ again: 'hit' });
const members = (toPlay: string) => [
  { userId: 'me', hasToPlay: toPlay === 'me' },
  { userId: 'foe', hasToPlay: toPlay === 'foe' },
];
const shot = (shooterId: string, result: 'M' | 'H' | 'D') => ({ shooterId, x: 1, y: 1, result });

describe('a turn kept after a hit', () => {
  it('says this player shoots again after their hit or sink, under "again after a hit" only', () => {
    expect(turnNote({ rules: AGAIN, userId: 'me', members: members('me'), battlePlace: shot('me', 'H') })).toBe(
      'again',
    );
    expect(turnNote({ rules: AGAIN, userId: 'me', members: members('me'), battlePlace: shot('me', 'D') })).toBe(
      'again',
    );
    expect(turnNote({ rules: CLASSIC_RULES, userId: 'me', members: members('me'), battlePlace: shot('me', 'H') })).toBe(
      null,
    );
  });

  it('says the opponent shoots again after theirs, and nothing after a miss or once the turn passed', () => {
    expect(turnNote({ rules: AGAIN, userId: 'me', members: members('foe'), battlePlace: shot('foe', 'H') })).toBe(
      'theirAgain',
    );
    expect(turnNote({ rules: AGAIN, userId: 'me', members: members('me'), battlePlace: shot('foe', 'M') })).toBe(null);
    // The game ended on that hit: nobody has to play.
    expect(turnNote({ rules: AGAIN, userId: 'me', members: members('none'), battlePlace: shot('me', 'D') })).toBe(null);
    expect(turnNote({ rules: AGAIN, userId: 'me', members: members('me'), battlePlace: null })).toBe(null);
  });
});
