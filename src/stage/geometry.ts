import { type Coord, GRID_SIZE, type Orientation } from '../game';
import type { GridPlacement } from './layout';

/** Pointer and drag geometry, pure: CSS px in, cells out (and back). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The cell under a point, or null outside the grid. */
export function pointToCell(grid: GridPlacement, p: Point): Coord | null {
  const x = Math.floor((p.x - grid.x) / grid.cell);
  const y = Math.floor((p.y - grid.y) / grid.cell);
  return x >= 0 && x < GRID_SIZE && y >= 0 && y < GRID_SIZE ? { x, y } : null;
}

/** The top-left corner of a cell, in CSS px. */
export function cellToPoint(grid: GridPlacement, c: Coord): Point {
  return { x: grid.x + c.x * grid.cell, y: grid.y + c.y * grid.cell };
}

/** The centre of a cell, in CSS px. */
export function cellCenter(grid: GridPlacement, c: Coord): Point {
  return { x: grid.x + (c.x + 0.5) * grid.cell, y: grid.y + (c.y + 0.5) * grid.cell };
}

/**
 * Where a dragged ship's first cell snaps to. `grab` is the pointer's offset from the ship's
 * top-left corner when the drag began, so the ship keeps the spot the player took it by.
 * The answer may lie outside the grid: the caller shows it as an invalid ghost.
 */
export function snapFirstCell(grid: GridPlacement, pointer: Point, grab: Point): Coord {
  return {
    x: Math.round((pointer.x - grab.x - grid.x) / grid.cell),
    y: Math.round((pointer.y - grab.y - grid.y) / grid.cell),
  };
}

/** A press becomes a drag once the pointer travelled this far: below it, the press is a click (rotate). */
export function dragThreshold(cell: number): number {
  return Math.max(5, cell * 0.15);
}

export function isDrag(from: Point, to: Point, cell: number): boolean {
  return Math.hypot(to.x - from.x, to.y - from.y) > dragThreshold(cell);
}

/** The cells a ship of `length` would cover from `start`; used for the ghost. */
export function runCells(start: Coord, length: number, orientation: Orientation): Coord[] {
  return Array.from({ length }, (_, i) =>
    orientation === 'horizontal' ? { x: start.x + i, y: start.y } : { x: start.x, y: start.y + i },
  );
}

/** Converts a client (viewport) point into canvas CSS px given the canvas's bounding rectangle. */
export function clientToStage(client: Point, rect: { left: number; top: number }): Point {
  return { x: client.x - rect.left, y: client.y - rect.top };
}

/**
 * How many sides a polygon needs to pass for a circle of `radius` pixels: no edge strays more
 * than `tolerance` pixels inside the true circle. Pixi tessellates circles with about 3.5× more
 * points than that, and every triangle costs on a software rasteriser.
 */
export function circleSides(radius: number, tolerance = 0.25): number {
  if (!(radius > tolerance)) return 6;
  return Math.min(64, Math.max(6, Math.ceil(Math.PI / Math.acos(1 - tolerance / radius))));
}
