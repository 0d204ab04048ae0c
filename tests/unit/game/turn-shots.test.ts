import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC_RULES,
  type Cell,
  type Coord,
  cellIndex,
  coordOf,
  createRng,
  emptyGrid,
  fire,
  type GameState,
  GRID_SIZE,
  makeRules,
  playerView,
  randomFleet,
  shipEntries,
  shotsAllowed,
  turnShots,
  turnShotsOfView,
} from '../../../src/game';
import { ALICE, BOB, playOut, seedArb, variantGame } from './helpers';

const SALVO = makeRules({ shots: 'salvo' });
const NONE = { has: () => false };

/** A grid with `mark` at every cell index in `cells`. */
function gridWith(cells: readonly number[], mark: Cell): Cell[][] {
  const grid = emptyGrid();
  for (const i of cells) {
    const { x, y } = coordOf(i);
    (grid[y] as Cell[])[x] = mark;
  }
  return grid;
}

describe('turnShots: the one rule for the size of a turn', () => {
  const fleet = randomFleet(createRng(3), SALVO);

  it('is one under one-shot rules, one per own ship afloat under salvo rules', () => {
    expect(turnShots({ rules: CLASSIC_RULES, fleet, shotsAtFleet: NONE, unshotTargets: 100 })).toBe(1);
    expect(turnShots({ rules: SALVO, fleet, shotsAtFleet: NONE, unshotTargets: 100 })).toBe(5);
    const russian = makeRules({ fleet: 'russian', shots: 'salvo' });
    const tenShips = randomFleet(createRng(1), russian);
    expect(turnShots({ rules: russian, fleet: tenShips, shotsAtFleet: NONE, unshotTargets: 100 })).toBe(10);
  });

  it('counts a sunk ship out, a ship only hit in', () => {
    const [first, second, third] = shipEntries(fleet).map(([, cells]) => cells);
    const sunk = new Set([...(first ?? []), ...(second ?? [])].map(cellIndex));
    const input = { rules: SALVO, fleet, shotsAtFleet: sunk, unshotTargets: 100 };
    expect(turnShots(input)).toBe(3);
    const hit = third?.[0] as Coord;
    expect(turnShots({ ...input, shotsAtFleet: new Set([...sunk, cellIndex(hit)]) })).toBe(3);
  });

  it('never asks for more shots than the opponent cells left unshot', () => {
    for (const unshot of [0, 1, 2, 3, 4]) {
      expect(turnShots({ rules: SALVO, fleet, shotsAtFleet: NONE, unshotTargets: unshot })).toBe(unshot);
    }
    expect(turnShots({ rules: SALVO, fleet, shotsAtFleet: NONE, unshotTargets: 5 })).toBe(5);
    expect(turnShots({ rules: SALVO, fleet: null, shotsAtFleet: NONE, unshotTargets: 100 })).toBe(0);
  });
});

describe('turnShotsOfView and shotsAllowed read the same rule', () => {
  it('from a view: D cells on the own grid sink ships; E cells on the opponent grid are the water left', () => {
    const fleet = randomFleet(createRng(3), SALVO);
    const [first] = shipEntries(fleet).map(([, cells]) => cells);
    const own = gridWith((first ?? []).map(cellIndex), 'D');
    // Three cells left unshot on the opponent grid, five ships afloat less one sunk: three shots.
    const known = gridWith(
      Array.from({ length: 97 }, (_, i) => i),
      'M',
    );
    expect(turnShots(turnShotsOfView(SALVO, fleet, own, emptyGrid()))).toBe(4);
    expect(turnShots(turnShotsOfView(SALVO, fleet, own, known))).toBe(3);
    expect(turnShots(turnShotsOfView(SALVO, fleet, emptyGrid(), gridWith([...Array(99).keys()], 'H')))).toBe(1);
  });

  it('from the state: the last few cells unshot cap the salvo', () => {
    const state = variantGame(SALVO, 11);
    const shooter = state.turn ?? '';
    const late: GameState = {
      ...state,
      shots: Array.from({ length: GRID_SIZE * GRID_SIZE - 2 }, (_, i) => ({
        shooterId: shooter,
        ...coordOf(i),
        result: 'M',
      })),
    };
    expect(shotsAllowed(late, shooter)).toBe(2);
    expect(fire(late, shooter, [coordOf(98), coordOf(99)]).ok).toBe(true);
  });

  it('gives the server and each player the same number at every turn of every variant', () => {
    const variants = [SALVO, makeRules({ fleet: 'russian', shots: 'salvo', again: 'hit' }), CLASSIC_RULES];
    fc.assert(
      fc.property(fc.constantFrom(...variants), seedArb, (rules, seed) => {
        const ended = playOut(variantGame(rules, seed), seed, (before) => {
          for (const p of [ALICE, BOB]) {
            const view = playerView(before, p);
            const fromView = turnShots(turnShotsOfView(rules, view.shipsIndexes, view.playerBoats, view.opponentBoats));
            expect(fromView).toBe(shotsAllowed(before, p));
          }
        });
        expect(ended.status).toBe('ENDED');
      }),
      { numRuns: 40 },
    );
  });
});
