import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellIndex,
  type GameState,
  moveShip,
  opponentOf,
  placeShips,
  playerView,
  rotateShip,
  SHIP_KEYS,
  type ShipMap,
  shotsBy,
  spectatorView,
  createRng,
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

describe('spectatorView', () => {
  it('shows nothing of a fleet placed before play', () => {
    const state = unwrap(placeShips(placingGame(), ALICE, fixedFleet(), createRng(1)));
    const view = spectatorView(state);
    expect(view.status).toBe('PLACE_SHIPS');
    expect(view.boards.map((b) => b.playerId)).toEqual([ALICE, BOB]);
    for (const board of view.boards) {
      expect(board.grid.flat().every((c) => c === 'E')).toBe(true);
      expect(board.ships).toEqual({});
    }
  });

  it('is what each player knows of the other, put side by side', () => {
    const state = playShots(playingGame(fixedFleet(), verticalFleet(), 3), 60, [1, 2]);
    expect(state.status).toBe('PLAY');
    const view = spectatorView(state);
    for (const board of view.boards) {
      const shooter = opponentOf(state, board.playerId) ?? '';
      const known = playerView(state, shooter);
      expect(board.grid).toEqual(known.opponentBoats);
      expect(board.ships).toEqual(known.opponentShipsIndexes);
    }
    expect(view.lastShot).toEqual(state.shots[state.shots.length - 1]);
    expect(view.turn).toBe(state.turn);
    expect(view.winner).toBeNull();
  });

  it('once ENDED reveals both whole fleets and the winner', () => {
    const state = playShots(playingGame(fixedFleet(), verticalFleet(), 5), 200, [6, 7]);
    expect(state.status).toBe('ENDED');
    const view = spectatorView(state);
    expect(view.boards[0]?.ships).toEqual(fixedFleet());
    expect(view.boards[1]?.ships).toEqual(verticalFleet());
    expect(view.winner).toBe(state.winner);
    expect(view.turn).toBeNull();
  });

  it('does not change the game state it reads', () => {
    const state = deepFreeze(playShots(playingGame(fixedFleet(), verticalFleet()), 30, [1, 2]));
    const copy = structuredClone(state);
    spectatorView(state);
    expect(state).toEqual(copy);
  });

  it('property: before ENDED no cell of an unsunk ship is ever shown, on either board', () => {
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
          const view = spectatorView(state);
          expect(JSON.stringify(view)).not.toContain('"S"');
          for (const board of view.boards) {
            const fleet = fleets[board.playerId] as ShipMap;
            const shots = shotsBy(state, opponentOf(state, board.playerId) ?? '');
            const sunk = SHIP_KEYS.filter((k) => fleet[k].every((c) => shots.has(cellIndex(c))));
            if (state.status === 'ENDED') {
              expect(board.ships).toEqual(fleet);
              continue;
            }
            expect(Object.keys(board.ships).sort()).toEqual(sunk);
            // Every ship cell not shot at reads as unknown water.
            for (const k of SHIP_KEYS) {
              if (sunk.includes(k)) continue;
              for (const c of fleet[k]) {
                if (!shots.has(cellIndex(c))) expect(board.grid[c.y]?.[c.x]).toBe('E');
              }
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);

  it('property: an untouched ship could be anywhere consistent with the shots, and the view cannot tell', () => {
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
        (aFleet, bFleet, turnSeed, seeds, count, owner, ship, to) => {
          const state = playShots(playingGame(aFleet, bFleet, turnSeed), count, seeds);
          fc.pre(state.status === 'PLAY');
          const fleet = owner === ALICE ? aFleet : bFleet;
          const shots = shotsBy(state, owner === ALICE ? BOB : ALICE);
          const untouched = (cells: readonly { x: number; y: number }[]): boolean =>
            cells.every((c) => !shots.has(cellIndex(c)));
          fc.pre(untouched(fleet[ship]));
          const changed = to === null ? rotateShip(fleet, ship) : moveShip(fleet, ship, to);
          fc.pre(changed.ok);
          if (!changed.ok) return;
          fc.pre(untouched(changed.value[ship]) && JSON.stringify(changed.value) !== JSON.stringify(fleet));
          const alternative: GameState = { ...state, fleets: { ...state.fleets, [owner]: changed.value } };
          expect(spectatorView(alternative)).toEqual(spectatorView(state));
        },
      ),
      { numRuns: 150 },
    );
  }, 30_000);
});
