import { Glicko2 } from 'glicko2';

/** A player's Glicko-2 rating: the estimate, its deviation (uncertainty) and its volatility. */
export interface Rating {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

/**
 * Where every player starts: Glickman's suggested defaults (1500, RD 350, volatility 0.06), and
 * tau 0.5, within his recommended 0.3..1.2. A new player's large RD makes the first games count
 * most, so a newcomer finds their level quickly.
 */
export const SETTINGS = { tau: 0.5, rating: 1500, rd: 350, vol: 0.06 } as const;
export const INITIAL_RATING: Rating = { rating: SETTINGS.rating, rd: SETTINGS.rd, vol: SETTINGS.vol };

/**
 * Rates one finished game between two people with the `glicko2` package, treating the game as a
 * rating period of its own, as lichess does: ratings move as soon as a game ends instead of at the
 * end of a tournament. A game always has a winner (there are no draws in Broadside).
 */
export function rateGame(winner: Rating, loser: Rating): { winner: Rating; loser: Rating } {
  const ranking = new Glicko2(SETTINGS);
  const w = ranking.makePlayer(winner.rating, winner.rd, winner.vol);
  const l = ranking.makePlayer(loser.rating, loser.rd, loser.vol);
  ranking.updateRatings([[w, l, 1]]);
  const read = (p: typeof w): Rating => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() });
  return { winner: read(w), loser: read(l) };
}
