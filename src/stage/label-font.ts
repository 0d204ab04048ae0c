import { BitmapFontManager } from 'pixi.js';

/** Every character a grid's coordinate labels use: columns A–J, rows 1–10. */
const LABEL_CHARS = 'ABCDEFGHIJ0123456789';
const installed = new Set<string>();

/**
 * The bitmap font the coordinate labels are set in, rasterised once per size and resolution
 * (crisp on high-DPI screens) in white so the theme's colour tints it. Twenty labels a grid then
 * draw as quads of one atlas texture, in one batch, where a Text each took a texture of its own and
 * a draw call per few labels: about a third of a frame on a software renderer.
 */
export function labelFont(fontSize: number, resolution: number): string {
  const name = `broadside-labels-${fontSize}@${resolution}`;
  if (!installed.has(name)) {
    BitmapFontManager.install({
      name,
      style: { fontFamily: 'system-ui, sans-serif', fontSize, fill: 0xffffff },
      chars: LABEL_CHARS,
      resolution,
    });
    installed.add(name);
  }
  return name;
}
