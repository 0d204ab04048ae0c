import { useTick } from '@pixi/react';
import type { Container, Graphics, Ticker } from 'pixi.js';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { CLASSIC_RULES, type Coord, orientationOf, type Rules, type ShipKey } from '../game';
import type { Interaction } from './interaction';
import { approach, orientationAngle, SHAKE_MS, shakeOffset } from './motion';
import type { StageTheme } from './theme';
import { disc } from './draw';
import { type ShipShape, shipShape } from '../app/art/ship-shapes';

import './pixi';

/** `refused`: a ship the rules refuse where it lies (touching another under no-touch rules). */
export type ShipLook = 'afloat' | 'sunk' | 'refused';

/** Hull outline in stage px, around the first cell's centre (the sprite's pivot). */
function hullPoints(shape: ShipShape, cell: number): number[] {
  return shape.hull.map((v) => (v - 0.5) * cell);
}

interface ShipSpriteProps {
  readonly ship: ShipKey;
  readonly cells: readonly Coord[];
  readonly cell: number;
  /** The grid's origin on the stage: drag positions are stage coordinates, the sprite lives in the grid. */
  readonly origin: { readonly x: number; readonly y: number };
  readonly theme: StageTheme;
  readonly look: ShipLook;
  /** The fleet's rules, for the ship's class (its silhouette). */
  readonly rules?: Rules;
  readonly interaction: RefObject<Interaction>;
  /** Only the player's draft ships react to drag and shake. */
  readonly draggable?: boolean;
  readonly selected?: boolean;
}

/**
 * A ship drawn horizontally around its first cell's centre; a vertical ship is the same shape
 * turned a quarter, so a rotation animates as a real turn about the first cell (docs/game.md, The rules).
 * Position and angle glide towards the store's value every tick, which also makes a refused drop
 * slide back home.
 */
export function ShipSprite({
  ship,
  cells,
  cell,
  origin,
  theme,
  look,
  rules = CLASSIC_RULES,
  interaction,
  draggable = false,
  selected = false,
}: ShipSpriteProps) {
  const ref = useRef<Container>(null);
  const first = cells[0] ?? { x: 0, y: 0 };
  const home = useRef({ x: 0, y: 0, angle: 0 });
  home.current = {
    x: (first.x + 0.5) * cell,
    y: (first.y + 0.5) * cell,
    angle: orientationAngle(orientationOf(cells) === 'vertical'),
  };
  const placed = useRef(false);
  const originRef = useRef(origin);
  originRef.current = origin;

  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      const shape = shipShape(ship, rules);
      const sunk = look === 'sunk';
      const refused = look === 'refused';
      // A refused ship sits on a red square per cell, so it reads as refused even under its hull.
      if (refused) {
        const inset = Math.max(1, cell * 0.04);
        for (let i = 0; i < shape.length; i++)
          g.rect((i - 0.5) * cell + inset, -0.5 * cell + inset, cell - 2 * inset, cell - 2 * inset);
        g.fill({ color: theme.invalid, alpha: 0.3 });
        g.stroke({ color: theme.invalid, width: 2, alpha: 0.9 });
      }
      // The class silhouette (src/app/art/ship-shapes.ts), bow towards the last cell.
      g.poly(hullPoints(shape, cell)).fill({ color: sunk ? theme.sunk : theme.ship, alpha: sunk ? 0.9 : 1 });
      g.stroke({
        color: selected ? theme.highlight : refused ? theme.invalid : theme.shipStroke,
        width: selected || refused ? 3 : Math.max(1, cell * 0.03),
        alpha: selected || refused ? 1 : 0.8,
        join: 'round',
      });
      for (const d of shape.details) {
        if (d.kind === 'rect') g.rect((d.x - 0.5) * cell, (d.y - 0.5) * cell, d.w * cell, d.h * cell);
        else disc(g, (d.x - 0.5) * cell, (d.y - 0.5) * cell, d.r * cell);
      }
      g.fill({ color: sunk ? theme.bg : theme.shipDeck, alpha: sunk ? 0.35 : 1 });
      // A sunk hull is broken: a jagged crack across it.
      if (sunk) {
        const n = shape.length;
        const points: number[] = [];
        for (let i = 0; i <= n * 2; i++) points.push((i / 2 - 0.5) * cell, (i % 2 === 0 ? -0.08 : 0.08) * cell);
        g.poly(points, false).stroke({ color: theme.bg, width: Math.max(1.5, cell * 0.05), alpha: 0.7 });
      }
      // A redraw (selection, damage, sinking, theme, size) refreshes the cached texture; the first
      // draw happens before the container exists, and the mount effect caches it.
      if (g.parent?.isCachedAsTexture) g.parent.updateCacheTexture();
    },
    [
      ship,
      rules,
      cell,
      look,
      selected,
      theme.invalid,
      theme.ship,
      theme.sunk,
      theme.shipStroke,
      theme.highlight,
      theme.shipDeck,
      theme.bg,
    ],
  );

  // The shape is drawn once into a texture: a hull, its stroke and its hatches are a few hundred
  // triangles, which a software rasteriser (SwiftShader) pays for on every frame, while the
  // cached ship is one quad that moves, turns and shakes with its container. `draw` refreshes it.
  useEffect(() => {
    ref.current?.cacheAsTexture(true);
    interaction.current.dirty = true;
  }, [interaction]);

  const step = useCallback(
    (ticker: Ticker) => {
      const c = ref.current;
      if (!c) return;
      const target = home.current;
      const before = c.x + c.y * 7919 + c.rotation * 104729;
      if (!placed.current) {
        c.position.set(target.x, target.y);
        c.rotation = target.angle;
        placed.current = true;
      }
      const shared = interaction.current;
      const state = draggable ? shared : undefined;
      const drag = state?.drag;
      if (drag && drag.ship === ship && drag.dragging) {
        // Follow the pointer exactly while dragging: any lag feels like the ship slips.
        const o = originRef.current;
        c.position.set(drag.pointer.x - drag.grab.x - o.x + cell / 2, drag.pointer.y - drag.grab.y - o.y + cell / 2);
        c.zIndex = 10;
      } else {
        const dt = ticker.deltaMS;
        const shakeStart = state?.shakes.get(ship);
        if (state && shakeStart !== undefined) {
          const elapsed = performance.now() - shakeStart;
          if (elapsed >= SHAKE_MS) state.shakes.delete(ship);
          c.x = target.x + shakeOffset(elapsed) * cell;
        } else {
          c.x = approach(c.x, target.x, dt);
        }
        c.y = approach(c.y, target.y, dt);
        c.rotation = approach(c.rotation, target.angle, dt, 50, 0.002);
        c.zIndex = 1;
      }
      if (c.x + c.y * 7919 + c.rotation * 104729 !== before) shared.dirty = true;
    },
    [cell, interaction, ship, draggable],
  );
  useTick(step);

  return (
    <pixiContainer ref={ref}>
      <pixiGraphics draw={draw} />
    </pixiContainer>
  );
}
