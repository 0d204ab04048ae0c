import { describe, expect, it } from 'vitest';
import { INITIAL_RATING, rateGame } from '../../../server/ratings/glicko';

describe('rateGame (Glicko-2 through the glicko2 package)', () => {
  it('moves two newcomers apart by the same amount and shrinks both deviations', () => {
    const { winner, loser } = rateGame(INITIAL_RATING, INITIAL_RATING);
    expect(winner.rating).toBeGreaterThan(1500);
    expect(loser.rating).toBeLessThan(1500);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(winner.rd).toBeLessThan(INITIAL_RATING.rd);
    expect(loser.rd).toBeLessThan(INITIAL_RATING.rd);
    // Glickman's example figures for one game between two 1500/350 players: about ±162.
    expect(winner.rating).toBeGreaterThan(1600);
    expect(winner.rating).toBeLessThan(1700);
  });

  it('an upset moves ratings more than an expected result', () => {
    const strong = { rating: 1900, rd: 80, vol: 0.06 };
    const weak = { rating: 1300, rd: 80, vol: 0.06 };
    const expected = rateGame(strong, weak);
    const upset = rateGame(weak, strong);
    expect(upset.winner.rating - weak.rating).toBeGreaterThan(expected.winner.rating - strong.rating);
    expect(strong.rating - upset.loser.rating).toBeGreaterThan(weak.rating - expected.loser.rating);
  });

  it('a settled rating moves less than an uncertain one', () => {
    const settled = { rating: 1500, rd: 50, vol: 0.06 };
    const { winner } = rateGame(settled, INITIAL_RATING);
    const { winner: fresh } = rateGame(INITIAL_RATING, settled);
    expect(winner.rating - 1500).toBeLessThan(fresh.rating - 1500);
  });
});
