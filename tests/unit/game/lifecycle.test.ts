import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  forfeit,
  type GameState,
  join,
  leave,
  MAX_MISSED_TURNS,
  moveCount,
  newGame,
  opponentOf,
  passTurn,
  replay,
  resign,
  shoot,
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

function turnOf(state: GameState): string {
  if (state.turn === null) throw new Error('no turn');
  return state.turn;
}

const playing = (): GameState => deepFreeze(playingGame(fixedFleet(), verticalFleet()));

describe('resign', () => {
  it('ends the game in PLAY: the opponent wins by resignation, whoever has the turn', () => {
    for (const who of [ALICE, BOB]) {
      const ended = unwrap(resign(playing(), who));
      expect(ended).toMatchObject({ status: 'ENDED', turn: null, winner: opponentOf(ended, who), endReason: 'RESIGN' });
      expect(ended.shots).toEqual([]);
    }
  });

  it('is refused outside PLAY and for a non-member, changing nothing', () => {
    const before = deepFreeze(placingGame());
    expect(resign(before, ALICE)).toEqual({ ok: false, error: 'WRONG_STATUS' });
    expect(resign(playing(), 'carol')).toEqual({ ok: false, error: 'NOT_A_MEMBER' });
    const ended = deepFreeze(unwrap(resign(playing(), ALICE)));
    expect(resign(ended, BOB)).toEqual({ ok: false, error: 'WRONG_STATUS' });
  });
});

describe('forfeit', () => {
  it('gives the game to the player who stayed', () => {
    const ended = unwrap(forfeit(playing(), BOB));
    expect(ended).toMatchObject({ status: 'ENDED', winner: ALICE, endReason: 'FORFEIT', turn: null });
  });

  it('only applies in PLAY, to a member', () => {
    expect(forfeit(placingGame(), BOB)).toEqual({ ok: false, error: 'WRONG_STATUS' });
    expect(forfeit(playing(), 'carol')).toEqual({ ok: false, error: 'NOT_A_MEMBER' });
    expect(forfeit(unwrap(forfeit(playing(), BOB)), ALICE)).toEqual({ ok: false, error: 'WRONG_STATUS' });
  });
});

describe('passTurn', () => {
  it('passes the turn to the opponent and counts the missed turn', () => {
    const state = playing();
    const missing = turnOf(state);
    const next = unwrap(passTurn(state, missing));
    expect(next.turn).toBe(opponentOf(state, missing));
    expect(next.missedTurns).toEqual({ [missing]: 1 });
    expect(next.passedTurns).toBe(1);
    expect(next.shots).toEqual([]);
    expect(moveCount(next)).toBe(1);
    expect(next.status).toBe('PLAY');
  });

  it('refuses the player without the turn, outside PLAY, and a non-member', () => {
    const state = playing();
    const other = opponentOf(state, turnOf(state)) ?? '';
    expect(passTurn(state, other)).toEqual({ ok: false, error: 'NOT_YOUR_TURN' });
    expect(passTurn(placingGame(), ALICE)).toEqual({ ok: false, error: 'WRONG_STATUS' });
    expect(passTurn(state, 'carol')).toEqual({ ok: false, error: 'NOT_A_MEMBER' });
  });

  it('the third missed turn in a row loses by CLOCK', () => {
    let state = playing();
    const sleeper = turnOf(state);
    const awake = opponentOf(state, sleeper) ?? '';
    const targets = shuffledCells(3);
    for (let missed = 1; missed <= MAX_MISSED_TURNS; missed++) {
      state = unwrap(passTurn(state, sleeper));
      expect(state.missedTurns[sleeper]).toBe(missed);
      if (missed === MAX_MISSED_TURNS) break;
      const cell = targets[missed] ?? { x: 0, y: 0 };
      state = unwrap(shoot(state, awake, cell)).state;
    }
    expect(state).toMatchObject({ status: 'ENDED', winner: awake, endReason: 'CLOCK', turn: null });
  });

  it('a shot in between starts the count again', () => {
    let state = playing();
    const p = turnOf(state);
    const q = opponentOf(state, p) ?? '';
    state = unwrap(passTurn(state, p));
    state = unwrap(passTurn(state, q));
    state = unwrap(passTurn(state, p));
    expect(state.missedTurns).toEqual({ [p]: 2, [q]: 1 });
    const cell = shuffledCells(9)[0] ?? { x: 0, y: 0 };
    state = unwrap(passTurn(state, q));
    state = unwrap(shoot(state, p, cell)).state;
    expect(state.missedTurns).toEqual({ [p]: 0, [q]: 2 });
    expect(state.status).toBe('PLAY');
    expect(moveCount(state)).toBe(5);
  });

  it('replay starts the next round with no missed turns and no end reason', () => {
    let state = playing();
    const p = turnOf(state);
    state = unwrap(passTurn(state, p));
    const ended = unwrap(resign(state, p));
    expect(unwrap(replay(ended, p))).toMatchObject({ endReason: null, missedTurns: {}, passedTurns: 0, winner: null });
  });
});

describe('a game where the clock, shots, resignations and forfeits mix (property)', () => {
  type Move = 'shoot' | 'pass' | 'resign' | 'forfeit-other' | 'refused';
  const moveArb = fc.constantFrom<Move>(
    'shoot',
    'shoot',
    'shoot',
    'pass',
    'pass',
    'resign',
    'forfeit-other',
    'refused',
  );

  it('ends exactly once, with the right reason and winner, and never more than 3 missed turns in a row', () => {
    fc.assert(
      fc.property(
        fleetFromSeedArb,
        fleetFromSeedArb,
        seedArb,
        fc.array(moveArb, { maxLength: 300 }),
        (fa, fb, seed, moves) => {
          let state = deepFreeze(playingGame(fa, fb, seed));
          const cells: Record<string, ReturnType<typeof shuffledCells>> = {
            [ALICE]: shuffledCells(seed),
            [BOB]: shuffledCells(seed + 1),
          };
          const used: Record<string, number> = { [ALICE]: 0, [BOB]: 0 };
          const streak: Record<string, number> = { [ALICE]: 0, [BOB]: 0 };
          for (const move of moves) {
            if (state.status !== 'PLAY') {
              // Nothing changes the outcome once it is decided.
              expect(passTurn(state, ALICE).ok || resign(state, BOB).ok || forfeit(state, ALICE).ok).toBe(false);
              break;
            }
            const mover = turnOf(state);
            const other = opponentOf(state, mover) ?? '';
            const before = state;
            if (move === 'shoot') {
              const cell = cells[mover]?.[used[mover] ?? 0];
              used[mover] = (used[mover] ?? 0) + 1;
              if (!cell) continue;
              state = deepFreeze(unwrap(shoot(state, mover, cell)).state);
              streak[mover] = 0;
              if (state.status === 'ENDED') expect(state).toMatchObject({ winner: mover, endReason: 'SUNK' });
            } else if (move === 'pass') {
              state = deepFreeze(unwrap(passTurn(state, mover)));
              streak[mover] = (streak[mover] ?? 0) + 1;
              expect(state.missedTurns[mover]).toBe(streak[mover]);
              if (streak[mover] === MAX_MISSED_TURNS)
                expect(state).toMatchObject({ winner: other, endReason: 'CLOCK' });
              else expect(state.status).toBe('PLAY');
            } else if (move === 'resign') {
              state = deepFreeze(unwrap(resign(state, other)));
              expect(state).toMatchObject({ winner: mover, endReason: 'RESIGN' });
            } else if (move === 'forfeit-other') {
              state = deepFreeze(unwrap(forfeit(state, other)));
              expect(state).toMatchObject({ winner: mover, endReason: 'FORFEIT' });
            } else {
              expect(passTurn(state, other)).toEqual({ ok: false, error: 'NOT_YOUR_TURN' });
              expect(state).toBe(before);
            }
            expect(moveCount(state)).toBe(state.shots.length + state.passedTurns);
            expect(Math.max(...Object.values(state.missedTurns), 0)).toBeLessThanOrEqual(MAX_MISSED_TURNS);
            expect(state.status === 'ENDED').toBe(state.endReason !== null && state.winner !== null);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('leave', () => {
  it('removes a member before the game starts; the seat is free again', () => {
    const two = deepFreeze(unwrap(join(unwrap(join(newGame(), ALICE)), BOB)));
    const left = unwrap(leave(two, ALICE));
    expect(left.players).toEqual([BOB]);
    expect(unwrap(join(left, 'carol')).players).toEqual([BOB, 'carol']);
  });

  it('is refused once the game started, and for a non-member', () => {
    expect(leave(placingGame(), ALICE)).toEqual({ ok: false, error: 'WRONG_STATUS' });
    expect(leave(playing(), BOB)).toEqual({ ok: false, error: 'WRONG_STATUS' });
    expect(leave(unwrap(join(newGame(), ALICE)), BOB)).toEqual({ ok: false, error: 'NOT_A_MEMBER' });
  });
});
