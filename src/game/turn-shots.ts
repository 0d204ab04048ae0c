import { type Cell, GRID_SIZE } from './grid';
import type { PartialShipMap } from './fleet';
import type { Rules } from './rules';
import { type ShotSet, shipsAfloat } from './shots';

/*
 * How many shots a player fires this turn (docs/game.md, "Rule variants"): one rule, turnShots,
 * read by the server off the game state (shotsAllowed in game.ts) and by every client off its view
 * (turnShotsOfView; src/protocol's shotsThisTurn): they cannot disagree about the size of a salvo.
 */

/** What the number of shots depends on, as both the game state and a player's view hold it. */
export interface TurnShotsInput {
  readonly rules: Rules;
  /** The shooter's own fleet; none before it is placed. */
  readonly fleet: PartialShipMap | null | undefined;
  /** The opponent's shots at that fleet. */
  readonly shotsAtFleet: ShotSet;
  /** Opponent cells the shooter has not shot yet. */
  readonly unshotTargets: number;
}

/**
 * One shot, or under salvo rules one per own ship afloat, never more than the opponent cells left
 * unshot (late in a game a salvo can be larger than the water left). 0 under salvo rules before
 * the shooter's fleet is placed.
 */
export function turnShots(input: TurnShotsInput): number {
  if (input.rules.shots === 'one') return 1;
  if (!input.fleet) return 0;
  return Math.min(shipsAfloat(input.fleet, input.shotsAtFleet), input.unshotTargets);
}

type ReadonlyGrid = readonly (readonly Cell[])[];

/**
 * The input read off a player's view: the own grid marks the opponent's shots M, H or D; the
 * opponent grid as known reads E exactly where the player has not shot.
 */
export function turnShotsOfView(
  rules: Rules,
  fleet: PartialShipMap | null,
  playerBoats: ReadonlyGrid,
  opponentBoats: ReadonlyGrid,
): TurnShotsInput {
  const shotAt = (cell: Cell | undefined) => cell === 'M' || cell === 'H' || cell === 'D';
  const shotsAtFleet: ShotSet = {
    has: (index) => shotAt(playerBoats[Math.floor(index / GRID_SIZE)]?.[index % GRID_SIZE]),
  };
  let unshotTargets = 0;
  for (const row of opponentBoats) for (const cell of row) if (cell === 'E') unshotTargets++;
  return { rules, fleet, shotsAtFleet, unshotTargets };
}
