import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC_RULES,
  cellIndex,
  createRng,
  type GameState,
  join,
  newGame,
  opponentOf,
  placeShips,
  replay,
  type Shot,
  SHIP_KEYS,
  type ShipMap,
  sameCoord,
  shipCells,
  shoot,
  shotsBy,
  start,
} from '../../../src/game';
import {
  ALICE,
  BOB,
  deepFreeze,
  fixedFleet,
  fleetFromSeedArb,
  placingGame,
  playingGame,
  seedArb,
  shuffledCells,
  unwrap,
  verticalFleet,
} from './helpers';

/** Whose turn it is in a game known to be in PLAY. */
function turnOf(state: GameState): string {
  if (state.turn === null) throw new Error('no turn');
  return state.turn;
}

describe('join', () => {
  it('adds players in order', () => {
    const state = unwrap(join(unwrap(join(newGame(), ALICE)), BOB));
    expect(state.players).toEqual([ALICE, BOB]);
    expect(state.status).toBe('UNSTARTED');
  });

  it('is a no-op for a player already in', () => {
    const once = unwrap(join(newGame(), ALICE));
    const twice = join(once, ALICE);
    expect(twice).toEqual({ ok: true, value: once });
    expect(unwrap(twice)).toBe(once);
  });

  it('refuses a third player with ROOM_FULL and changes nothing', () => {
    const full = deepFreeze(unwrap(join(unwrap(join(newGame(), ALICE)), BOB)));
    expect(join(full, 'carol')).toEqual({ ok: false, error: 'ROOM_FULL' });
    expect(full.players).toEqual([ALICE, BOB]);
    // A member coming back is still welcome once the room is full.
    expect(unwrap(join(full, BOB))).toBe(full);
  });
});

describe('start', () => {
  const two = (): GameState => unwrap(join(unwrap(join(newGame(), ALICE)), BOB));

  it('lets any member start with two members, going to PLACE_SHIPS', () => {
    expect(unwrap(start(two(), BOB)).status).toBe('PLACE_SHIPS');
    expect(unwrap(start(two(), ALICE)).status).toBe('PLACE_SHIPS');
  });

  it('refuses a non-member with NOT_A_MEMBER', () => {
    expect(start(two(), 'carol')).toEqual({ ok: false, error: 'NOT_A_MEMBER' });
  });

  it('refuses one member alone with NEED_TWO_PLAYERS', () => {
    expect(start(unwrap(join(newGame(), ALICE)), ALICE)).toEqual({ ok: false, error: 'NEED_TWO_PLAYERS' });
  });

  it('refuses a second start with WRONG_STATUS', () => {
    expect(start(placingGame(), ALICE)).toEqual({ ok: false, error: 'WRONG_STATUS' });
  });
});

describe('placeShips', () => {
  it('refuses before the game started and for non-members', () => {
    const unstarted = unwrap(join(unwrap(join(newGame(), ALICE)), BOB));
    expect(placeShips(unstarted, ALICE, fixedFleet(), createRng(1))).toEqual({ ok: false, error: 'WRONG_STATUS' });
    expect(placeShips(placingGame(), 'carol', fixedFleet(), createRng(1))).toEqual({
      ok: false,
      error: 'NOT_A_MEMBER',
    });
  });

  it('refuses an invalid fleet with INVALID_FLEET and the broken rule, changing nothing', () => {
    const state = deepFreeze(placingGame());
    const broken: ShipMap = { ...fixedFleet(), '4': shipCells({ x: 9, y: 9 }, 2, 'horizontal') };
    expect(placeShips(state, ALICE, broken, createRng(1))).toEqual({
      ok: false,
      error: { code: 'INVALID_FLEET', detail: { code: 'OUT_OF_BOUNDS', ship: '4' } },
    });
    expect(state.fleets).toEqual({});
  });

  it('stores the first fleet and stays in PLACE_SHIPS', () => {
    const state = unwrap(placeShips(placingGame(), ALICE, fixedFleet(), createRng(1)));
    expect(state.status).toBe('PLACE_SHIPS');
    expect(state.fleets[ALICE]).toEqual(fixedFleet());
    expect(state.fleets[BOB]).toBeUndefined();
    expect(state.turn).toBeNull();
  });

  it('lets a player replace its fleet before both are placed', () => {
    let state = unwrap(placeShips(placingGame(), ALICE, fixedFleet(), createRng(1)));
    state = unwrap(placeShips(state, ALICE, verticalFleet(), createRng(1)));
    expect(state.fleets[ALICE]).toEqual(verticalFleet());
    expect(state.status).toBe('PLACE_SHIPS');
  });

  it('goes to PLAY with a turn for one of the two once both fleets are in', () => {
    const state = playingGame(fixedFleet(), verticalFleet());
    expect(state.status).toBe('PLAY');
    expect([ALICE, BOB]).toContain(state.turn);
    expect(state.fleets).toEqual({ [ALICE]: fixedFleet(), [BOB]: verticalFleet() });
  });

  it('lets either player shoot first, as the rng decides', () => {
    const firsts = new Set<string | null>();
    for (let seed = 0; seed < 40; seed++) firsts.add(playingGame(fixedFleet(), verticalFleet(), seed).turn);
    expect(firsts).toEqual(new Set([ALICE, BOB]));
  });

  it('refuses a new fleet once play started', () => {
    const state = playingGame(fixedFleet(), verticalFleet());
    expect(placeShips(state, ALICE, verticalFleet(), createRng(1))).toEqual({ ok: false, error: 'WRONG_STATUS' });
  });
});

describe('shoot', () => {
  it('refuses a shot before PLAY with WRONG_STATUS', () => {
    expect(shoot(placingGame(), ALICE, { x: 0, y: 0 })).toEqual({ ok: false, error: 'WRONG_STATUS' });
  });

  it('refuses the player without the turn with NOT_YOUR_TURN', () => {
    const state = deepFreeze(playingGame(fixedFleet(), verticalFleet()));
    const other = opponentOf(state, turnOf(state)) ?? '';
    expect(shoot(state, other, { x: 0, y: 0 })).toEqual({ ok: false, error: 'NOT_YOUR_TURN' });
    expect(shoot(state, 'carol', { x: 0, y: 0 })).toEqual({ ok: false, error: 'NOT_A_MEMBER' });
  });

  it.each([
    { x: -1, y: 0 },
    { x: 0, y: 10 },
    { x: 10, y: 10 },
    { x: 2.5, y: 3 },
  ])('refuses %o with OUT_OF_BOUNDS', (target) => {
    const state = playingGame(fixedFleet(), verticalFleet());
    expect(shoot(state, turnOf(state), target)).toEqual({ ok: false, error: 'OUT_OF_BOUNDS' });
  });

  it('resolves a shot, records it and passes the turn', () => {
    const state = deepFreeze(playingGame(fixedFleet(), verticalFleet()));
    const shooter = turnOf(state);
    const target = shooter === ALICE ? verticalFleet() : fixedFleet();
    const first = target['0'][0];
    if (!first) throw new Error('empty ship');
    const applied = unwrap(shoot(state, shooter, first));
    expect(applied.outcome).toEqual({ result: 'H', won: false });
    expect(applied.shot).toEqual({ shooterId: shooter, x: first.x, y: first.y, result: 'H' });
    expect(applied.state.shots).toEqual([applied.shot]);
    expect(applied.state.turn).toBe(opponentOf(state, shooter));
    expect(state.shots).toEqual([]);
  });

  it('refuses a cell the same player already shot with ALREADY_SHOT, but not a cell only the other shot', () => {
    let state = playingGame(fixedFleet(), verticalFleet());
    const a = turnOf(state);
    const b = opponentOf(state, a) ?? '';
    state = unwrap(shoot(state, a, { x: 5, y: 9 })).state;
    // b shoots the same coordinates on a's grid: a different cell, allowed.
    state = unwrap(shoot(state, b, { x: 5, y: 9 })).state;
    const before = deepFreeze(state);
    expect(shoot(before, a, { x: 5, y: 9 })).toEqual({ ok: false, error: 'ALREADY_SHOT' });
    expect(before.turn).toBe(a);
  });

  it('ends the game on the last sink, then refuses every shot with WRONG_STATUS', () => {
    let state = playingGame(fixedFleet(), verticalFleet(), 3);
    const a = turnOf(state);
    const b = opponentOf(state, a) ?? '';
    const aTargets = SHIP_KEYS.flatMap((k) => (a === ALICE ? verticalFleet() : fixedFleet())[k]);
    // b only ever shoots water, so a is the one to sink the whole fleet.
    const bWater = shuffledCells(5).filter(
      (c) => !SHIP_KEYS.some((k) => (b === ALICE ? verticalFleet() : fixedFleet())[k].some((s) => sameCoord(s, c))),
    );
    let last: Shot | undefined;
    aTargets.forEach((cell, i) => {
      const applied = unwrap(shoot(state, a, cell));
      last = applied.shot;
      state = applied.state;
      if (i < aTargets.length - 1) {
        expect(state.status).toBe('PLAY');
        state = unwrap(shoot(state, b, bWater[i] ?? { x: 0, y: 0 })).state;
      }
    });
    expect(last?.result).toBe('D');
    expect(state.status).toBe('ENDED');
    expect(state.winner).toBe(a);
    expect(state.turn).toBeNull();
    expect(shoot(state, a, { x: 9, y: 9 })).toEqual({ ok: false, error: 'WRONG_STATUS' });
    expect(shoot(state, b, { x: 9, y: 9 })).toEqual({ ok: false, error: 'WRONG_STATUS' });
  });
});

describe('replay', () => {
  function endedGame(): GameState {
    let state = playingGame(fixedFleet(), verticalFleet(), 8);
    const order = [shuffledCells(1), shuffledCells(2)];
    const next = [0, 0];
    while (state.status === 'PLAY') {
      const who = turnOf(state) === ALICE ? 0 : 1;
      const cell = order[who]?.[next[who] ?? 0];
      next[who] = (next[who] ?? 0) + 1;
      if (!cell) throw new Error('ran out of cells');
      state = unwrap(shoot(state, turnOf(state), cell)).state;
    }
    return state;
  }

  it('refuses before the end with WRONG_STATUS', () => {
    expect(replay(placingGame(), ALICE)).toEqual({ ok: false, error: 'WRONG_STATUS' });
    expect(replay(playingGame(fixedFleet(), verticalFleet()), ALICE)).toEqual({ ok: false, error: 'WRONG_STATUS' });
  });

  it('refuses a non-member', () => {
    expect(replay(endedGame(), 'carol')).toEqual({ ok: false, error: 'NOT_A_MEMBER' });
  });

  it('from ENDED keeps the players and goes back to PLACE_SHIPS with fresh boards', () => {
    const ended = deepFreeze(endedGame());
    expect(ended.status).toBe('ENDED');
    const again = unwrap(replay(ended, BOB));
    expect(again).toEqual({
      rules: CLASSIC_RULES,
      status: 'PLACE_SHIPS',
      players: [ALICE, BOB],
      fleets: {},
      shots: [],
      turn: null,
      winner: null,
      endReason: null,
      missedTurns: {},
      passedTurns: 0,
    });
    expect(ended.endReason).toBe('SUNK');
    // A second replay is refused: the round is no longer ended.
    expect(replay(again, ALICE)).toEqual({ ok: false, error: 'WRONG_STATUS' });
    // And the new round plays as a fresh one.
    const placed = unwrap(
      placeShips(unwrap(placeShips(again, ALICE, verticalFleet(), createRng(1))), BOB, fixedFleet(), createRng(1)),
    );
    expect(placed.status).toBe('PLAY');
  });
});

describe('a whole game between two random shooters (property)', () => {
  it('alternates turns, sinks each ship once, ends once, and the last D wins', () => {
    fc.assert(
      fc.property(fleetFromSeedArb, fleetFromSeedArb, seedArb, seedArb, seedArb, (aFleet, bFleet, turnSeed, sa, sb) => {
        let state = playingGame(aFleet, bFleet, turnSeed);
        const fleets: Record<string, ShipMap> = { [ALICE]: aFleet, [BOB]: bFleet };
        const orders: Record<string, ReturnType<typeof shuffledCells>> = {
          [ALICE]: shuffledCells(sa),
          [BOB]: shuffledCells(sb),
        };
        const used: Record<string, number> = { [ALICE]: 0, [BOB]: 0 };
        const sunk: Record<string, string[]> = { [ALICE]: [], [BOB]: [] };
        const shots: Shot[] = [];
        let endings = 0;
        for (let guard = 0; guard < 200 && state.status === 'PLAY'; guard++) {
          const shooter = turnOf(state);
          const target = opponentOf(state, shooter) ?? '';
          const targetFleet = fleets[target] as ShipMap;
          const cell = orders[shooter]?.[used[shooter] ?? 0];
          used[shooter] = (used[shooter] ?? 0) + 1;
          if (!cell) throw new Error('ran out of cells');
          const applied = unwrap(shoot(state, shooter, cell));
          // Oracle for the answer, independent of resolveShot.
          const mine = shotsBy(applied.state, shooter);
          const ship = SHIP_KEYS.find((k) => targetFleet[k].some((c) => sameCoord(c, cell)));
          const expected =
            ship === undefined ? 'M' : targetFleet[ship].every((c) => mine.has(cellIndex(c))) ? 'D' : 'H';
          // Plain checks inside the loop (thousands per run); expect() once with the evidence on failure.
          if (applied.shot.result !== expected) expect({ shot: applied.shot, expected }).toBeUndefined();
          if (applied.outcome.sunk !== undefined) sunk[shooter]?.push(applied.outcome.sunk);
          if (shots.at(-1)?.shooterId === shooter) expect({ twiceInARow: shooter, shots }).toBeUndefined();
          shots.push(applied.shot);
          if (applied.state.status === 'ENDED') endings++;
          state = applied.state;
        }
        expect(endings).toBe(1);
        expect(state.status).toBe('ENDED');
        const lastD = shots.filter((s) => s.result === 'D').at(-1);
        expect(shots.at(-1)).toEqual(lastD);
        expect(state.winner).toBe(lastD?.shooterId);
        for (const player of [ALICE, BOB]) {
          const ds = shots.filter((s) => s.shooterId === player && s.result === 'D').length;
          expect(ds).toBeLessThanOrEqual(5);
          expect(ds).toBe(sunk[player]?.length);
          expect(new Set(sunk[player]).size).toBe(sunk[player]?.length);
          expect(ds === 5).toBe(player === state.winner);
        }
        expect(state.shots).toEqual(shots);
        for (const player of [ALICE, BOB])
          expect(shoot(state, player, { x: 0, y: 0 })).toEqual({ ok: false, error: 'WRONG_STATUS' });
      }),
      { numRuns: 150 },
    );
  }, 30_000);
});
