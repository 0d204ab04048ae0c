import { useTick } from '@pixi/react';
import type { Container, Graphics, Ticker } from 'pixi.js';
import { memo, type ReactNode, type RefObject, useCallback, useMemo, useRef } from 'react';
import { GRID_SIZE } from '../game';
import { type BoardId, LABEL_CELLS, TITLE_CELLS, type GridPlacement } from './layout';
import { labelFont } from './label-font';
import { approach } from './motion';
import type { Interaction } from './interaction';
import type { StageTheme } from './theme';
import './pixi';

interface BoardViewProps {
  readonly board: BoardId;
  readonly placement: GridPlacement;
  readonly theme: StageTheme;
  readonly title: string;
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

/** One grid: water, lines, coordinate labels and title; its children are positioned in cell space. */
export function BoardView({
  board,
  placement,
  theme,
  title,
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
    },
    [cell, size, theme.gridLine],
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

  // Stable style objects: a new one per render would re-rasterise every label on every shot.
  const titleStyle = useMemo(
    () => ({
      fill: theme.text,
      fontSize: Math.max(11, Math.round(cell * 0.4)),
      fontFamily: 'system-ui, sans-serif',
      fontWeight: '600' as const,
    }),
    [theme.text, cell],
  );
  return (
    <pixiContainer x={placement.x} y={placement.y}>
      <pixiText
        text={title}
        style={titleStyle}
        x={0}
        y={-(LABEL_CELLS + TITLE_CELLS / 2) * cell}
        anchor={{ x: 0, y: 0.5 }}
      />
      <GridLabels cell={cell} color={theme.text} resolution={resolution} />
      <pixiContainer ref={containerRef} sortableChildren>
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
