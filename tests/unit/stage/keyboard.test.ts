import { describe, expect, it } from 'vitest';
import type { Coord, ShipKey } from '../../../src/game';
import { INITIAL_KEY_STATE, type KeyState, reduceKey } from '../../../src/stage/keyboard';

const firsts: Partial<Record<ShipKey, Coord>> = {
  '0': { x: 0, y: 0 },
  '1': { x: 0, y: 2 },
  '2': { x: 0, y: 4 },
  '3': { x: 0, y: 6 },
  '4': { x: 0, y: 8 },
};
const firstCellOf = (ship: ShipKey) => firsts[ship];

describe('placement keys', () => {
  it('Tab selects the ships in order and lets the focus leave after the last', () => {
    let state: KeyState = INITIAL_KEY_STATE;
    const selected: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const out = reduceKey(state, { key: 'Tab' }, 'place', firstCellOf);
      expect(out.handled).toBe(true);
      expect(out.command).toEqual({ type: 'select', ship: out.state.selected });
      selected.push(out.state.selected);
      state = out.state;
    }
    expect(selected).toEqual(['0', '1', '2', '3', '4']);
    const leave = reduceKey(state, { key: 'Tab' }, 'place', firstCellOf);
    expect(leave.handled).toBe(false);
    expect(leave.state.selected).toBeNull();
  });

  it('Tab walks every ship of a larger fleet (the russian ten)', () => {
    const ships = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
    let state: KeyState = INITIAL_KEY_STATE;
    const selected: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      state = reduceKey(state, { key: 'Tab' }, 'place', firstCellOf, ships).state;
      selected.push(state.selected);
    }
    expect(selected).toEqual([...ships]);
    expect(reduceKey(state, { key: 'Tab' }, 'place', firstCellOf, ships).handled).toBe(false);
    expect(
      reduceKey(INITIAL_KEY_STATE, { key: 'Tab', shiftKey: true }, 'place', firstCellOf, ships).state.selected,
    ).toBe('9');
  });

  it('Shift-Tab walks backwards from the last ship and leaves before the first', () => {
    const last = reduceKey(INITIAL_KEY_STATE, { key: 'Tab', shiftKey: true }, 'place', firstCellOf);
    expect(last.state.selected).toBe('4');
    const first = { ...INITIAL_KEY_STATE, selected: '0' as const };
    expect(reduceKey(first, { key: 'Tab', shiftKey: true }, 'place', firstCellOf).handled).toBe(false);
  });

  it('arrows move the selected ship by one cell from its first cell', () => {
    const state = { ...INITIAL_KEY_STATE, selected: '2' as const };
    expect(reduceKey(state, { key: 'ArrowRight' }, 'place', firstCellOf).command).toEqual({
      type: 'move',
      ship: '2',
      to: { x: 1, y: 4 },
    });
    // Off the grid is still asked for: the rules refuse it and the ship shakes.
    expect(reduceKey(state, { key: 'ArrowLeft' }, 'place', firstCellOf).command).toEqual({
      type: 'move',
      ship: '2',
      to: { x: -1, y: 4 },
    });
  });

  it('an arrow with nothing selected selects the first ship', () => {
    const out = reduceKey(INITIAL_KEY_STATE, { key: 'ArrowDown' }, 'place', firstCellOf);
    expect(out.state.selected).toBe('0');
    expect(out.command).toEqual({ type: 'select', ship: '0' });
  });

  it('R rotates the selected ship, and does nothing without a selection', () => {
    const state = { ...INITIAL_KEY_STATE, selected: '3' as const };
    expect(reduceKey(state, { key: 'r' }, 'place', firstCellOf).command).toEqual({ type: 'rotate', ship: '3' });
    expect(reduceKey(state, { key: 'R' }, 'place', firstCellOf).command).toEqual({ type: 'rotate', ship: '3' });
    expect(reduceKey(INITIAL_KEY_STATE, { key: 'r' }, 'place', firstCellOf).handled).toBe(false);
  });
});

describe('play keys', () => {
  it('the first arrow puts the cursor on A1, then arrows move it and stop at the edges', () => {
    let out = reduceKey(INITIAL_KEY_STATE, { key: 'ArrowRight' }, 'shoot');
    expect(out.state.cursor).toEqual({ x: 0, y: 0 });
    out = reduceKey(out.state, { key: 'ArrowLeft' }, 'shoot');
    expect(out.state.cursor).toEqual({ x: 0, y: 0 });
    out = reduceKey(out.state, { key: 'ArrowDown' }, 'shoot');
    expect(out.state.cursor).toEqual({ x: 0, y: 1 });
    expect(out.command).toEqual({ type: 'cursor', at: { x: 0, y: 1 } });
    const corner = { ...INITIAL_KEY_STATE, cursor: { x: 9, y: 9 } };
    expect(reduceKey(corner, { key: 'ArrowRight' }, 'shoot').state.cursor).toEqual({ x: 9, y: 9 });
  });

  it('Enter and Space shoot at the cursor on the player turn only', () => {
    const state = { ...INITIAL_KEY_STATE, cursor: { x: 1, y: 6 } };
    expect(reduceKey(state, { key: 'Enter' }, 'shoot').command).toEqual({ type: 'shoot', at: { x: 1, y: 6 } });
    expect(reduceKey(state, { key: ' ' }, 'shoot').command).toEqual({ type: 'shoot', at: { x: 1, y: 6 } });
    const waiting = reduceKey(state, { key: 'Enter' }, 'watch');
    expect(waiting.command).toBeNull();
    expect(waiting.handled).toBe(true);
  });

  it('F fires an aimed salvo on the player turn only', () => {
    expect(reduceKey(INITIAL_KEY_STATE, { key: 'f' }, 'shoot')).toMatchObject({
      command: { type: 'fire' },
      handled: true,
    });
    expect(reduceKey(INITIAL_KEY_STATE, { key: 'F' }, 'shoot').command).toEqual({ type: 'fire' });
    expect(reduceKey(INITIAL_KEY_STATE, { key: 'f' }, 'watch')).toMatchObject({ command: null, handled: false });
  });

  it('leaves Tab and other keys to the browser', () => {
    expect(reduceKey(INITIAL_KEY_STATE, { key: 'Tab' }, 'shoot').handled).toBe(false);
    expect(reduceKey(INITIAL_KEY_STATE, { key: 'x' }, 'shoot').handled).toBe(false);
    expect(reduceKey(INITIAL_KEY_STATE, { key: 'ArrowUp' }, 'none').handled).toBe(false);
  });
});
