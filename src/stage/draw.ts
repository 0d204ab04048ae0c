import type { Graphics } from 'pixi.js';
import { circleSides } from './geometry';

/** A circle path with only as many sides as it needs to look round (see circleSides). */
export function disc(g: Graphics, x: number, y: number, radius: number): Graphics {
  return g.regularPoly(x, y, radius, circleSides(radius));
}
