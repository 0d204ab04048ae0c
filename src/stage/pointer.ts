import { moveShip, type Coord, type GameStatus, sameCoord, shipAt, type ShipKey, type ShipMap } from '../game';
import { isDrag, type Point, pointToCell, snapFirstCell } from './geometry';
import type { DragState } from './interaction';
import type { GridPlacement } from './layout';

/**
 * The pointer on the stage, pure: where a press picks up a ship, where a drag would drop it and
 * whether the rules accept it there, what a release means, which cell a click aims at. The
 * component turns DOM events into points (geometry.ts) and carries out what comes back.
 */

/** A press on a ship of the fleet being arranged picks it up; elsewhere nothing happens. */
export function pressShip(grid: GridPlacement, p: Point, fleet: ShipMap, pointerId: number): DragState | null {
  const cell = pointToCell(grid, p);
  const ship = cell ? shipAt(fleet, cell) : undefined;
  const first = ship ? fleet[ship]?.[0] : undefined;
  if (!ship || !first) return null;
  return {
    ship,
    pointerId,
    grab: { x: p.x - (grid.x + first.x * grid.cell), y: p.y - (grid.y + first.y * grid.cell) },
    start: p,
    pointer: p,
    dragging: false,
    target: first,
    valid: true,
  };
}

/**
 * The pointer moved to `p`: past the threshold the press becomes a drag, and the ship's first cell
 * snaps to the cell under it, marked valid where a move there is legal (or is its own cell).
 */
export function dragTo(drag: DragState, grid: GridPlacement, p: Point, fleet: ShipMap): DragState {
  const dragging = drag.dragging || isDrag(drag.start, p, grid.cell);
  if (!dragging) return { ...drag, pointer: p };
  const target = snapFirstCell(grid, p, drag.grab);
  if (sameCoord(target, drag.target) && drag.valid) return { ...drag, pointer: p, dragging };
  const home = fleet[drag.ship]?.[0];
  const valid = (home !== undefined && sameCoord(home, target)) || moveShip(fleet, drag.ship, target).ok;
  return { ...drag, pointer: p, dragging, target, valid };
}

export type Release =
  | { readonly kind: 'none' }
  | { readonly kind: 'move'; readonly ship: ShipKey; readonly to: Coord }
  | { readonly kind: 'rotate'; readonly ship: ShipKey };

/** A press released without a drag rotates the ship; a drag ending off its own cell moves it. */
export function release(drag: DragState, fleet: ShipMap): Release {
  if (!drag.dragging) return { kind: 'rotate', ship: drag.ship };
  const home = fleet[drag.ship]?.[0];
  if (home && sameCoord(home, drag.target)) return { kind: 'none' };
  return { kind: 'move', ship: drag.ship, to: drag.target };
}

/** The opponent's cell under the pointer, highlighted as a target on this player's turn when not yet shot. */
export function hoverTarget(
  grid: GridPlacement,
  p: Point,
  opponentBoats: readonly (readonly string[])[],
  myTurn: boolean,
): Coord | null {
  if (!myTurn) return null;
  const cell = pointToCell(grid, p);
  return cell && opponentBoats[cell.y]?.[cell.x] === 'E' ? cell : null;
}

/** The opponent's cell a click aims at, in play; whether a shot may leave is the app's to say. */
export function clickTarget(grid: GridPlacement, p: Point, status: GameStatus | null): Coord | null {
  return status === 'PLAY' ? pointToCell(grid, p) : null;
}
