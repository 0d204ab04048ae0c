import { GRID_SIZE } from '../game';
import type { StageLayout } from './layout';

/** A rectangle in CSS pixels of the stage, origin at its top-left. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The grids' water areas: one square per grid shown. */
export function waterRects(layout: Pick<StageLayout, 'player' | 'opponent'>): Rect[] {
  return [layout.player, layout.opponent]
    .filter((p) => p !== null)
    .map((p) => ({ x: p.x, y: p.y, width: p.cell * GRID_SIZE, height: p.cell * GRID_SIZE }));
}

/**
 * The same rectangles as WebGL scissor boxes: device pixels, origin at the canvas' bottom-left.
 * Edges are rounded once, so two boxes that touch in CSS pixels still touch on the device.
 */
export function scissorBoxes(rects: readonly Rect[], canvasHeight: number, resolution: number): Rect[] {
  return rects.map((r) => {
    const left = Math.round(r.x * resolution);
    const right = Math.round((r.x + r.width) * resolution);
    const top = Math.round(r.y * resolution);
    const bottom = Math.round((r.y + r.height) * resolution);
    return { x: left, y: canvasHeight - bottom, width: right - left, height: bottom - top };
  });
}
