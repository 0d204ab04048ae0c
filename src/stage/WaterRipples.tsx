import { useTick } from '@pixi/react';
import type { Graphics } from 'pixi.js';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { Interaction } from './interaction';
import { crests, rippleStep } from './ripples';
import './pixi';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Slow crests on one grid's water, in the grid's coordinates, under the ships. Redrawn on
 * RIPPLE_STEP_MS steps only (a redraw marks the frame dirty); still when the player asks for
 * reduced motion.
 */
export function WaterRipples({
  cell,
  seed,
  color,
  interaction,
}: {
  cell: number;
  seed: number;
  color: string;
  interaction: RefObject<Interaction>;
}) {
  const ref = useRef<Graphics>(null);
  const last = useRef(-1);
  const [still] = useState(prefersReducedMotion);
  const props = useRef({ cell, seed, color });
  props.current = { cell, seed, color };

  const paint = useCallback((g: Graphics, time: number) => {
    const { cell, seed, color } = props.current;
    g.clear();
    for (const c of crests(time, seed)) {
      // A crest is a flat arc: two short segments rising to the middle.
      const x0 = c.x * cell;
      const y0 = c.y * cell;
      const w = c.length * cell;
      g.moveTo(x0, y0)
        .lineTo(x0 + w / 2, y0 - cell * 0.06)
        .lineTo(x0 + w, y0)
        .stroke({ color, width: Math.max(1, cell * 0.035), alpha: 0.1 + 0.14 * c.strength, cap: 'round' });
    }
  }, []);

  // Size, seed or colour changed: draw at once (they reach paint through props.current).
  // biome-ignore lint/correctness/useExhaustiveDependencies: cell, seed and color are the triggers
  useEffect(() => {
    if (ref.current) paint(ref.current, still ? 0 : rippleStep(performance.now()));
    interaction.current.dirty = true;
  }, [cell, seed, color, paint, still, interaction]);

  useTick(
    useCallback(() => {
      const g = ref.current;
      if (!g || still) return;
      const step = rippleStep(performance.now());
      if (step === last.current) return;
      last.current = step;
      paint(g, step);
      interaction.current.dirty = true;
    }, [paint, still, interaction]),
  );

  return <pixiGraphics ref={ref} draw={noop} zIndex={0} />;
}

function noop(): void {}
