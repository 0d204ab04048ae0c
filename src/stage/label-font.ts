import { BitmapFontManager, Cache } from 'pixi.js';

/** Every character a grid's coordinate labels use: columns A–J, rows 1–10. */
const LABEL_CHARS = 'ABCDEFGHIJ0123456789';

/**
 * The bitmap font the coordinate labels are set in, rasterised once per size and resolution
 * (crisp on high-DPI screens) in white so the theme's colour tints it. Twenty labels a grid then
 * draw as quads of one atlas texture, in one batch, where a Text each took a texture of its own and
 * a draw call per few labels: about a third of a frame on a software renderer.
 */
export function labelFont(fontSize: number, resolution: number): string {
  const name = `broadside-labels-${fontSize}@${resolution}`;
  // Pixi keeps installed fonts in its asset cache under this key (and drops them there if destroyed).
  if (!Cache.has(`${name}-bitmap`)) {
    BitmapFontManager.install({
      name,
      style: { fontFamily: 'system-ui, sans-serif', fontSize, fill: 0xffffff },
      chars: LABEL_CHARS,
      resolution,
    });
  }
  return name;
}
