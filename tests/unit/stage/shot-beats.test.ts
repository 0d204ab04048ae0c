import { describe, expect, it } from 'vitest';
import { emptyGrid } from '../../../src/game';
import { type Effect, planEffects } from '../../../src/stage/effects-plan';
import {
  beatGap,
  MAX_BEAT_MS,
  MIN_BEAT_MS,
  SALVO_SPAN_MS,
  SETTLE_MS,
  moveOrder,
  scheduleShots,
  shotOrder,
} from '../../../src/stage/shot-beats';
import { afterSalvo, base, cellOf, grid } from './snapshots';

const snapshot = base;

describe('beatGap', () => {
  it('spaces a salvo within its span, never closer than the shortest beat nor wider than the longest', () => {
    expect(beatGap(0)).toBe(0);
    expect(beatGap(1)).toBe(0);
    expect(beatGap(2)).toBe(MAX_BEAT_MS);
    expect(beatGap(5)).toBe(MAX_BEAT_MS);
    expect(beatGap(10) * 9).toBeLessThanOrEqual(SALVO_SPAN_MS);
    expect(beatGap(10)).toBeGreaterThanOrEqual(MIN_BEAT_MS);
    expect(beatGap(100)).toBe(MIN_BEAT_MS);
  });
});

describe('scheduleShots: a salvo lands shot by shot', () => {
  // The shooter's view after a five-shot salvo: three misses, a hit, and the shot that sank ship 4
  // (the view's battlePlace: the move's last shot) whose other cell was hit before.
  const before = snapshot({ opponentBoats: grid([[0, 8, 'H']]) });
  const after = afterSalvo(
    [
      [0, 8, 'D'],
      [5, 5, 'M'],
      [9, 9, 'M'],
      [6, 1, 'M'],
      [3, 3, 'H'],
      [1, 8, 'D'],
    ],
    ['4'],
  );
  const plan = planEffects(before, after);
  const scheduled = scheduleShots(plan, moveOrder(after));
  const gap = beatGap(5);

  it('gives each of the five shots its own beat, the last shot last', () => {
    const shots = scheduled.effects.filter((e) => e.item.kind === 'splash' || e.item.kind === 'explosion');
    expect(shots).toHaveLength(5);
    expect(shots.map((s) => s.delayMs).sort((a, b) => a - b)).toEqual([0, gap, 2 * gap, 3 * gap, 4 * gap]);
    const last = shots.find((s) => s.delayMs === 4 * gap);
    expect(last && cellOf(last.item)).toEqual({ x: 1, y: 8 });
  });

  it('plays one cue per shot at its beat, the sinking shot as sunk, never two at once', () => {
    const cues = scheduled.sounds.map((s) => [s.delayMs, s.item]);
    expect(cues).toHaveLength(5);
    expect(new Set(cues.map(([delay]) => delay)).size).toBe(5);
    expect(cues.filter(([, cue]) => cue === 'miss')).toHaveLength(3);
    expect(cues.filter(([, cue]) => cue === 'hit')).toHaveLength(1);
    expect(cues).toContainEqual([4 * gap, 'sunk']);
  });

  it('burns the sunk ship from the shot that sank it, and passes the turn once every shot landed', () => {
    const sunk = scheduled.effects.find((e) => e.item.kind === 'sunk');
    expect(sunk?.delayMs).toBe(4 * gap);
    const turn = scheduled.effects.find((e) => e.item.kind === 'turn');
    expect(turn?.delayMs).toBe(4 * gap + SETTLE_MS);
  });

  it('the opponent sees the same salvo land on its own board beat by beat', () => {
    const mine = snapshot({ userId: 'them', opponentBoats: emptyGrid(), playerBoats: before.opponentBoats });
    const theirs = snapshot({ userId: 'them', playerBoats: after.opponentBoats, battlePlace: after.battlePlace });
    const own = scheduleShots(planEffects(mine, theirs), moveOrder(theirs));
    const shots = own.effects.filter((e) => e.item.kind === 'splash' || e.item.kind === 'explosion');
    expect(shots.every((s) => 'board' in s.item && s.item.board === 'player')).toBe(true);
    expect(shots.map((s) => s.delayMs).sort((a, b) => a - b)).toEqual([0, gap, 2 * gap, 3 * gap, 4 * gap]);
    expect(own.sounds).toHaveLength(5);
  });

  it('sounds the end of the game after the last shot', () => {
    const won = { ...after, gameStatus: 'ENDED' as const, winner: { userId: 'me', username: 'me' } };
    const end = scheduleShots(planEffects(before, won, true), moveOrder(won));
    expect(end.sounds.at(-1)).toEqual({ delayMs: 4 * gap + SETTLE_MS, item: 'victory' });
  });
});

describe('scheduleShots: one shot', () => {
  it('lands at once with one cue, as before salvos', () => {
    const after = snapshot({
      opponentBoats: grid([[2, 2, 'H']]),
      battlePlace: { shooterId: 'me', x: 2, y: 2, result: 'H' },
    });
    const scheduled = scheduleShots(planEffects(snapshot(), after), moveOrder(after));
    expect(scheduled.sounds).toEqual([{ delayMs: 0, item: 'hit' }]);
    expect(scheduled.effects.map((e) => e.delayMs)).toEqual([0]);
  });

  it('orders the last shot last even when the grid lists it first', () => {
    const effects: Effect[] = [
      { kind: 'splash', board: 'opponent', cell: { x: 0, y: 0 } },
      { kind: 'splash', board: 'opponent', cell: { x: 5, y: 5 } },
    ];
    expect(shotOrder(effects, [{ x: 0, y: 0 }]).map((e) => e.cell)).toEqual([
      { x: 5, y: 5 },
      { x: 0, y: 0 },
    ]);
    expect(shotOrder(effects, [])).toEqual(effects);
  });
});
