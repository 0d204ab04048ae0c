import { type Coord, GRID_SIZE, SHIP_KEYS, type ShipKey } from '../game';

/**
 * The stage's keyboard, as a pure reducer: key + state → new state and a command for the stage to
 * carry out through the store's actions (which apply the rules). Everything a mouse can do has a
 * key: placement selects, moves and rotates ships; play moves a cursor and shoots.
 */
export type KeyMode = 'place' | 'shoot' | 'watch' | 'none';

export interface KeyState {
  readonly cursor: Coord | null;
  readonly selected: ShipKey | null;
}

export type KeyCommand =
  | { readonly type: 'select'; readonly ship: ShipKey }
  | { readonly type: 'move'; readonly ship: ShipKey; readonly to: Coord }
  | { readonly type: 'rotate'; readonly ship: ShipKey }
  | { readonly type: 'cursor'; readonly at: Coord }
  | { readonly type: 'shoot'; readonly at: Coord }
  /** Salvo: fire every aimed shot at once (F). */
  | { readonly type: 'fire' };

export interface KeyOutcome {
  readonly state: KeyState;
  readonly command: KeyCommand | null;
  /** False lets the browser act (e.g. Tab past the last ship moves focus out of the stage). */
  readonly handled: boolean;
}

export interface KeyInput {
  readonly key: string;
  readonly shiftKey?: boolean;
}

export const INITIAL_KEY_STATE: KeyState = { cursor: null, selected: null };

const ARROWS: Readonly<Record<string, Coord>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const clampCell = (v: number) => Math.min(GRID_SIZE - 1, Math.max(0, v));
const unhandled = (state: KeyState): KeyOutcome => ({ state, command: null, handled: false });

function placeKey(
  state: KeyState,
  input: KeyInput,
  firstCellOf: (ship: ShipKey) => Coord | undefined,
  ships: readonly ShipKey[],
): KeyOutcome {
  const { key } = input;
  if (key === 'Tab') {
    const index = state.selected === null ? -1 : ships.indexOf(state.selected);
    const next = input.shiftKey ? (index === -1 ? ships.length - 1 : index - 1) : index + 1;
    const ship = ships[next];
    // Past either end the focus leaves the stage, so the keyboard is never trapped.
    if (ship === undefined) return unhandled({ ...state, selected: null });
    return { state: { ...state, selected: ship }, command: { type: 'select', ship }, handled: true };
  }
  if (key === 'Escape' && state.selected !== null)
    return { state: { ...state, selected: null }, command: null, handled: true };
  const delta = ARROWS[key];
  if (delta) {
    if (state.selected === null)
      return { state: { ...state, selected: '0' }, command: { type: 'select', ship: '0' }, handled: true };
    const first = firstCellOf(state.selected);
    if (!first) return unhandled(state);
    // Out-of-grid targets are still sent: the rules refuse them and the ship shakes.
    const to = { x: first.x + delta.x, y: first.y + delta.y };
    return { state, command: { type: 'move', ship: state.selected, to }, handled: true };
  }
  if (key === 'r' || key === 'R') {
    if (state.selected === null) return unhandled(state);
    return { state, command: { type: 'rotate', ship: state.selected }, handled: true };
  }
  return unhandled(state);
}

function gridKey(state: KeyState, input: KeyInput, canShoot: boolean): KeyOutcome {
  const delta = ARROWS[input.key];
  if (delta) {
    const at = state.cursor
      ? { x: clampCell(state.cursor.x + delta.x), y: clampCell(state.cursor.y + delta.y) }
      : { x: 0, y: 0 };
    return { state: { ...state, cursor: at }, command: { type: 'cursor', at }, handled: true };
  }
  if ((input.key === 'Enter' || input.key === ' ') && state.cursor) {
    return { state, command: canShoot ? { type: 'shoot', at: state.cursor } : null, handled: true };
  }
  if ((input.key === 'f' || input.key === 'F') && canShoot) return { state, command: { type: 'fire' }, handled: true };
  return unhandled(state);
}

export function reduceKey(
  state: KeyState,
  input: KeyInput,
  mode: KeyMode,
  firstCellOf: (ship: ShipKey) => Coord | undefined = () => undefined,
  /** The fleet's ships in Tab order (the classic five when absent). */
  ships: readonly ShipKey[] = SHIP_KEYS,
): KeyOutcome {
  switch (mode) {
    case 'place':
      return placeKey(state, input, firstCellOf, ships);
    case 'shoot':
      return gridKey(state, input, true);
    case 'watch':
      return gridKey(state, input, false);
    case 'none':
      return unhandled(state);
  }
}
