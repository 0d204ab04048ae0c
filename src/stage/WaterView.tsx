import { useApplication, useTick } from '@pixi/react';
import { Color, type Graphics, type Renderer, RendererType, type WebGLRenderer } from 'pixi.js';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Interaction } from './interaction';
import type { BoardId, StageLayout } from './layout';
import { clearPlan, deviceBox, mix, type Rect, type Rgb, scissorBox, waterRects } from './water';
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

const rgb = (css: string): Rgb => {
  const [r = 0, g = 0, b = 0] = new Color(css).toArray();
  return [r, g, b];
};

/**
 * The page colour and the grids' water, painted with clears (see clearPlan): on a software
 * renderer, drawing these areas as shapes or a dimming veil sends every pixel through the batch
 * shader on every frame, which was the largest cost of a frame on SwiftShader. A dimmed grid's
 * water is cleared to the blend its fading would give. Other renderers (WebGPU, canvas) draw the
 * squares as shapes whose opacity follows the grid's.
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
  const colours = useMemo(() => ({ water: rgb(water), background: rgb(background) }), [water, background]);

  const clearWater = useCallback(
    (renderer: Renderer) => {
      if (renderer.type !== RendererType.WEBGL) return;
      const { gl } = renderer as WebGLRenderer;
      const fade = interaction.current.fade;
      const grids = rects.map(({ board, rect }) => ({
        box: deviceBox(rect, renderer.resolution),
        color: mix(colours.background, colours.water, fade[board]),
      }));
      const canvas = renderer.canvas;
      const plan = clearPlan(canvas, grids, colours.background);
      // Pixi's own clear opens the frame with its background colour: when that is already the
      // base, a second full clear is skipped; otherwise the base becomes it from the next frame.
      const [r, g, b] = renderer.background.colorRgba;
      if (r !== plan.base[0] || g !== plan.base[1] || b !== plan.base[2]) {
        gl.clearColor(...plan.base, 1);
        gl.clear(gl.COLOR_BUFFER_BIT);
        renderer.background.color = [...plan.base];
      }
      gl.enable(gl.SCISSOR_TEST);
      for (const { box, color } of plan.boxes) {
        const s = scissorBox(box, canvas.height);
        gl.scissor(s.x, s.y, s.width, s.height);
        gl.clearColor(...color, 1);
        gl.clear(gl.COLOR_BUFFER_BIT);
      }
      gl.disable(gl.SCISSOR_TEST);
      // Pixi skips gl.clearColor when its cached value already matches: restore what it believes.
      const cached = (renderer.renderTarget.adaptor as unknown as ClearColourCache)._clearColorCache;
      if (cached) gl.clearColor(cached[0] ?? 0, cached[1] ?? 0, cached[2] ?? 0, cached[3] ?? 0);
    },
    [rects, colours, interaction],
  );

  if (webgl) return <pixiRenderContainer render={clearWater} />;
  return (
    <>
      {rects.map(({ board, rect }) => (
        <WaterSquare key={board} board={board} rect={rect} water={water} interaction={interaction} />
      ))}
    </>
  );
}

/** One grid's water as a shape, for renderers other than WebGL; it fades with its grid. */
function WaterSquare({
  board,
  rect,
  water,
  interaction,
}: {
  board: BoardId;
  rect: Rect;
  water: string;
  interaction: RefObject<Interaction>;
}) {
  const ref = useRef<Graphics>(null);
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      g.rect(rect.x, rect.y, rect.width, rect.height).fill({ color: water });
    },
    [rect, water],
  );
  useTick(
    useCallback(() => {
      if (ref.current) ref.current.alpha = interaction.current.fade[board];
    }, [board, interaction]),
  );
  return <pixiGraphics ref={ref} draw={draw} />;
}
