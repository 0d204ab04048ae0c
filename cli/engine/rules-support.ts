import {
  type Coord,
  createRng,
  formatRules,
  randomFleet,
  type Rules,
  SHIP_KEYS,
  type ShipMap,
  sameRules,
  CLASSIC_RULES,
  validateFleet,
} from '../../src/game';
import { CliError } from '../errors';

/**
 * Where the referee meets the rules of src/game: which rules it can referee, the seeded fleets of a
 * pair, and whether a placed fleet is legal. The referee itself is written over a Rules value
 * (salvo counts, `again hit`, the fleet's lengths); only these three need src/game to know a variant.
 */
export function playableRules(rules: Rules): boolean {
  return sameRules(rules, CLASSIC_RULES);
}

/** Refuses, with a clear message, rules the game logic cannot play yet. */
export function assertPlayable(rules: Rules): void {
  if (!playableRules(rules))
    throw new CliError(
      `--rules ${formatRules(rules)}: only the classic rules (${formatRules(CLASSIC_RULES)}) can be refereed in this version`,
    );
}

/** A uniformly drawn legal fleet from a seed, ships in fleet order. */
export function seededFleet(rules: Rules, seed: number): Coord[][] {
  assertPlayable(rules);
  const fleet = randomFleet(createRng(seed));
  return SHIP_KEYS.map((key) => [...fleet[key]]);
}

/** Null when the fleet is legal under the rules, else what is wrong with it. */
export function fleetError(ships: readonly (readonly Coord[])[], rules: Rules): string | null {
  if (!playableRules(rules)) return 'these rules cannot be refereed';
  if (ships.length !== SHIP_KEYS.length) return `expected ${SHIP_KEYS.length} ships, got ${ships.length}`;
  const map = Object.fromEntries(SHIP_KEYS.map((key, i) => [key, ships[i] ?? []])) as unknown as ShipMap;
  const checked = validateFleet(map);
  if (checked.ok) return null;
  const words: Record<string, string> = {
    MISSING_SHIP: 'is missing',
    WRONG_LENGTH: 'has the wrong length',
    NOT_STRAIGHT: 'is not straight',
    OUT_OF_BOUNDS: 'goes off the board',
    OVERLAP: 'overlaps another ship',
  };
  return `ship ${checked.error.ship} ${words[checked.error.code] ?? checked.error.code}`;
}

/** A fleet as the ShipMap of src/game and script files. */
export function shipMapOf(ships: readonly (readonly Coord[])[]): ShipMap {
  return Object.fromEntries(SHIP_KEYS.map((key, i) => [key, ships[i] ?? []])) as unknown as ShipMap;
}
