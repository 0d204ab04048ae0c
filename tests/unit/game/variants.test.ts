import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC_RULES,
  type Coord,
  cellIndex,
  coordOf,
  createRng,
  fire,
  fleetKeys,
  GRID_SIZE,
  join,
  makeRules,
  newGame,
  placeShips,
  playMoves,
  randomFleet,
  type Rules,
  type ShipMap,
  shipCells,
  shipEntries,
  shipLength,
  shipsAfloat,
  shoot,
  shotsAllowed,
  shotsBy,
  start,
  touchingShips,
  validateFleet,
} from '../../../src/game';
import { ALICE, BOB, playOut, seedArb, unwrap, unwrapErr, variantGame } from './helpers';

/** The variants of docs/game.md, "Rule variants": each option on its own and all together. */
const VARIANTS: readonly Rules[] = [
  CLASSIC_RULES,
  makeRules({ touch: false }),
  makeRules({ shots: 'salvo' }),
  makeRules({ again: 'hit' }),
  makeRules({ fleet: 'russian' }),
  makeRules({ fleet: 'russian', shots: 'salvo', again: 'hit' }),
];
const variantArb = fc.constantFrom(...VARIANTS);

describe('fleets per rules', () => {
  it('a classic fleet has ships 0..4, a russian one 0..9 of lengths 4,3,3,2,2,2,1,1,1,1', () => {
    expect(fleetKeys()).toEqual(['0', '1', '2', '3', '4']);
    const russian = makeRules({ fleet: 'russian' });
    expect(fleetKeys(russian)).toHaveLength(10);
    expect(fleetKeys(russian).map((k) => shipLength(k, russian))).toEqual([4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
  });

  it('randomFleet gives a legal fleet for every variant and every seed', () => {
    fc.assert(
      fc.property(variantArb, seedArb, (rules, seed) => {
        const fleet = randomFleet(createRng(seed), rules);
        expect(validateFleet(fleet, rules)).toEqual({ ok: true, value: fleet });
        expect(shipEntries(fleet).map(([key]) => key)).toEqual(fleetKeys(rules));
        if (!rules.touch) expect(touchingShips(fleet).size).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('randomFleet with the default rules is the classic draw, seed for seed', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        expect(randomFleet(createRng(seed))).toEqual(randomFleet(createRng(seed), CLASSIC_RULES));
      }),
      { numRuns: 50 },
    );
  });

  it('a russian draw can put a one-cell boat on any cell', () => {
    const russian = makeRules({ fleet: 'russian' });
    const seen = new Set<number>();
    for (let seed = 0; seen.size < GRID_SIZE * GRID_SIZE && seed < 2000; seed++) {
      const fleet = randomFleet(createRng(seed), russian);
      for (const key of ['6', '7', '8', '9'] as const) for (const c of fleet[key] ?? []) seen.add(cellIndex(c));
    }
    expect(seen.size).toBe(GRID_SIZE * GRID_SIZE);
  });
});

describe('placement under no-touch', () => {
  const spread: ShipMap = {
    '0': shipCells({ x: 0, y: 0 }, 5, 'horizontal'),
    '1': shipCells({ x: 0, y: 2 }, 4, 'horizontal'),
    '2': shipCells({ x: 0, y: 4 }, 3, 'horizontal'),
    '3': shipCells({ x: 0, y: 6 }, 3, 'horizontal'),
    '4': shipCells({ x: 0, y: 8 }, 2, 'horizontal'),
  };
  const noTouch = makeRules({ touch: false });

  it('accepts ships one row apart and refuses a ship touching another by a side or a corner', () => {
    expect(validateFleet(spread, noTouch).ok).toBe(true);
    const side = { ...spread, '4': shipCells({ x: 0, y: 7 }, 2, 'horizontal') };
    const corner = { ...spread, '4': shipCells({ x: 3, y: 7 }, 2, 'vertical') };
    for (const fleet of [side, corner]) {
      expect(validateFleet(fleet, CLASSIC_RULES).ok).toBe(true);
      expect(unwrapErr(validateFleet(fleet, noTouch)).code).toBe('TOUCHING');
      expect(touchingShips(fleet)).toEqual(new Set(['3', '4']));
    }
  });

  it('refuses a fleet of the wrong rules: missing or extra ships', () => {
    const russian = makeRules({ fleet: 'russian' });
    const tenShips = randomFleet(createRng(3), russian);
    const { '5': _dropped, ...nineShips } = tenShips;
    expect(unwrapErr(validateFleet(nineShips, russian))).toEqual({ code: 'MISSING_SHIP', ship: '5' });
    expect(unwrapErr(validateFleet(tenShips, CLASSIC_RULES)).code).toBe('EXTRA_SHIP');
  });

  it('placeShips keeps the room rules: a touching fleet is refused with no change', () => {
    let state = unwrap(join(unwrap(join(newGame(noTouch), ALICE)), BOB));
    state = unwrap(start(state, ALICE));
    const touching = { ...spread, '4': shipCells({ x: 0, y: 7 }, 2, 'horizontal') };
    expect(placeShips(state, ALICE, touching, createRng(1))).toEqual({
      ok: false,
      error: { code: 'INVALID_FLEET', detail: { code: 'TOUCHING', ship: '3' } },
    });
  });
});

describe('turns per rules', () => {
  it('one shot a turn unless salvo: a salvo is one shot per own ship afloat', () => {
    fc.assert(
      fc.property(variantArb, seedArb, (rules, seed) => {
        playOut(variantGame(rules, seed), seed, (before, _after, cells) => {
          const shooter = before.turn ?? '';
          const own = before.fleets[shooter] as ShipMap;
          const afloat = shipsAfloat(own, shotsBy(before, before.players.find((p) => p !== shooter) ?? ''));
          // Never more shots than cells left to shoot at.
          const left = GRID_SIZE * GRID_SIZE - shotsBy(before, shooter).size;
          expect(cells).toHaveLength(rules.shots === 'salvo' ? Math.min(afloat, left) : 1);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('answers a move in the order of its cells, and passes the turn unless a hit keeps it', () => {
    fc.assert(
      fc.property(variantArb, seedArb, (rules, seed) => {
        playOut(variantGame(rules, seed), seed, (before, after, cells) => {
          const shooter = before.turn ?? '';
          const fired = after.shots.slice(before.shots.length);
          expect(fired.map(({ x, y }) => ({ x, y }))).toEqual(cells);
          expect(fired.every((s) => s.shooterId === shooter)).toBe(true);
          if (after.status === 'ENDED') return;
          const hit = fired.some((s) => s.result !== 'M');
          const other = before.players.find((p) => p !== shooter);
          expect(after.turn).toBe(rules.again === 'hit' && hit ? shooter : other);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('ends exactly when the last ship of a fleet sinks, under every variant', () => {
    fc.assert(
      fc.property(variantArb, seedArb, (rules, seed) => {
        const ended = playOut(variantGame(rules, seed), seed, (_before, after) => {
          if (after.status !== 'ENDED') {
            for (const p of after.players) {
              const by = after.players.find((q) => q !== p) ?? '';
              expect(shipsAfloat(after.fleets[p] as ShipMap, shotsBy(after, by))).toBeGreaterThan(0);
            }
          }
        });
        expect(ended).toMatchObject({ status: 'ENDED', endReason: 'SUNK', turn: null });
        const loser = ended.players.find((p) => p !== ended.winner) ?? '';
        expect(shipsAfloat(ended.fleets[loser] as ShipMap, shotsBy(ended, ended.winner ?? ''))).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a salvo of the wrong size, a repeated cell and a cell shot before, with no change', () => {
    const salvo = makeRules({ shots: 'salvo' });
    const state = variantGame(salvo, 7);
    const shooter = state.turn ?? '';
    expect(shotsAllowed(state, shooter)).toBe(5);
    const cells = [0, 1, 2, 3, 4].map((i) => coordOf(i));
    expect(fire(state, shooter, cells.slice(0, 4))).toEqual({ ok: false, error: 'WRONG_SHOT_COUNT' });
    expect(fire(state, shooter, [...cells.slice(0, 4), cells[0] as Coord])).toEqual({
      ok: false,
      error: 'ALREADY_SHOT',
    });
    expect(shoot(state, shooter, { x: 0, y: 0 })).toEqual({ ok: false, error: 'WRONG_SHOT_COUNT' });
    const after = unwrap(fire(state, shooter, cells));
    expect(after.outcomes.map((o) => o.result)).toEqual(after.shots.map((s) => s.result));
    const back = after.state.turn === shooter ? after.state : null;
    expect(back).toBeNull();
  });
});

describe('replaying a round under every variant', () => {
  it('playMoves gives back the turn the game had after each move', () => {
    fc.assert(
      fc.property(variantArb, seedArb, (rules, seed) => {
        const begin = variantGame(rules, seed);
        const first = begin.turn;
        playOut(begin, seed, (_before, after) => {
          if (after.status !== 'PLAY') return;
          const moves = after.shots.map((shot) => ({ kind: 'shot' as const, shot }));
          const played = playMoves(after.players, first, moves, { rules, fleets: after.fleets });
          expect(played.turn).toBe(after.turn);
          expect(played.shots).toEqual(after.shots);
        });
      }),
      { numRuns: 40 },
    );
  });
});
