import { useApplication } from '@pixi/react';
import { Color, type Graphics, type Renderer, RendererType, type WebGLRenderer } from 'pixi.js';
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import type { Interaction } from './interaction';
import type { StageLayout } from './layout';
import { scissorBoxes, waterRects } from './water';
import './pixi';

interface WaterViewProps {
  readonly layout: StageLayout;
  readonly water: string;
  readonly background: string;
  readonly interaction: RefObject<Interaction>;
}

/** Where Pixi keeps the clear colour it last gave WebGL, to put it back after ours. */
interface ClearColourCache {
  readonly _clearColorCache?: readonly number[];
}

/**
 * The page colour and the grids' water. The canvas clears to the page colour, then each grid's
 * square is cleared again to the water colour through a scissor box. Clears are fast fills even on
 * a software renderer, where drawing the same areas as shapes sends every pixel through the batch
 * shader on every frame: on SwiftShader that was the largest cost of a frame. Other renderers
 * (WebGPU, canvas) draw the squares as shapes.
 */
export function WaterView({ layout, water, background, interaction }: WaterViewProps) {
  const { app, isInitialised } = useApplication();
  const [webgl, setWebgl] = useState(false);
  useEffect(() => {
    if (!isInitialised) return;
    app.renderer.background.color = background;
    app.renderer.background.alpha = 1;
    setWebgl(app.renderer.type === RendererType.WEBGL);
    interaction.current.dirty = true;
  }, [app, isInitialised, background, interaction]);

  const rects = useMemo(() => waterRects(layout), [layout]);
  const rgba = useMemo(() => new Color(water).toArray(), [water]);

  const clearWater = useCallback(
    (renderer: Renderer) => {
      if (renderer.type !== RendererType.WEBGL) return;
      const { gl } = renderer as WebGLRenderer;
      gl.enable(gl.SCISSOR_TEST);
      gl.clearColor(rgba[0] ?? 0, rgba[1] ?? 0, rgba[2] ?? 0, 1);
      for (const box of scissorBoxes(rects, renderer.canvas.height, renderer.resolution)) {
        gl.scissor(box.x, box.y, box.width, box.height);
        gl.clear(gl.COLOR_BUFFER_BIT);
      }
      gl.disable(gl.SCISSOR_TEST);
      // Pixi skips gl.clearColor when its cached value already matches: restore what it believes.
      const cached = (renderer.renderTarget.adaptor as unknown as ClearColourCache)._clearColorCache;
      if (cached) gl.clearColor(cached[0] ?? 0, cached[1] ?? 0, cached[2] ?? 0, cached[3] ?? 0);
    },
    [rects, rgba],
  );

  const drawWater = useCallback(
    (g: Graphics) => {
      g.clear();
      for (const r of rects) g.rect(r.x, r.y, r.width, r.height);
      g.fill({ color: water });
    },
    [rects, water],
  );

  return webgl ? <pixiRenderContainer render={clearWater} /> : <pixiGraphics draw={drawWater} />;
}
