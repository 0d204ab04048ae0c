import { describe, expect, it } from 'vitest';
import { planEffects } from '../../../src/stage/effects-plan';
import { activeHolds, markHolds, nextRelease, shownGrid, shownView } from '../../../src/stage/mark-beats';
import { beatGap, moveOrder, scheduleShots } from '../../../src/stage/shot-beats';
import { afterSalvo, base, cellOf, fleet, grid } from './snapshots';
import { watchBoards } from '../../../src/app/components/history/boards-view';
import type { SpectatorFrame } from '../../../src/protocol/spectators';
import { boardsSnapshot } from '../../../src/stage/boards-model';

/*
 * The shooter's salvo of four, fired in this order: C4 (miss), A9 (hit ship 4), J10 (miss), B9
 * (hit: sinks ship 4). On the grid their order is A9, B9, C4, J10; lastMove says how they were fired.
 */
const fired = [
  { x: 2, y: 3 },
  { x: 0, y: 8 },
  { x: 9, y: 9 },
  { x: 1, y: 8 },
];
const before = base();
const after = afterSalvo(
  [
    [2, 3, 'M'],
    [0, 8, 'D'],
    [9, 9, 'M'],
    [1, 8, 'D'],
  ],
  ['4'],
  { lastMove: fired },
);
const gap = beatGap(4);
const scheduled = scheduleShots(planEffects(before, after), moveOrder(after));

describe('a salvo plays in the order it was fired', () => {
  it('lands each shot at its beat in the order of lastMove, not the grid order', () => {
    const shots = scheduled.effects
      .filter((e) => e.item.kind === 'splash' || e.item.kind === 'explosion')
      .sort((a, b) => a.delayMs - b.delayMs);
    expect(shots.map((s) => cellOf(s.item))).toEqual(fired);
    expect(shots.map((s) => s.delayMs)).toEqual([0, gap, 2 * gap, 3 * gap]);
    expect(scheduled.sounds.map((s) => s.item)).toEqual(['miss', 'hit', 'miss', 'sunk']);
  });

  it('burns a ship with the shot that sank it, not with the first that hit it', () => {
    expect(scheduled.effects.find((e) => e.item.kind === 'sunk')?.delayMs).toBe(3 * gap);
  });

  it('burns two ships sunk by one salvo each with its own shot', () => {
    const two = base({
      opponentBoats: grid([
        [0, 8, 'D'],
        [1, 8, 'D'],
        [0, 6, 'D'],
        [1, 6, 'D'],
        [2, 6, 'D'],
      ]),
      opponentShipsIndexes: { '3': fleet['3'], '4': fleet['4'] },
      battlePlace: { shooterId: 'me', x: 2, y: 6, result: 'D' },
      lastMove: [
        { x: 0, y: 8 },
        { x: 1, y: 8 },
        { x: 0, y: 6 },
        { x: 1, y: 6 },
        { x: 2, y: 6 },
      ],
    });
    const plan = scheduleShots(planEffects(before, two), moveOrder(two));
    const sunk = plan.effects.filter((e) => e.item.kind === 'sunk').map((e) => e.delayMs);
    expect(sunk.sort((a, b) => a - b)).toEqual([beatGap(5), 4 * beatGap(5)]);
  });
});

describe('a salvo marks its cells beat by beat', () => {
  const start = 1000;
  const holds = markHolds(before, scheduled, start);
  const at = (t: number, x: number, y: number) => shownGrid(after.opponentBoats, 'opponent', holds, t)[y]?.[x];

  it('shows no mark of a shot before its beat, and each mark from its beat on', () => {
    expect([at(start, 2, 3), at(start, 0, 8), at(start, 9, 9)]).toEqual(['M', 'E', 'E']);
    expect([at(start + gap, 0, 8), at(start + gap, 9, 9)]).toEqual(['H', 'E']);
    expect(at(start + 2 * gap, 9, 9)).toBe('M');
  });

  it('shows a ship hit then sunk as hit until the shot that sinks it lands, then both cells sunk', () => {
    expect([at(start + 2 * gap, 0, 8), at(start + 2 * gap, 1, 8)]).toEqual(['H', 'E']);
    expect([at(start + 3 * gap, 0, 8), at(start + 3 * gap, 1, 8)]).toEqual(['D', 'D']);
    expect(shownGrid(after.opponentBoats, 'opponent', holds, start + 3 * gap)).toBe(after.opponentBoats);
  });

  it('reveals a sunk ship when it sinks, not when the salvo arrives', () => {
    expect(shownView(after, holds, start + gap).opponentShipsIndexes).toEqual({});
    expect(shownView(after, holds, start + 3 * gap).opponentShipsIndexes).toEqual({ '4': fleet['4'] });
  });

  it('releases the holds one beat after another, then holds nothing', () => {
    expect(nextRelease(holds, start)).toBe(start + gap);
    expect(nextRelease(holds, start + gap)).toBe(start + 2 * gap);
    expect(nextRelease(holds, start + 3 * gap)).toBeNull();
    expect(activeHolds(holds, start + 3 * gap)).toEqual([]);
  });

  it('holds nothing for a single shot, nor without a view before', () => {
    const one = base({ opponentBoats: grid([[4, 4, 'M']]), battlePlace: { shooterId: 'me', x: 4, y: 4, result: 'M' } });
    const plan = scheduleShots(planEffects(before, one), moveOrder(one));
    expect(activeHolds(markHolds(before, plan, start), start)).toEqual([]);
    expect(markHolds(null, scheduled, start)).toEqual([]);
  });
});

describe('spectators see a salvo in the order fired', () => {
  it("takes the frame's lastMove to the two-board stage's order", () => {
    const frame: SpectatorFrame = {
      slug: 's',
      status: 'PLAY',
      players: [],
      turn: 'them',
      lastShot: { shooterId: 'me', x: 1, y: 8, result: 'D' },
      lastMove: fired.map((c) => ({ shooterId: 'me', ...c, result: 'M' as const })),
      winner: null,
      endReason: null,
      spectators: 1,
    };
    expect(moveOrder(boardsSnapshot(watchBoards(frame))).map(({ x, y }) => ({ x, y }))).toEqual(fired);
    expect(moveOrder(boardsSnapshot(watchBoards({ ...frame, lastMove: undefined })))).toEqual([frame.lastShot]);
  });
});
