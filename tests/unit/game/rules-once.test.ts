import { describe, expect, it } from 'vitest';
import {
  forfeitClaimable,
  knownOpponentShips,
  type Move,
  passTurn,
  playerView,
  playMoves,
  replayState,
  resign,
  SHIP_KEYS,
  shotStats,
  sunkOnGrid,
} from '../../../src/game';
import { ALICE, BOB, fixedFleet, playingGame, playShots, unwrap, verticalFleet } from './helpers';

describe('playMoves: the one replay of a round', () => {
  it('rebuilds the shots, the turn and the missed-turn counts the rules produced', () => {
    let state = playingGame(fixedFleet(), verticalFleet(), 5);
    const first = state.turn;
    state = playShots(state, 6, [1, 2]);
    const moves: Move[] = state.shots.map((shot) => ({ kind: 'shot', shot }));
    const mover = state.turn ?? '';
    state = unwrap(passTurn(state, mover));
    moves.push({ kind: 'timeout', playerId: mover });
    const played = playMoves(state.players, first, moves);
    expect(played).toEqual({
      shots: state.shots,
      turn: state.turn,
      missedTurns: state.missedTurns,
      passedTurns: state.passedTurns,
    });
  });

  it('lets the replay viewer place the clock’s passes among the shots by move number', () => {
    const shot = (seq: number, shooterId: string) => ({ seq, shooterId, x: seq, y: 0, result: 'M' as const });
    const source = {
      players: [
        { userId: ALICE, fleet: fixedFleet() },
        { userId: BOB, fleet: verticalFleet() },
      ],
      // alice shoots, bob lets the clock pass, alice shoots again.
      shots: [shot(0, ALICE), shot(2, ALICE)],
      passes: [{ seq: 1, playerId: BOB }],
      winner: ALICE,
      endReason: 'RESIGN' as const,
    };
    const middle = replayState(source, 1);
    expect(middle.turn).toBe(ALICE);
    expect(middle.passedTurns).toBe(1);
    expect(middle.missedTurns).toEqual({ [BOB]: 1 });
    expect(replayState(source, 2).status).toBe('ENDED');
  });
});

describe('sunkOnGrid', () => {
  it('names exactly the ships the view reveals as sunk', () => {
    const state = playShots(playingGame(fixedFleet(), verticalFleet(), 5), 120, [3, 4]);
    const view = playerView(state, ALICE);
    const revealed = knownOpponentShips(state, ALICE);
    for (const ship of SHIP_KEYS) {
      const cells = verticalFleet()[ship];
      expect(sunkOnGrid(view.opponentBoats, cells)).toBe(revealed[ship] !== undefined);
    }
    expect(sunkOnGrid(view.opponentBoats, [])).toBe(false);
  });
});

describe('forfeitClaimable', () => {
  const playing = playingGame(fixedFleet(), verticalFleet());
  const on = { connected: true };
  const off = { connected: false };

  it('holds only in PLAY, for an absent player, while the opponent is there', () => {
    expect(forfeitClaimable(playing, off, on)).toBe(true);
    expect(forfeitClaimable(playing, on, on)).toBe(false);
    expect(forfeitClaimable(playing, off, off)).toBe(false);
    expect(forfeitClaimable(playing, off, undefined)).toBe(false);
    expect(forfeitClaimable(unwrap(resign(playing, ALICE)), off, on)).toBe(false);
  });
});

describe('shotStats', () => {
  it('gives accuracy as a fraction of the shots, null before any', () => {
    const state = playShots(playingGame(fixedFleet(), verticalFleet(), 5), 30, [3, 4]);
    const stats = shotStats(playerView(state, ALICE).opponentBoats);
    const mine = state.shots.filter((s) => s.shooterId === ALICE);
    const hits = mine.filter((s) => s.result !== 'M').length;
    expect(stats).toEqual({ shots: mine.length, hits, accuracy: hits / mine.length });
    expect(shotStats(playerView(playingGame(fixedFleet(), verticalFleet()), ALICE).opponentBoats).accuracy).toBeNull();
  });
});
