import { useTick } from '@pixi/react';
import type { Container, Graphics, Ticker } from 'pixi.js';
import { memo, type ReactNode, type RefObject, useCallback, useMemo, useRef } from 'react';
import { GRID_SIZE } from '../game';
import { type BoardId, LABEL_CELLS, type GridPlacement } from './layout';
import { labelFont } from './label-font';
import { approach } from './motion';
import type { Interaction } from './interaction';
import type { StageTheme } from './theme';
import { WaterRipples } from './WaterRipples';
import './pixi';

interface BoardViewProps {
  readonly board: BoardId;
  readonly placement: GridPlacement;
  readonly theme: StageTheme;
  /** The grid the player acts on now: a frame in the highlight colour around it. */
  readonly active: boolean;
  /** The opponent grid looks disabled when it is not the player's turn. */
  readonly dimmed: boolean;
  readonly interaction: RefObject<Interaction>;
  /** Device pixel ratio, for labels as crisp as the canvas. */
  readonly resolution: number;
  /** Ships, marks and effects, drawn in the grid's own coordinates (A1's corner at 0,0). */
  readonly children?: ReactNode;
}

const COLUMNS = Array.from({ length: GRID_SIZE }, (_, i) => String.fromCharCode(65 + i));
const ROWS = Array.from({ length: GRID_SIZE }, (_, i) => String(i + 1));

/** One grid: water, lines and coordinate labels (the title is HTML, BoardHeader); children are in cell space. */
export function BoardView({
  board,
  placement,
  theme,
  active,
  dimmed,
  interaction,
  resolution,
  children,
}: BoardViewProps) {
  const { cell } = placement;
  const size = cell * GRID_SIZE;
  const containerRef = useRef<Container>(null);
  const targetAlpha = dimmed ? 0.55 : 1;
  const target = useRef(targetAlpha);
  target.current = targetAlpha;

  const drawGrid = useCallback(
    (g: Graphics) => {
      g.clear();
      // The water itself is cleared by WaterView; only the lines are drawn here, as 1 px wide
      // rectangles on whole pixels: two triangles each, where a stroked segment takes several
      // (every triangle has a set-up cost on a software renderer).
      for (let i = 0; i <= GRID_SIZE; i++) {
        const p = Math.round(i * cell);
        g.rect(p, 0, 1, size + 1);
        g.rect(0, p, size + 1, 1);
      }
      g.fill({ color: theme.gridLine });
      if (active) {
        // A 3 px frame just outside the grid, as four bars (cheaper than a stroke with joins).
        g.rect(-4, -4, size + 9, 3).rect(-4, size + 2, size + 9, 3);
        g.rect(-4, -1, 3, size + 3).rect(size + 2, -1, 3, size + 3);
        g.fill({ color: theme.highlight });
      }
    },
    [cell, size, theme.gridLine, theme.highlight, active],
  );

  // The disabled look fades in and out rather than blinking when the turn changes.
  // The water is not in the faded container: WaterView paints it from the grid's opacity.
  const fade = useCallback(
    (ticker: Ticker) => {
      const c = containerRef.current;
      if (c && c.alpha !== target.current) {
        c.alpha = approach(c.alpha, target.current, ticker.deltaMS, 80, 0.005);
        interaction.current.dirty = true;
      }
      if (c) interaction.current.fade[board] = c.alpha;
    },
    [board, interaction],
  );
  useTick(fade);

  return (
    <pixiContainer x={placement.x} y={placement.y}>
      {/* Keyed by colour: a bitmap label given a new fill kept its old tint after a theme switch. */}
      <GridLabels key={theme.text} cell={cell} color={theme.text} resolution={resolution} />
      <pixiContainer ref={containerRef} sortableChildren>
        {false && (
          <WaterRipples cell={cell} seed={board === 'opponent' ? 1 : 2} color={theme.miss} interaction={interaction} />
        )}
        <pixiGraphics draw={drawGrid} />
        {children}
      </pixiContainer>
    </pixiContainer>
  );
}

/**
 * The column letters and row numbers, memoised: a shot re-renders the board (dimming, marks) but
 * never its twenty labels.
 */
const GridLabels = memo(function GridLabels({
  cell,
  color,
  resolution,
}: {
  cell: number;
  color: string;
  resolution: number;
}) {
  const size = Math.max(9, Math.round(cell * 0.32));
  const style = useMemo(
    () => ({ fill: color, fontSize: size, fontFamily: labelFont(size, resolution) }),
    [color, size, resolution],
  );
  return (
    <>
      {COLUMNS.map((label, i) => (
        <pixiBitmapText
          key={label}
          text={label}
          style={style}
          x={(i + 0.5) * cell}
          y={-(LABEL_CELLS / 2) * cell}
          anchor={0.5}
        />
      ))}
      {ROWS.map((label, i) => (
        <pixiBitmapText
          key={label}
          text={label}
          style={style}
          x={-(LABEL_CELLS / 2) * cell}
          y={(i + 0.5) * cell}
          anchor={0.5}
        />
      ))}
    </>
  );
});
