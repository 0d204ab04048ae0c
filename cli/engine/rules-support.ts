import type { PlacementStrategy, RemotePlacementStrategy } from '../../src/bots';
import {
  ALL_SHIP_KEYS,
  type Coord,
  createRng,
  fleetKeys,
  type FleetErrorCode,
  randomFleet,
  type Rules,
  type ShipMap,
  validateFleet,
} from '../../src/game';

/**
 * Where the referee meets the rules of src/game (docs/engines.md, "Rules"): the seeded fleets of a
 * pair and whether a placed fleet is legal. The referee itself is written over a Rules value
 * (salvo counts, `again hit`, the fleet's lengths); only these need src/game to know a variant.
 */

/** A legal fleet of the rules drawn from a seed (no-touch under `touch: false`), ships in fleet order. */
export function seededFleet(rules: Rules, seed: number): Coord[][] {
  const fleet = randomFleet(createRng(seed), rules);
  return fleetKeys(rules).map((key) => [...(fleet[key] ?? [])]);
}

const WORDS: Readonly<Record<FleetErrorCode, string>> = {
  MISSING_SHIP: 'is missing',
  EXTRA_SHIP: 'is not in the fleet',
  WRONG_LENGTH: 'has the wrong length',
  NOT_STRAIGHT: 'is not straight',
  OUT_OF_BOUNDS: 'goes off the board',
  OVERLAP: 'overlaps another ship',
  TOUCHING: 'touches another ship (touch no: not even by a corner)',
};

/** Null when the fleet is legal under the rules, else what is wrong with it. */
export function fleetError(ships: readonly (readonly Coord[])[], rules: Rules): string | null {
  const expected = fleetKeys(rules).length;
  if (ships.length !== expected) return `expected ${expected} ships, got ${ships.length}`;
  const checked = validateFleet(shipMapOf(ships), rules);
  return checked.ok ? null : `ship ${checked.error.ship} ${WORDS[checked.error.code]}`;
}

/** A fleet (ships in fleet order) as the ShipMap of src/game and script files. */
export function shipMapOf(ships: readonly (readonly Coord[])[]): ShipMap {
  return Object.fromEntries(ships.map((cells, i) => [ALL_SHIP_KEYS[i] ?? String(i), cells])) as unknown as ShipMap;
}

/** A ShipMap as a list of ships in the rules' fleet order. */
export function shipsOf(fleet: ShipMap, rules: Rules): Coord[][] {
  return fleetKeys(rules).map((key) => [...(fleet[key] ?? [])]);
}

/** A placement strategy held to the room's rules, as the bot player loop asks it (`place(rng)`). */
export function placingUnder(rules: Rules, placer: PlacementStrategy): RemotePlacementStrategy {
  return { name: placer.name, place: (rng) => placer.place(rng, rules) };
}
