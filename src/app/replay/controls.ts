/**
 * The replay viewer's controls as a pure reducer: where the viewer stands (0 = before the first
 * shot, total = the end), whether it plays and how fast. The page renders the state and feeds it
 * actions from buttons, the slider, the keyboard and a timer.
 */
export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

/** Time between two shots while playing at 1×. */
export const BASE_INTERVAL_MS = 900;

export interface ReplayControls {
  readonly step: number;
  readonly total: number;
  readonly playing: boolean;
  readonly speed: Speed;
}

export type ReplayAction =
  | { readonly type: 'next' }
  | { readonly type: 'previous' }
  | { readonly type: 'first' }
  | { readonly type: 'last' }
  | { readonly type: 'seek'; readonly step: number }
  | { readonly type: 'toggle' }
  | { readonly type: 'pause' }
  | { readonly type: 'faster' }
  | { readonly type: 'slower' }
  | { readonly type: 'speed'; readonly speed: Speed }
  /** The play timer fired: one shot forward, stopping at the end. */
  | { readonly type: 'tick' };

export function initialControls(total: number, step = 0): ReplayControls {
  return { step: clamp(step, total), total, playing: false, speed: 1 };
}

function clamp(step: number, total: number): number {
  return Number.isFinite(step) ? Math.max(0, Math.min(total, Math.trunc(step))) : 0;
}

function shiftSpeed(speed: Speed, by: 1 | -1): Speed {
  const i = SPEEDS.indexOf(speed) + by;
  return SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i))] ?? speed;
}

export function reduceControls(state: ReplayControls, action: ReplayAction): ReplayControls {
  const at = (step: number, playing = false): ReplayControls => ({ ...state, step: clamp(step, state.total), playing });
  switch (action.type) {
    case 'next':
      return at(state.step + 1);
    case 'previous':
      return at(state.step - 1);
    case 'first':
      return at(0);
    case 'last':
      return at(state.total);
    case 'seek':
      return at(action.step);
    case 'pause':
      return { ...state, playing: false };
    case 'toggle':
      if (state.playing) return { ...state, playing: false };
      // Play from the start again when at the end.
      return at(state.step >= state.total ? 0 : state.step, state.total > 0);
    case 'tick': {
      if (!state.playing) return state;
      const step = clamp(state.step + 1, state.total);
      return { ...state, step, playing: step < state.total };
    }
    case 'faster':
      return { ...state, speed: shiftSpeed(state.speed, 1) };
    case 'slower':
      return { ...state, speed: shiftSpeed(state.speed, -1) };
    case 'speed':
      return { ...state, speed: action.speed };
  }
}

/** How long to wait before the next tick while playing. */
export function tickInterval(speed: Speed): number {
  return BASE_INTERVAL_MS / speed;
}

/** Keyboard shortcuts: arrows step, Home/End jump, Space or K plays/pauses, + and - change speed. */
export function keyAction(key: string): ReplayAction | null {
  switch (key) {
    case 'ArrowRight':
    case 'l':
      return { type: 'next' };
    case 'ArrowLeft':
    case 'j':
      return { type: 'previous' };
    case 'Home':
      return { type: 'first' };
    case 'End':
      return { type: 'last' };
    case ' ':
    case 'k':
      return { type: 'toggle' };
    case '+':
    case '=':
      return { type: 'faster' };
    case '-':
    case '_':
      return { type: 'slower' };
    default:
      return null;
  }
}

/** The step a shared link asks for (`?shot=12`), or the start. */
export function stepFromQuery(search: string, total: number): number {
  const value = new URLSearchParams(search).get('shot');
  return value === null ? 0 : clamp(Number(value), total);
}
