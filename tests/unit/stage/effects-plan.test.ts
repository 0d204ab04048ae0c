import { describe, expect, it } from 'vitest';
import { emptyGrid } from '../../../src/game';
import { EMPTY_PLAN, planEffects, toStageSnapshot } from '../../../src/stage/effects-plan';
import { base, fleet, withCells } from './snapshots';

const turnTo = (id: string) => [
  { userId: 'me', hasToPlay: id === 'me' },
  { userId: 'them', hasToPlay: id === 'them' },
];

describe('planEffects', () => {
  it('plans nothing on the first state seen (a reconnect must not replay a burst of explosions)', () => {
    const after = base({
      opponentBoats: withCells(emptyGrid(), [
        [1, 1, 'H'],
        [2, 2, 'M'],
      ]),
    });
    expect(planEffects(null, after)).toBe(EMPTY_PLAN);
  });

  it('plans nothing while placing ships', () => {
    const before = base({ gameStatus: 'PLACE_SHIPS' });
    expect(planEffects(before, base({ gameStatus: 'PLACE_SHIPS' }))).toBe(EMPTY_PLAN);
  });

  it('splashes a miss on the opponent grid, plays the miss sound and announces it', () => {
    const before = base();
    const after = base({
      opponentBoats: withCells(before.opponentBoats, [[1, 6, 'M']]),
      battlePlace: { shooterId: 'me', x: 1, y: 6, result: 'M' },
    });
    const plan = planEffects(before, after);
    expect(plan.effects).toEqual([{ kind: 'splash', board: 'opponent', cell: { x: 1, y: 6 } }]);
    expect(plan.sounds).toEqual(['miss']);
    expect(plan.announcements).toEqual([{ kind: 'shot', mine: true, cell: { x: 1, y: 6 }, result: 'M' }]);
  });

  it('explodes a hit on the own grid when the opponent shoots', () => {
    const before = base({ members: turnTo('them') });
    const after = base({
      members: turnTo('them'),
      playerBoats: withCells(before.playerBoats, [[3, 0, 'H']]),
      battlePlace: { shooterId: 'them', x: 3, y: 0, result: 'H' },
    });
    const plan = planEffects(before, after);
    expect(plan.effects).toEqual([{ kind: 'explosion', board: 'player', cell: { x: 3, y: 0 } }]);
    expect(plan.sounds).toEqual(['hit']);
    expect(plan.announcements).toEqual([{ kind: 'shot', mine: false, cell: { x: 3, y: 0 }, result: 'H' }]);
  });

  it('reveals a sunk opponent ship burning, with one explosion on the last shot and a sunk announcement', () => {
    const before = base({ opponentBoats: withCells(emptyGrid(), [[5, 5, 'H']]) });
    const after = base({
      opponentBoats: withCells(emptyGrid(), [
        [5, 5, 'D'],
        [6, 5, 'D'],
      ]),
      opponentShipsIndexes: {
        '4': [
          { x: 5, y: 5 },
          { x: 6, y: 5 },
        ],
      },
      battlePlace: { shooterId: 'me', x: 6, y: 5, result: 'D' },
    });
    const plan = planEffects(before, after);
    expect(plan.effects).toEqual([
      { kind: 'explosion', board: 'opponent', cell: { x: 6, y: 5 } },
      {
        kind: 'sunk',
        board: 'opponent',
        cells: [
          { x: 5, y: 5 },
          { x: 6, y: 5 },
        ],
      },
    ]);
    expect(plan.sounds).toEqual(['sunk']);
    expect(plan.announcements).toContainEqual({ kind: 'sunk', mine: false, ship: '4' });
  });

  it('announces an own ship sunk', () => {
    const before = base({ playerBoats: withCells(emptyGrid(), [[0, 8, 'H']]) });
    const after = base({
      playerBoats: withCells(emptyGrid(), [
        [0, 8, 'D'],
        [1, 8, 'D'],
      ]),
      battlePlace: { shooterId: 'them', x: 1, y: 8, result: 'D' },
    });
    expect(planEffects(before, after).announcements).toContainEqual({ kind: 'sunk', mine: true, ship: '4' });
  });

  it("announces a russian fleet's one-cell boats sunk, the player's and the opponent's (ships 5 to 9)", () => {
    const boat = [{ x: 9, y: 9 }];
    const ownFleet = { ...fleet, '9': boat };
    const mine = base({
      shipsIndexes: ownFleet,
      playerBoats: withCells(emptyGrid(), [[9, 9, 'D']]),
      battlePlace: { shooterId: 'them', x: 9, y: 9, result: 'D' },
    });
    expect(planEffects(base({ shipsIndexes: ownFleet }), mine).announcements).toContainEqual({
      kind: 'sunk',
      mine: true,
      ship: '9',
    });
    const theirs = base({
      opponentBoats: withCells(emptyGrid(), [[5, 5, 'D']]),
      opponentShipsIndexes: { '7': [{ x: 5, y: 5 }] },
      battlePlace: { shooterId: 'me', x: 5, y: 5, result: 'D' },
    });
    expect(planEffects(base(), theirs).announcements).toContainEqual({ kind: 'sunk', mine: false, ship: '7' });
  });

  it('does not repeat a shot already seen when another field changes', () => {
    const shot = { shooterId: 'me', x: 1, y: 1, result: 'M' as const };
    const before = base({ battlePlace: shot, opponentBoats: withCells(emptyGrid(), [[1, 1, 'M']]) });
    const after = base({ battlePlace: { ...shot }, opponentBoats: before.opponentBoats, members: turnTo('them') });
    const plan = planEffects(before, after);
    expect(plan.sounds).toEqual([]);
    expect(plan.effects).toEqual([{ kind: 'turn', mine: false }]);
    expect(plan.announcements).toEqual([{ kind: 'turn', mine: false }]);
  });

  it('plans a short transition when the turn comes back to the player', () => {
    const plan = planEffects(base({ members: turnTo('them') }), base({ members: turnTo('me') }));
    expect(plan.effects).toEqual([{ kind: 'turn', mine: true }]);
  });

  it('plays victory for the winner and defeat for the loser at the end', () => {
    const before = base();
    const won = planEffects(before, base({ gameStatus: 'ENDED', winner: { userId: 'me', username: 'Alice' } }));
    expect(won.sounds).toEqual(['victory']);
    expect(won.announcements).toContainEqual({ kind: 'winner', mine: true, username: 'Alice' });
    const lost = planEffects(before, base({ gameStatus: 'ENDED', winner: { userId: 'them', username: 'Bob' } }));
    expect(lost.sounds).toEqual(['defeat']);
  });

  it('announces the winner when the status turned ENDED in an earlier update of a game watched live (issue #13)', () => {
    const ended = base({ gameStatus: 'ENDED' });
    const withWinner = base({ gameStatus: 'ENDED', winner: { userId: 'me', username: 'Alice' } });
    expect(planEffects(ended, withWinner, true).announcements).toContainEqual({
      kind: 'winner',
      mine: true,
      username: 'Alice',
    });
    // A page opened on a finished game stays quiet.
    expect(planEffects(ended, withWinner, false).announcements).toEqual([]);
  });

  it('at the end, announces only the ship the last shot sank, not the whole revealed fleet', () => {
    const before = base({ opponentShipsIndexes: { '0': fleet['0'] } });
    const after = base({
      gameStatus: 'ENDED',
      opponentShipsIndexes: fleet,
      battlePlace: { shooterId: 'me', x: 1, y: 8, result: 'D' },
      opponentBoats: withCells(emptyGrid(), [
        [0, 8, 'D'],
        [1, 8, 'D'],
      ]),
    });
    const sunk = planEffects(before, after).announcements.filter((a) => a.kind === 'sunk');
    expect(sunk).toEqual([{ kind: 'sunk', mine: false, ship: '4' }]);
  });
});

describe('toStageSnapshot', () => {
  it('copies grids so later store mutations do not change the previous state', () => {
    const grid = emptyGrid();
    const snap = toStageSnapshot(base({ opponentBoats: grid }));
    const row = grid[0];
    if (row) row[0] = 'H';
    expect(snap.opponentBoats[0]?.[0]).toBe('E');
  });
});
