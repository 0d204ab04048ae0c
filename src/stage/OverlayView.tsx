import { useTick } from '@pixi/react';
import type { Graphics } from 'pixi.js';
import { type RefObject, useCallback, useRef } from 'react';
import { type Coord, GRID_SIZE, orientationOf, type ShipMap } from '../game';
import { runCells } from './geometry';
import type { Interaction } from './interaction';
import type { BoardId } from './layout';
import { explosionFrame, flameFrame, progress, splashFrame, turnPulse } from './motion';
import type { StageTheme } from './theme';
import { disc } from './draw';
import './pixi';

interface OverlayViewProps {
  readonly board: BoardId;
  readonly cell: number;
  readonly theme: StageTheme;
  readonly interaction: RefObject<Interaction>;
  /** The draft fleet, for the drag ghost (own grid in placement only). */
  readonly draft: ShipMap | null;
  /** Whether the pointer/keyboard target highlight is shown (opponent grid, on the player's turn). */
  readonly targeting: boolean;
  /** Keyboard cursor shown on this grid, if the focus is on it. */
  readonly showCursor: boolean;
  /** Salvo: cells aimed at this turn, marked until the salvo is fired. */
  readonly aim?: readonly Coord[] | undefined;
}

/**
 * Everything that changes frame by frame on one grid — drag ghost, target highlight, keyboard
 * cursor, shot effects — drawn into one Graphics from the interaction ref. Nothing here goes
 * through React state; a frame with nothing to show is drawn once and then skipped.
 */
export function OverlayView({
  board,
  cell,
  theme,
  interaction,
  draft,
  targeting,
  showCursor,
  aim = NO_AIM,
}: OverlayViewProps) {
  const ref = useRef<Graphics>(null);
  const idle = useRef(false);
  const props = useRef({ board, cell, theme, draft, targeting, showCursor, aim });
  props.current = { board, cell, theme, draft, targeting, showCursor, aim };
  idle.current = false;

  const step = useCallback(() => {
    const g = ref.current;
    if (!g) return;
    const { board, cell, theme, draft, targeting, showCursor, aim } = props.current;
    const state = interaction.current;
    const now = performance.now();
    const mine = state.effects.filter((e) => effectBoard(e.effect) === board);
    const drag = board === 'player' && draft ? state.drag : null;
    const hover = targeting ? state.hover : null;
    const cursor = showCursor ? state.cursor : null;
    const busy = mine.length > 0 || (drag?.dragging ?? false) || hover !== null || cursor !== null;
    if (!busy && idle.current) return;
    g.clear();
    idle.current = !busy;
    state.dirty = true;

    const square = (c: Coord, color: string, alpha: number, width: number) =>
      g
        .rect(c.x * cell + width / 2, c.y * cell + width / 2, cell - width, cell - width)
        .stroke({ color, alpha, width });

    if (drag?.dragging && draft) {
      const cells = runCells(drag.target, draft[drag.ship]?.length ?? 0, orientationOf(draft[drag.ship] ?? []));
      const color = drag.valid ? theme.highlight : theme.invalid;
      for (const c of cells) {
        g.rect(c.x * cell, c.y * cell, cell, cell).fill({ color, alpha: 0.28 });
        square(c, color, 0.9, 2);
      }
    }
    if (hover) {
      g.rect(hover.x * cell, hover.y * cell, cell, cell).fill({ color: theme.highlight, alpha: 0.22 });
      square(hover, theme.highlight, 0.9, 2);
    }
    for (const c of aim) drawAim(g, c, cell, theme.highlight);
    if (cursor) square(cursor, theme.highlight, 1, 3);

    for (const active of mine) {
      const elapsed = now - active.start;
      // A salvo's later shots wait for their beat (shot-beats.ts).
      if (elapsed < 0) continue;
      const e = active.effect;
      if (e.kind === 'splash') {
        const f = splashFrame(elapsed);
        disc(g, (e.cell.x + 0.5) * cell, (e.cell.y + 0.5) * cell, f.radius * cell).stroke({
          color: theme.miss,
          alpha: f.alpha,
          width: 2,
        });
      } else if (e.kind === 'explosion') {
        const f = explosionFrame(elapsed);
        disc(g, (e.cell.x + 0.5) * cell, (e.cell.y + 0.5) * cell, f.radius * cell).fill({
          color: theme.hit,
          alpha: f.alpha * 0.8,
        });
        disc(g, (e.cell.x + 0.5) * cell, (e.cell.y + 0.5) * cell, f.radius * cell * 0.5).fill({
          color: theme.highlight,
          alpha: f.alpha,
        });
      } else if (e.kind === 'sunk') {
        e.cells.forEach((c, i) => {
          const f = flameFrame(elapsed, active.seed + i);
          disc(g, (c.x + 0.5) * cell, (c.y + 0.45) * cell, f.radius * cell).fill({ color: theme.hit, alpha: f.alpha });
          disc(g, (c.x + 0.5) * cell, (c.y + 0.5) * cell, f.radius * cell * 0.5).fill({
            color: theme.highlight,
            alpha: f.alpha,
          });
        });
      } else if (e.kind === 'turn' && board === 'opponent') {
        // Only the grid the player now acts on glows (issue #13: one signal, never two frames).
        const a = turnPulse(elapsed);
        // A 4 px frame around the grid as four filled bars: a stroke of the same rectangle is
        // triangulated with joins, which costs a software rasteriser several times more.
        const size = cell * GRID_SIZE;
        g.rect(-5, -5, size + 10, 4).rect(-5, size + 1, size + 10, 4);
        g.rect(-5, -1, 4, size + 2).rect(size + 1, -1, 4, size + 2);
        g.fill({ color: theme.highlight, alpha: a });
      }
    }
    // Finished effects leave the list here, the one place that knows their timing.
    state.effects = state.effects.filter((a) => progress(a.effect.kind, now - a.start) < 1);
  }, [interaction]);
  useTick(step);

  // Its own render group: redrawing this Graphics every frame then re-batches only itself, not
  // the grids, labels and marks around it (the costly part on software WebGL).
  return (
    <pixiContainer isRenderGroup zIndex={30}>
      <pixiGraphics ref={ref} draw={noop} />
    </pixiContainer>
  );
}

function noop(): void {}

const NO_AIM: readonly Coord[] = [];

/** An aimed cell: a filled square with a gunsight (ring and cross), clear of the cell's edges. */
function drawAim(g: Graphics, c: Coord, cell: number, color: string): void {
  const cx = (c.x + 0.5) * cell;
  const cy = (c.y + 0.5) * cell;
  const r = cell * 0.3;
  const w = Math.max(2, cell * 0.07);
  g.rect(c.x * cell + 1, c.y * cell + 1, cell - 2, cell - 2).fill({ color, alpha: 0.18 });
  disc(g, cx, cy, r).stroke({ color, alpha: 1, width: w });
  g.rect(cx - w / 2, cy - r * 1.45, w, r * 0.75)
    .rect(cx - w / 2, cy + r * 0.7, w, r * 0.75)
    .rect(cx - r * 1.45, cy - w / 2, r * 0.75, w)
    .rect(cx + r * 0.7, cy - w / 2, r * 0.75, w)
    .fill({ color, alpha: 1 });
}

/** Which grid an effect plays on; a turn change glows on the grid that now matters. */
export function effectBoard(effect: { kind: string; board?: BoardId; mine?: boolean }): BoardId {
  if (effect.board) return effect.board;
  return effect.mine ? 'opponent' : 'player';
}
