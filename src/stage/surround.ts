/**
 * The canvas area outside the grids, as rectangles. The stage clears to the water colour (a fast
 * fill) and paints only this frame in the page colour, instead of painting water squares through
 * the batch shader on every frame. Pure: rows are cut at the holes' edges, then each band keeps the
 * spans no hole covers.
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export function surroundRects(width: number, height: number, holes: readonly Rect[]): Rect[] {
  if (width <= 0 || height <= 0) return [];
  const cuts = [0, height, ...holes.flatMap((h) => [h.y, h.y + h.height])]
    .map((v) => Math.min(height, Math.max(0, v)))
    .sort((a, b) => a - b)
    .filter((v, i, all) => i === 0 || v !== all[i - 1]);
  const rects: Rect[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const top = cuts[i] ?? 0;
    const bottom = cuts[i + 1] ?? 0;
    const covering = holes
      .filter((h) => h.y <= top && h.y + h.height >= bottom)
      .map((h) => ({ from: Math.max(0, h.x), to: Math.min(width, h.x + h.width) }))
      .sort((a, b) => a.from - b.from);
    let x = 0;
    for (const span of covering) {
      if (span.from > x) rects.push({ x, y: top, width: span.from - x, height: bottom - top });
      x = Math.max(x, span.to);
    }
    if (x < width) rects.push({ x, y: top, width: width - x, height: bottom - top });
  }
  return rects;
}
