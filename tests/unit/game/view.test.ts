import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellIndex,
  type Cell,
  createRng,
  fleetCells,
  type GameState,
  join,
  moveShip,
  newGame,
  opponentOf,
  placeShips,
  playerView,
  rotateShip,
  SHIP_KEYS,
  type ShipMap,
  shoot,
  shotsBy,
} from '../../../src/game';
import {
  ALICE,
  BOB,
  coordArb,
  deepFreeze,
  fixedFleet,
  fleetFromSeedArb,
  placingGame,
  playingGame,
  playShots,
  seedArb,
  shipKeyArb,
  unwrap,
  verticalFleet,
} from './helpers';

/** A 10x10 grid whose cell at index y*10+x is `cell(index)`. */
const gridOf = (cell: (index: number) => Cell): Cell[][] =>
  Array.from({ length: 10 }, (_, y) => Array.from({ length: 10 }, (_, x) => cell(y * 10 + x)));

const at = (grid: readonly (readonly Cell[])[], x: number, y: number): Cell | undefined => grid[y]?.[x];

describe('playerView', () => {
  it('before any fleet: status, empty grids, nothing of the opponent', () => {
    const view = playerView(placingGame(), ALICE);
    expect(view.status).toBe('PLACE_SHIPS');
    expect(view.shipsIndexes).toBeNull();
    expect(view.playerBoats.flat().every((c) => c === 'E')).toBe(true);
    expect(view.opponentBoats.flat().every((c) => c === 'E')).toBe(true);
    expect(view.opponentShipsIndexes).toEqual({});
    expect(view.battlePlace).toBeNull();
    expect(view.winner).toBeNull();
  });

  it('shows a player its own placed fleet but never the opponent one while placing', () => {
    let state = unwrap(placeShips(placingGame(), ALICE, fixedFleet(), createRng(1)));
    expect(playerView(state, BOB).opponentShipsIndexes).toEqual({});
    expect(
      playerView(state, BOB)
        .opponentBoats.flat()
        .every((c) => c === 'E'),
    ).toBe(true);
    state = unwrap(placeShips(state, BOB, verticalFleet(), createRng(1)));
    const alice = playerView(state, ALICE);
    expect(alice.shipsIndexes).toEqual(fixedFleet());
    expect(alice.playerBoats.flat().filter((c) => c === 'S')).toHaveLength(17);
    expect(at(alice.playerBoats, 4, 0)).toBe('S');
    expect(at(alice.playerBoats, 9, 2)).toBe('S');
    expect(at(alice.playerBoats, 9, 3)).toBe('E');
    expect(alice.opponentShipsIndexes).toEqual({});
  });

  it('marks M, H and D on both grids from the right side of each shot', () => {
    // Alice (fixedFleet) vs Bob (verticalFleet); find a seed where Alice starts.
    let seed = 0;
    while (playingGame(fixedFleet(), verticalFleet(), seed).turn !== ALICE) seed++;
    let state = playingGame(fixedFleet(), verticalFleet(), seed);
    const fire = (who: string, x: number, y: number): void => {
      state = unwrap(shoot(state, who, { x, y })).state;
    };
    fire(ALICE, 8, 0); // hits Bob's ship 4 (column 8, rows 0..1)
    fire(BOB, 9, 9); // water on Alice's grid
    fire(ALICE, 8, 1); // sinks ship 4
    fire(BOB, 0, 0); // hits Alice's ship 0

    const alice = playerView(state, ALICE);
    expect(at(alice.opponentBoats, 8, 0)).toBe('D');
    expect(at(alice.opponentBoats, 8, 1)).toBe('D');
    expect(alice.opponentBoats.flat().filter((c) => c !== 'E')).toHaveLength(2);
    expect(alice.opponentShipsIndexes).toEqual({ '4': verticalFleet()['4'] });
    expect(at(alice.playerBoats, 9, 9)).toBe('M');
    expect(at(alice.playerBoats, 0, 0)).toBe('H');
    expect(at(alice.playerBoats, 1, 0)).toBe('S');
    expect(alice.battlePlace).toEqual({ shooterId: BOB, x: 0, y: 0, result: 'H' });
    expect(alice.turn).toBe(ALICE);

    const bob = playerView(state, BOB);
    expect(at(bob.opponentBoats, 9, 9)).toBe('M');
    expect(at(bob.opponentBoats, 0, 0)).toBe('H');
    expect(at(bob.opponentBoats, 1, 0)).toBe('E');
    expect(bob.opponentShipsIndexes).toEqual({});
    expect(at(bob.playerBoats, 8, 0)).toBe('D');
    expect(at(bob.playerBoats, 8, 1)).toBe('D');
    expect(bob.battlePlace).toEqual(alice.battlePlace);
  });

  it('once ENDED reveals both whole fleets and the winner to both players', () => {
    const state = playShots(playingGame(fixedFleet(), verticalFleet(), 5), 200, [6, 7]);
    expect(state.status).toBe('ENDED');
    const alice = playerView(state, ALICE);
    const bob = playerView(state, BOB);
    expect(alice.opponentShipsIndexes).toEqual(verticalFleet());
    expect(bob.opponentShipsIndexes).toEqual(fixedFleet());
    expect(alice.winner).toBe(state.winner);
    expect(bob.winner).toBe(state.winner);
    expect(alice.turn).toBeNull();
  });

  it('does not change the game state it reads', () => {
    const state = deepFreeze(playShots(playingGame(fixedFleet(), verticalFleet()), 30, [1, 2]));
    const copy = structuredClone(state);
    playerView(state, ALICE);
    playerView(state, BOB);
    expect(state).toEqual(copy);
  });

  it('property: before ENDED no unsunk opponent ship cell is ever shown; once ENDED the whole fleet is', () => {
    fc.assert(
      fc.property(
        fleetFromSeedArb,
        fleetFromSeedArb,
        seedArb,
        seedArb,
        seedArb,
        fc.integer({ min: 0, max: 200 }),
        (aFleet, bFleet, turnSeed, sa, sb, count) => {
          const state = playShots(playingGame(aFleet, bFleet, turnSeed), count, [sa, sb]);
          const fleets: Record<string, ShipMap> = { [ALICE]: aFleet, [BOB]: bFleet };
          for (const me of [ALICE, BOB]) {
            const them = opponentOf(state, me) ?? '';
            const theirFleet = fleets[them] as ShipMap;
            const myFleet = fleets[me] as ShipMap;
            const mine = shotsBy(state, me);
            const theirs = shotsBy(state, them);
            const view = playerView(state, me);
            const sunk = SHIP_KEYS.filter((k) => theirFleet[k].every((c) => mine.has(cellIndex(c))));
            const sunkCells = new Set(sunk.flatMap((k) => theirFleet[k].map(cellIndex)));
            const theirCells = fleetCells(theirFleet);

            // The opponent grid, rebuilt from what this player may know: its own shots and the sunk ships.
            const expectedOpponent = gridOf((i) =>
              sunkCells.has(i) ? 'D' : !mine.has(i) ? 'E' : theirCells.has(i) ? 'H' : 'M',
            );
            expect(view.opponentBoats).toEqual(expectedOpponent);

            // Own grid: S where own ships were not hit, opponent shots on top.
            const myCells = fleetCells(myFleet);
            const mySunk = new Set(
              SHIP_KEYS.filter((k) => myFleet[k].every((c) => theirs.has(cellIndex(c)))).flatMap((k) =>
                myFleet[k].map(cellIndex),
              ),
            );
            const expectedOwn = gridOf((i) => {
              if (mySunk.has(i)) return 'D';
              if (theirs.has(i)) return myCells.has(i) ? 'H' : 'M';
              return myCells.has(i) ? 'S' : 'E';
            });
            expect(view.playerBoats).toEqual(expectedOwn);
            expect(view.shipsIndexes).toEqual(myFleet);

            if (state.status === 'ENDED') {
              expect(view.opponentShipsIndexes).toEqual(theirFleet);
              expect(view.winner).toBe(state.winner);
            } else {
              expect(view.status).toBe('PLAY');
              expect(view.opponentBoats.flat().every((c) => c === 'E' || c === 'M' || c === 'H' || c === 'D')).toBe(
                true,
              );
              expect(Object.keys(view.opponentShipsIndexes).sort()).toEqual(sunk);
              for (const k of sunk) expect(view.opponentShipsIndexes[k]).toEqual(theirFleet[k]);
              // No opponent cell that is unsunk may appear anywhere in what concerns the opponent.
              const leaked = JSON.stringify([view.opponentBoats, view.opponentShipsIndexes]);
              expect(leaked).not.toContain('"S"');
              const unshownShipCells = SHIP_KEYS.filter((k) => !sunk.includes(k))
                .flatMap((k) => theirFleet[k])
                .filter((c) => !mine.has(cellIndex(c)))
                .map((c) => at(view.opponentBoats, c.x, c.y));
              expect(unshownShipCells.every((cell) => cell === 'E')).toBe(true);
              expect(view.winner).toBeNull();
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);

  it('property: an untouched opponent ship could be anywhere consistent with the shots, and the view cannot tell', () => {
    // The strongest form of "nothing leaks": move or turn one opponent ship that this player has
    // not hit to another legal place this player has not shot at. Every shot keeps its answer,
    // so what the player sees must not change at all.
    fc.assert(
      fc.property(
        fleetFromSeedArb,
        fleetFromSeedArb,
        seedArb,
        fc.tuple(seedArb, seedArb),
        fc.integer({ min: 0, max: 120 }),
        fc.constantFrom(ALICE, BOB),
        shipKeyArb,
        fc.option(coordArb, { nil: null }),
        (aFleet, bFleet, turnSeed, seeds, count, me, ship, to) => {
          const state = playShots(playingGame(aFleet, bFleet, turnSeed), count, seeds);
          fc.pre(state.status === 'PLAY');
          const them = me === ALICE ? BOB : ALICE;
          const theirFleet = me === ALICE ? bFleet : aFleet;
          const mine = shotsBy(state, me);
          const untouched = (cells: readonly { x: number; y: number }[]): boolean =>
            cells.every((c) => !mine.has(cellIndex(c)));
          fc.pre(untouched(theirFleet[ship]));
          const changed = to === null ? rotateShip(theirFleet, ship) : moveShip(theirFleet, ship, to);
          fc.pre(changed.ok);
          if (!changed.ok) return;
          const elsewhere = changed.value;
          fc.pre(untouched(elsewhere[ship]) && JSON.stringify(elsewhere) !== JSON.stringify(theirFleet));
          const alternative: GameState = { ...state, fleets: { ...state.fleets, [them]: elsewhere } };
          expect(playerView(alternative, me)).toEqual(playerView(state, me));
          // The opponent, who owns the ship, does see the difference: the test is not vacuous.
          expect(playerView(alternative, them).playerBoats).not.toEqual(playerView(state, them).playerBoats);
        },
      ),
      { numRuns: 150 },
    );
  }, 30_000);

  it('gives a non-member nothing of either fleet', () => {
    const state = playShots(playingGame(fixedFleet(), verticalFleet()), 40, [3, 4]);
    const view = playerView(state, 'carol');
    expect(view.shipsIndexes).toBeNull();
    expect(view.playerBoats.flat().includes('S')).toBe(false);
    expect(view.opponentShipsIndexes).toEqual({});
  });

  it('a lone player sees only the status', () => {
    const view = playerView(unwrap(join(newGame(), ALICE)), ALICE);
    expect(view.status).toBe('UNSTARTED');
    expect(view.opponentShipsIndexes).toEqual({});
  });
});
