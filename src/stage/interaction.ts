import type { Coord, ShipKey } from '../game';
import type { Effect } from './effects-plan';
import type { Point } from './geometry';
import type { BoardId } from './layout';

/**
 * What the pointer and keyboard are doing right now. It lives in a mutable ref shared by the DOM
 * handlers (which write it) and the Pixi ticker callbacks (which read it every frame), so a drag
 * moves a ship without a React render per pointer event.
 */
export interface DragState {
  readonly ship: ShipKey;
  readonly pointerId: number;
  /** Pointer offset from the ship's top-left corner when it was picked up. */
  readonly grab: Point;
  readonly start: Point;
  pointer: Point;
  /** False until the pointer travelled past the threshold: until then the press is a click. */
  dragging: boolean;
  /** Where the first cell would land, and whether the rules accept it there. */
  target: Coord;
  valid: boolean;
}

export interface ActiveEffect {
  readonly effect: Effect;
  readonly start: number;
  readonly seed: number;
}

export interface Interaction {
  drag: DragState | null;
  /** Opponent cell under the pointer, for the target highlight. */
  hover: Coord | null;
  /** Keyboard cursor on the active grid, shown while the stage has focus. */
  cursor: Coord | null;
  /** Start time of each ship's "refused" shake. */
  shakes: Map<ShipKey, number>;
  effects: ActiveEffect[];
  /** Each grid's opacity right now (below 1 while dimmed); its water is painted to match. */
  fade: Record<BoardId, number>;
  /** Set when the scene changed: the stage renders on demand, not every tick. */
  dirty: boolean;
}

export function createInteraction(): Interaction {
  return {
    drag: null,
    hover: null,
    cursor: null,
    shakes: new Map(),
    effects: [],
    fade: { player: 1, opponent: 1 },
    dirty: true,
  };
}
