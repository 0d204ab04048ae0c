import { describe, expect, it } from 'vitest';
import { CLASSIC_RULES } from '../../../src/game';
import type { HistoryEntry } from '../../../src/protocol/history';
import { ratingLookup, signedDelta } from '../../../src/app/session/rating-change';

/* Issue 36, item 3: the end card's rating change, from the newest games of the player's history. */

function entry(over: Partial<HistoryEntry>): HistoryEntry {
  return {
    gameId: 1,
    slug: 'room',
    round: 1,
    opponent: { userId: 'b', username: 'bob', bot: null },
    result: 'WON',
    endReason: 'SUNK',
    rules: CLASSIC_RULES,
    shots: 20,
    hits: 17,
    opponentShots: 19,
    opponentHits: 10,
    startedAt: 0,
    endedAt: 1,
    rating: null,
    ...over,
  };
}

describe('ratingLookup', () => {
  it('takes the newest game of the room, rounded as shown', () => {
    const games = [
      entry({ gameId: 3, slug: 'other', rating: { before: 1400, after: 1380 } }),
      entry({ gameId: 2, rating: { before: 1500, after: 1662.4 } }),
      entry({ gameId: 1, rating: { before: 1480, after: 1500 } }),
    ];
    expect(ratingLookup(games, 'room')).toEqual({ kind: 'rated', change: { before: 1500, after: 1662, delta: 162 } });
  });

  it('waits while the game is not rated yet or not in the history yet', () => {
    expect(ratingLookup([entry({})], 'room')).toEqual({ kind: 'pending' });
    expect(ratingLookup([entry({ slug: 'other' })], 'room')).toEqual({ kind: 'pending' });
  });

  it("gives up at once on a game against the server's computer, not on one against a bot account", () => {
    const computer = { userId: 'c', username: 'Computer (Easy)', bot: 'easy' as const };
    expect(ratingLookup([entry({ opponent: computer })], 'room')).toEqual({ kind: 'none' });
    const account = { ...computer, title: 'BOT' as const };
    expect(ratingLookup([entry({ opponent: account })], 'room')).toEqual({ kind: 'pending' });
  });
});

describe('signedDelta', () => {
  it('signs a change with a true minus and a plus-minus for none', () => {
    expect(signedDelta(162)).toBe('+162');
    expect(signedDelta(-38)).toBe('−38');
    expect(signedDelta(0)).toBe('±0');
    expect(signedDelta(1200, (n) => n.toLocaleString('en-US'))).toBe('+1,200');
  });
});
