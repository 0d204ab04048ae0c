import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialControls,
  keyAction,
  type ReplayAction,
  reduceControls,
  SPEEDS,
  stepFromQuery,
  tickInterval,
} from '../../../src/app/replay/controls';

const run = (total: number, actions: ReplayAction[]) => actions.reduce(reduceControls, initialControls(total));

describe('replay controls', () => {
  it('steps forward and back within the game', () => {
    expect(run(3, [{ type: 'next' }, { type: 'next' }]).step).toBe(2);
    expect(run(3, [{ type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' }]).step).toBe(3);
    expect(run(3, [{ type: 'previous' }]).step).toBe(0);
    expect(run(3, [{ type: 'last' }, { type: 'previous' }]).step).toBe(2);
    expect(run(3, [{ type: 'last' }, { type: 'first' }]).step).toBe(0);
  });

  it('seeks to any shot, clamped and whole', () => {
    expect(run(40, [{ type: 'seek', step: 17 }]).step).toBe(17);
    expect(run(40, [{ type: 'seek', step: 99 }]).step).toBe(40);
    expect(run(40, [{ type: 'seek', step: -3 }]).step).toBe(0);
    expect(run(40, [{ type: 'seek', step: 2.7 }]).step).toBe(2);
    expect(run(40, [{ type: 'seek', step: Number.NaN }]).step).toBe(0);
  });

  it('plays one shot per tick and stops at the end; playing at the end starts over', () => {
    let s = run(2, [{ type: 'toggle' }]);
    expect(s.playing).toBe(true);
    s = reduceControls(s, { type: 'tick' });
    expect([s.step, s.playing]).toEqual([1, true]);
    s = reduceControls(s, { type: 'tick' });
    expect([s.step, s.playing]).toEqual([2, false]);
    expect(reduceControls(s, { type: 'tick' }).step).toBe(2);
    s = reduceControls(s, { type: 'toggle' });
    expect([s.step, s.playing]).toEqual([0, true]);
  });

  it('a step by hand pauses; a tick while paused does nothing', () => {
    const s = run(5, [{ type: 'toggle' }, { type: 'next' }]);
    expect(s.playing).toBe(false);
    expect(reduceControls(s, { type: 'tick' })).toEqual(s);
    expect(run(0, [{ type: 'toggle' }]).playing).toBe(false);
  });

  it('changes speed within the offered speeds, faster meaning shorter waits', () => {
    expect(run(5, [{ type: 'faster' }]).speed).toBe(2);
    expect(run(5, [{ type: 'faster' }, { type: 'faster' }, { type: 'faster' }]).speed).toBe(4);
    expect(run(5, [{ type: 'slower' }, { type: 'slower' }]).speed).toBe(0.5);
    expect(tickInterval(4)).toBeLessThan(tickInterval(1));
  });

  it('maps the keyboard shortcuts', () => {
    expect(keyAction('ArrowRight')).toEqual({ type: 'next' });
    expect(keyAction('ArrowLeft')).toEqual({ type: 'previous' });
    expect(keyAction(' ')).toEqual({ type: 'toggle' });
    expect(keyAction('Home')).toEqual({ type: 'first' });
    expect(keyAction('End')).toEqual({ type: 'last' });
    expect(keyAction('+')).toEqual({ type: 'faster' });
    expect(keyAction('-')).toEqual({ type: 'slower' });
    expect(keyAction('x')).toBeNull();
  });

  it('reads the shot of a shared link', () => {
    expect(stepFromQuery('?shot=12', 40)).toBe(12);
    expect(stepFromQuery('?shot=500', 40)).toBe(40);
    expect(stepFromQuery('?shot=abc', 40)).toBe(0);
    expect(stepFromQuery('', 40)).toBe(0);
  });

  it('property: whatever the actions, the step stays within 0..total and the speed is offered', () => {
    const action = fc.oneof(
      fc.constantFrom<ReplayAction>(
        { type: 'next' },
        { type: 'previous' },
        { type: 'first' },
        { type: 'last' },
        { type: 'toggle' },
        { type: 'pause' },
        { type: 'tick' },
        { type: 'faster' },
        { type: 'slower' },
      ),
      fc.integer({ min: -50, max: 250 }).map((step): ReplayAction => ({ type: 'seek', step })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.array(action, { maxLength: 60 }), (total, actions) => {
        const s = run(total, actions);
        expect(s.step).toBeGreaterThanOrEqual(0);
        expect(s.step).toBeLessThanOrEqual(total);
        expect(SPEEDS).toContain(s.speed);
        if (s.step === total) expect(s.playing && total > 0 && s.step === total).toBe(false);
      }),
    );
  });
});
