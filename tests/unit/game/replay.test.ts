import { describe, expect, it } from 'vitest';
import { replayState } from '../../../src/game';
import { ALICE, BOB, fixedFleet, playingGame, playShots, verticalFleet } from './helpers';

describe('replayState', () => {
  const played = playShots(playingGame(fixedFleet(), verticalFleet(), 5), 200, [6, 7]);
  const source = {
    players: [
      { userId: ALICE, fleet: fixedFleet() },
      { userId: BOB, fleet: verticalFleet() },
    ],
    shots: played.shots,
    winner: played.winner,
    endReason: 'SUNK' as const,
  };

  it('is the finished game at the last step and the game in play before it', () => {
    expect(played.status).toBe('ENDED');
    const end = replayState(source, source.shots.length);
    expect(end.status).toBe('ENDED');
    expect(end.winner).toBe(played.winner);
    expect(end.shots).toEqual(played.shots);
    const start = replayState(source, 0);
    expect(start.status).toBe('PLAY');
    expect(start.shots).toEqual([]);
    expect(start.turn).toBe(played.shots[0]?.shooterId);
  });

  it('holds exactly the first n shots, with the next shooter to play', () => {
    for (const n of [1, 7, 20, source.shots.length - 1]) {
      const state = replayState(source, n);
      expect(state.shots).toEqual(played.shots.slice(0, n));
      expect(state.turn).toBe(played.shots[n]?.shooterId);
      expect(state.winner).toBeNull();
    }
  });

  it('clamps steps outside the game', () => {
    expect(replayState(source, -4).shots).toEqual([]);
    expect(replayState(source, 10_000).status).toBe('ENDED');
  });
});
