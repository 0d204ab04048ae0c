import { GRID_SIZE } from '../game';
import type { BoardId, StageLayout } from './layout';

/** A rectangle in CSS pixels of the stage, or in device pixels for a box; origin at the top-left. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A colour as red, green, blue in 0..1, the way WebGL's clearColor takes it. */
export type Rgb = readonly [number, number, number];

/** The grids' water areas: one square per grid shown. */
export function waterRects(layout: Pick<StageLayout, 'player' | 'opponent'>): { board: BoardId; rect: Rect }[] {
  return (['player', 'opponent'] as const).flatMap((board) => {
    const p = layout[board];
    return p ? [{ board, rect: { x: p.x, y: p.y, width: p.cell * GRID_SIZE, height: p.cell * GRID_SIZE } }] : [];
  });
}

/**
 * A CSS rectangle in device pixels, still counted from the top-left. Edges are rounded once, so
 * two rectangles that touch in CSS pixels still touch on the device.
 */
export function deviceBox(r: Rect, resolution: number): Rect {
  const left = Math.round(r.x * resolution);
  const right = Math.round((r.x + r.width) * resolution);
  const top = Math.round(r.y * resolution);
  const bottom = Math.round((r.y + r.height) * resolution);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A device box as a WebGL scissor box, whose origin is the canvas' bottom-left corner. */
export function scissorBox(box: Rect, canvasHeight: number): Rect {
  return { ...box, y: canvasHeight - box.y - box.height };
}

/**
 * What a `width`×`height` canvas leaves uncovered by `boxes` (which must not overlap), as
 * rectangles that do not overlap either: cut into bands at every box edge, the gaps of each band,
 * with a gap merged into the one above it when they line up.
 */
export function uncovered(width: number, height: number, boxes: readonly Rect[]): Rect[] {
  const inside = boxes
    .map((b) => {
      const x = Math.max(0, b.x);
      const y = Math.max(0, b.y);
      return { x, y, right: Math.min(width, b.x + b.width), bottom: Math.min(height, b.y + b.height) };
    })
    .filter((b) => b.right > b.x && b.bottom > b.y);
  const edges = [...new Set([0, height, ...inside.flatMap((b) => [b.y, b.bottom])])].sort((a, b) => a - b);
  const out: { x: number; y: number; width: number; height: number }[] = [];
  let above: typeof out = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const top = edges[i] ?? 0;
    const bottom = edges[i + 1] ?? 0;
    const spans = inside.filter((b) => b.y <= top && b.bottom >= bottom).sort((a, b) => a.x - b.x);
    const band: typeof out = [];
    let x = 0;
    for (const s of [...spans, { x: width, right: width }]) {
      if (s.x > x) {
        const merged = above.find((r) => r.x === x && r.width === s.x - x && r.y + r.height === top);
        if (merged) {
          merged.height = bottom - merged.y;
          band.push(merged);
        } else {
          const gap = { x, y: top, width: s.x - x, height: bottom - top };
          out.push(gap);
          band.push(gap);
        }
      }
      x = Math.max(x, s.right);
    }
    above = band;
  }
  return out;
}

/** `to` seen through `from` at opacity `alpha`: what drawing `to` at that alpha over `from` gives. */
export function mix(from: Rgb, to: Rgb, alpha: number): Rgb {
  return [
    from[0] + (to[0] - from[0]) * alpha,
    from[1] + (to[1] - from[1]) * alpha,
    from[2] + (to[2] - from[2]) * alpha,
  ];
}

export interface ClearPlan {
  /** The colour the whole canvas is cleared to first. */
  readonly base: Rgb;
  /** Device boxes (top-left origin) cleared again to their own colour, through a scissor. */
  readonly boxes: readonly { readonly box: Rect; readonly color: Rgb }[];
}

/**
 * How to paint the page colour and each grid's water with clears. A clear of the whole canvas is
 * nearly free on a software renderer while a scissored one costs about as much as drawing the same
 * pixels, so the colour that covers the most device pixels is the full clear and only the others
 * are scissored: the space around the grids, and a grid whose water differs (a dimmed one).
 */
export function clearPlan(
  canvas: { readonly width: number; readonly height: number },
  grids: readonly { readonly box: Rect; readonly color: Rgb }[],
  background: Rgb,
): ClearPlan {
  const regions = [
    ...grids,
    ...uncovered(
      canvas.width,
      canvas.height,
      grids.map((g) => g.box),
    ).map((box) => ({ box, color: background })),
  ];
  const area = new Map<string, { color: Rgb; pixels: number }>();
  for (const r of regions) {
    const key = r.color.join();
    const entry = area.get(key) ?? { color: r.color, pixels: 0 };
    entry.pixels += r.box.width * r.box.height;
    area.set(key, entry);
  }
  let base = background;
  let most = -1;
  for (const { color, pixels } of area.values()) {
    if (pixels > most) {
      most = pixels;
      base = color;
    }
  }
  const key = base.join();
  return { base, boxes: regions.filter((r) => r.color.join() !== key) };
}
