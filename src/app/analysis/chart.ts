/*
 * The geometry of the small charts of analysis (grades over a game, accuracy and shots to win over
 * time): values placed in a box of the given size, as plain numbers an SVG draws.
 */

export interface ChartBox {
  readonly width: number;
  readonly height: number;
  /** Room kept on every side for the markers. */
  readonly pad: number;
  /** The value at the bottom and at the top of the box. */
  readonly min: number;
  readonly max: number;
}

export interface ChartPoint {
  readonly x: number;
  readonly y: number;
}

/**
 * Places `count` slots evenly across the box (one in the middle when there is one) and a value
 * at its height, clamped to the box; `slot` is the value's place among the slots.
 */
export function placeValue(box: ChartBox, count: number, slot: number, value: number): ChartPoint {
  const inner = box.width - 2 * box.pad;
  const x = count <= 1 ? box.width / 2 : box.pad + (inner * slot) / (count - 1);
  const span = box.max - box.min || 1;
  const share = Math.max(0, Math.min(1, (value - box.min) / span));
  const y = box.pad + (box.height - 2 * box.pad) * (1 - share);
  return { x: round(x), y: round(y) };
}

/** An SVG path through the points in order ("M x y L x y …"), empty for none. */
export function linePath(points: readonly ChartPoint[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
}

/** A range that holds every value with a little room, for charts whose values have no fixed bounds. */
export function valueRange(values: readonly number[], floor = 0): { min: number; max: number } {
  if (values.length === 0) return { min: floor, max: floor + 1 };
  const low = Math.min(...values);
  const high = Math.max(...values);
  const room = Math.max(1, (high - low) * 0.1);
  return { min: Math.max(floor, Math.floor(low - room)), max: Math.ceil(high + room) };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
