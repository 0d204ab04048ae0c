import { describe, expect, it } from 'vitest';
import { emptyGrid } from '../../../src/game';
import type { StageSnapshot } from '../../../src/stage/effects-plan';
import { lastShotRings, type LastShots, NO_LAST_SHOTS, nextLastShots } from '../../../src/stage/last-shots';
import { base, grid, THEIR_TURN, withCells } from './snapshots';

/* Issue 36, item 4: the ring marks the latest shot at each grid, never an older one. */

const shot = (shooterId: string, x: number, y: number, result: 'M' | 'H' | 'D' = 'M') => ({ shooterId, x, y, result });

/** Views fed one after the other, as the stage receives them. */
function run(views: readonly StageSnapshot[], from: LastShots = NO_LAST_SHOTS): LastShots {
  return views.reduce(nextLastShots, from);
}

describe('nextLastShots', () => {
  // me misses E10, them misses D5: the ring on me's own grid is D5, and E10 stays on theirs, fainter.
  const mine = base({ opponentBoats: grid([[4, 9, 'M']]), members: THEIR_TURN, battlePlace: shot('me', 4, 9) });
  const theirs = base({
    opponentBoats: grid([[4, 9, 'M']]),
    playerBoats: grid([[3, 4, 'M']]),
    battlePlace: shot('them', 3, 4),
  });

  it("marks the opponent's shot on the player's own grid and keeps the player's own last shot on the other", () => {
    expect(run([mine])).toEqual({ player: [], opponent: [{ x: 4, y: 9 }], latest: 'opponent' });
    expect(run([mine, theirs])).toEqual({ player: [{ x: 3, y: 4 }], opponent: [{ x: 4, y: 9 }], latest: 'player' });
    const rings = run([mine, theirs]);
    expect(lastShotRings(rings, 'player', theirs.playerBoats)).toEqual({ cells: [{ x: 3, y: 4 }], latest: true });
    expect(lastShotRings(rings, 'opponent', theirs.opponentBoats)).toEqual({ cells: [{ x: 4, y: 9 }], latest: false });
  });

  it('moves to the newest shot on a grid, never staying on an older miss', () => {
    const again = base({
      opponentBoats: grid([
        [4, 9, 'M'],
        [0, 0, 'H'],
      ]),
      playerBoats: grid([[3, 4, 'M']]),
      members: THEIR_TURN,
      battlePlace: shot('me', 0, 0, 'H'),
    });
    expect(run([mine, theirs, again])).toEqual({
      player: [{ x: 3, y: 4 }],
      opponent: [{ x: 0, y: 0 }],
      latest: 'opponent',
    });
  });

  it('knows the last shot of a view seen alone (a reload), and a view that repeats it changes nothing', () => {
    const known = run([theirs]);
    expect(known).toEqual({ player: [{ x: 3, y: 4 }], opponent: [], latest: 'player' });
    // A turn or clock update carries the same last shot: the same object comes back (no redraw).
    expect(nextLastShots(known, { ...theirs, members: THEIR_TURN })).toBe(known);
  });

  it("rings a salvo's whole move, in the order fired, on the grid it hit", () => {
    const salvo = base({
      opponentBoats: grid([
        [1, 1, 'M'],
        [2, 2, 'H'],
        [3, 3, 'M'],
      ]),
      members: THEIR_TURN,
      battlePlace: shot('me', 3, 3),
      lastMove: [
        { x: 2, y: 2 },
        { x: 1, y: 1 },
        { x: 3, y: 3 },
      ],
    });
    expect(run([salvo]).opponent).toEqual([
      { x: 2, y: 2 },
      { x: 1, y: 1 },
      { x: 3, y: 3 },
    ]);
    // Until a shot of the salvo has landed on the grid as drawn, its ring waits too.
    const drawn = withCells(salvo.opponentBoats, [[3, 3, 'E']]);
    expect(lastShotRings(run([salvo]), 'opponent', drawn).cells).toEqual([
      { x: 2, y: 2 },
      { x: 1, y: 1 },
    ]);
  });

  it("a lastMove that is not the last shot's move is not trusted", () => {
    const odd = base({ opponentBoats: grid([[5, 5, 'M']]), battlePlace: shot('me', 5, 5), lastMove: [{ x: 1, y: 1 }] });
    expect(run([odd]).opponent).toEqual([{ x: 5, y: 5 }]);
  });

  it('forgets a cell no longer shot (a replay stepped back) and everything outside play', () => {
    const known = run([mine, theirs]);
    const back = { ...mine, opponentBoats: emptyGrid(), battlePlace: null };
    expect(nextLastShots(known, back)).toEqual({ player: [], opponent: [], latest: null });
    expect(nextLastShots(known, base({ gameStatus: 'PLACE_SHIPS' }))).toBe(NO_LAST_SHOTS);
    // The end of the game keeps them: the last shot is the one that won.
    expect(nextLastShots(known, { ...theirs, gameStatus: 'ENDED' })).toEqual(known);
  });

  it("reads a spectator's boards from the first player's seat", () => {
    // BoardsStage's snapshot: userId is the first player, their board the "player" one.
    const watched = base({ userId: 'a', playerBoats: grid([[6, 6, 'H']]), battlePlace: shot('b', 6, 6, 'H') });
    expect(run([watched])).toEqual({ player: [{ x: 6, y: 6 }], opponent: [], latest: 'player' });
  });
});
