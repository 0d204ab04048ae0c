import fc from 'fast-check';
import {
  type Coord,
  coordOf,
  createRng,
  GRID_SIZE,
  type GameState,
  join,
  newGame,
  type Orientation,
  placeShips,
  type Result,
  type Rules,
  fire,
  shotsAllowed,
  randomFleet,
  SHIP_KEYS,
  SHIP_LENGTHS,
  type ClassicShipKey,
  type ShipMap,
  shipCells,
  shoot,
  shuffle,
  start,
} from '../../../src/game';

/** Unwraps a Result in a test, failing loudly with the error value when it is not ok. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`expected ok, got error ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Unwraps the error of a Result, failing when the call unexpectedly succeeded. */
export function unwrapErr<T, E>(result: Result<T, E>): E {
  if (result.ok) throw new Error('expected an error, got ok');
  return result.error;
}

/** Freezes a value and everything inside it, so any mutation throws (ES modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A hand-made legal fleet (x column, y row):
 *   ship 0: row 0, x 0..4 (horizontal)      ship 1: row 2, x 0..3 (horizontal)
 *   ship 2: column 9, y 0..2 (vertical)     ship 3: row 5, x 5..7 (horizontal)
 *   ship 4: column 0, y 8..9 (vertical)
 */
export function fixedFleet(): ShipMap {
  return {
    '0': shipCells({ x: 0, y: 0 }, 5, 'horizontal'),
    '1': shipCells({ x: 0, y: 2 }, 4, 'horizontal'),
    '2': shipCells({ x: 9, y: 0 }, 3, 'vertical'),
    '3': shipCells({ x: 5, y: 5 }, 3, 'horizontal'),
    '4': shipCells({ x: 0, y: 8 }, 2, 'vertical'),
  };
}

/** Another legal fleet, every ship vertical, one per column pair. */
export function verticalFleet(): ShipMap {
  return {
    '0': shipCells({ x: 0, y: 0 }, 5, 'vertical'),
    '1': shipCells({ x: 2, y: 0 }, 4, 'vertical'),
    '2': shipCells({ x: 4, y: 0 }, 3, 'vertical'),
    '3': shipCells({ x: 6, y: 0 }, 3, 'vertical'),
    '4': shipCells({ x: 8, y: 0 }, 2, 'vertical'),
  };
}

export const seedArb = fc.integer({ min: 0, max: 0xffffffff });
export const coordArb: fc.Arbitrary<Coord> = fc.record({
  x: fc.integer({ min: 0, max: GRID_SIZE - 1 }),
  y: fc.integer({ min: 0, max: GRID_SIZE - 1 }),
});
/** Coordinates that may fall a little outside the grid, to exercise the refusals. */
export const looseCoordArb: fc.Arbitrary<Coord> = fc.record({
  x: fc.integer({ min: -3, max: GRID_SIZE + 2 }),
  y: fc.integer({ min: -3, max: GRID_SIZE + 2 }),
});
export const shipKeyArb: fc.Arbitrary<ClassicShipKey> = fc.constantFrom(...SHIP_KEYS);
export const fleetFromSeedArb: fc.Arbitrary<ShipMap> = seedArb.map((seed) => randomFleet(createRng(seed)));

interface Placement {
  readonly start: Coord;
  readonly orientation: Orientation;
}

function placementArb(length: number): fc.Arbitrary<Placement> {
  return fc
    .record({
      orientation: fc.constantFrom<Orientation>('horizontal', 'vertical'),
      along: fc.integer({ min: 0, max: GRID_SIZE - length }),
      across: fc.integer({ min: 0, max: GRID_SIZE - 1 }),
    })
    .map(({ orientation, along, across }) => ({
      orientation,
      start: orientation === 'horizontal' ? { x: along, y: across } : { x: across, y: along },
    }));
}

/**
 * Any legal layout, built independently of randomFleet: five in-bounds placements with no shared
 * cell. Shrinks towards small coordinates.
 */
export const layoutArb: fc.Arbitrary<{ fleet: ShipMap; placements: readonly Placement[] }> = fc
  .tuple(...SHIP_LENGTHS.map((length) => placementArb(length)))
  .map((placements) => {
    const fleet = Object.fromEntries(
      SHIP_KEYS.map((key, i) => {
        const p = placements[i] as Placement;
        return [key, shipCells(p.start, SHIP_LENGTHS[i] ?? 0, p.orientation)];
      }),
    ) as unknown as ShipMap;
    return { fleet, placements };
  })
  .filter(({ fleet }) => {
    const seen = new Set<string>();
    for (const key of SHIP_KEYS)
      for (const c of fleet[key]) {
        const id = `${c.x},${c.y}`;
        if (seen.has(id)) return false;
        seen.add(id);
      }
    return true;
  });

export const ALICE = 'alice';
export const BOB = 'bob';

/** A game in PLACE_SHIPS with alice and bob joined (alice first). */
export function placingGame(): GameState {
  let state = newGame();
  state = unwrap(join(state, ALICE));
  state = unwrap(join(state, BOB));
  return unwrap(start(state, ALICE));
}

/** A game in PLAY with the given fleets; `turnSeed` decides who shoots first. */
export function playingGame(aliceFleet: ShipMap, bobFleet: ShipMap, turnSeed = 1): GameState {
  let state = placingGame();
  state = unwrap(placeShips(state, ALICE, aliceFleet, createRng(turnSeed)));
  return unwrap(placeShips(state, BOB, bobFleet, createRng(turnSeed)));
}

/** The 100 cells in an order shuffled by `seed` (src/game's Fisher–Yates shuffle). */
export function shuffledCells(seed: number): Coord[] {
  return shuffle(
    Array.from({ length: GRID_SIZE * GRID_SIZE }, (_, i) => coordOf(i)),
    createRng(seed),
  );
}

/** Plays `count` shots (or until the end) with each player shooting its own shuffled order. */
export function playShots(state: GameState, count: number, seeds: readonly [number, number]): GameState {
  const orders: Record<string, ReturnType<typeof shuffledCells>> = {
    [ALICE]: shuffledCells(seeds[0]),
    [BOB]: shuffledCells(seeds[1]),
  };
  const used: Record<string, number> = { [ALICE]: 0, [BOB]: 0 };
  let current = state;
  for (let i = 0; i < count && current.status === 'PLAY'; i++) {
    const shooter = current.turn ?? '';
    const cell = orders[shooter]?.[used[shooter] ?? 0];
    used[shooter] = (used[shooter] ?? 0) + 1;
    if (!cell) throw new Error('ran out of cells');
    current = unwrap(shoot(current, shooter, cell)).state;
  }
  return current;
}

/** Two players in PLAY under `rules`, each with a random legal fleet drawn from `seed`. */
export function variantGame(rules: Rules, seed: number): GameState {
  const rng = createRng(seed);
  let state = unwrap(join(unwrap(join(newGame(rules), ALICE)), BOB));
  state = unwrap(start(state, ALICE));
  state = unwrap(placeShips(state, ALICE, randomFleet(rng, rules), rng));
  return unwrap(placeShips(state, BOB, randomFleet(rng, rules), rng));
}

/**
 * Plays to the end, each player firing its own shuffled cell order, as many cells as allowed;
 * `check` sees every move.
 */
export function playOut(
  begin: GameState,
  seed: number,
  check: (before: GameState, after: GameState, cells: Coord[]) => void,
): GameState {
  const all = Array.from({ length: GRID_SIZE * GRID_SIZE }, (_, i) => coordOf(i));
  const orders: Record<string, Coord[]> = {
    [ALICE]: shuffle(all, createRng(seed)),
    [BOB]: shuffle(all, createRng(seed + 1)),
  };
  let state = begin;
  for (let moves = 0; state.status === 'PLAY'; moves++) {
    if (moves > 200) throw new Error('the game did not end in 200 moves');
    const shooter = state.turn ?? '';
    const cells = (orders[shooter] ?? []).splice(0, shotsAllowed(state, shooter));
    const next = unwrap(fire(state, shooter, cells)).state;
    check(state, next, cells);
    state = next;
  }
  return state;
}
