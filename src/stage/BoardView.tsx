import { useTick } from '@pixi/react';
import type { Container, Graphics, Ticker } from 'pixi.js';
import { type ReactNode, type RefObject, useCallback, useMemo, useRef } from 'react';
import { GRID_SIZE } from '../game';
import { LABEL_CELLS, TITLE_CELLS, type GridPlacement } from './layout';
import { approach } from './motion';
import type { Interaction } from './interaction';
import type { StageTheme } from './theme';
import './pixi';

interface BoardViewProps {
  readonly placement: GridPlacement;
  readonly theme: StageTheme;
  readonly title: string;
  /** The opponent grid looks disabled when it is not the player's turn. */
  readonly dimmed: boolean;
  readonly interaction: RefObject<Interaction>;
  /** Ships, marks and effects, drawn in the grid's own coordinates (A1's corner at 0,0). */
  readonly children?: ReactNode;
}

const COLUMNS = Array.from({ length: GRID_SIZE }, (_, i) => String.fromCharCode(65 + i));
const ROWS = Array.from({ length: GRID_SIZE }, (_, i) => String(i + 1));

/** One grid: water, lines, coordinate labels and title; its children are positioned in cell space. */
export function BoardView({ placement, theme, title, dimmed, interaction, children }: BoardViewProps) {
  const { cell } = placement;
  const size = cell * GRID_SIZE;
  const containerRef = useRef<Container>(null);
  const veilRef = useRef<Graphics>(null);
  const targetAlpha = dimmed ? 0.55 : 1;
  const target = useRef(targetAlpha);
  target.current = targetAlpha;

  const drawGrid = useCallback(
    (g: Graphics) => {
      g.clear();
      // The water itself is the canvas' clear colour (Scene); only the lines are drawn here.
      // Half-pixel offsets put 1 px lines on whole device pixels at 1× and stay sharp above it.
      for (let i = 0; i <= GRID_SIZE; i++) {
        const p = Math.round(i * cell) + 0.5;
        g.moveTo(p, 0.5).lineTo(p, size + 0.5);
        g.moveTo(0.5, p).lineTo(size + 0.5, p);
      }
      g.stroke({ color: theme.gridLine, width: 1 });
    },
    [cell, size, theme.gridLine],
  );

  // The water is the clear colour, outside the faded container: a veil of the page colour at the
  // complementary alpha gives exactly the blend a faded water square would, and costs nothing when
  // the grid is not dimmed (it is hidden then).
  const drawVeil = useCallback(
    (g: Graphics) => {
      g.clear();
      g.rect(0, 0, size, size).fill({ color: theme.bg });
    },
    [size, theme.bg],
  );

  // The disabled look fades in and out rather than blinking when the turn changes.
  const fade = useCallback(
    (ticker: Ticker) => {
      const c = containerRef.current;
      const veil = veilRef.current;
      if (c && c.alpha !== target.current) {
        c.alpha = approach(c.alpha, target.current, ticker.deltaMS, 80, 0.005);
        interaction.current.dirty = true;
      }
      if (c && veil) {
        veil.alpha = 1 - c.alpha;
        veil.visible = c.alpha < 1;
      }
    },
    [interaction],
  );
  useTick(fade);

  // Stable style objects: a new one per render would re-rasterise every label on every shot.
  const labelStyle = useMemo(
    () => ({ fill: theme.text, fontSize: Math.max(9, Math.round(cell * 0.32)), fontFamily: 'system-ui, sans-serif' }),
    [theme.text, cell],
  );
  const titleStyle = useMemo(
    () => ({ ...labelStyle, fontSize: Math.max(11, Math.round(cell * 0.4)), fontWeight: '600' as const }),
    [labelStyle, cell],
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
      {COLUMNS.map((label, i) => (
        <pixiText
          key={label}
          text={label}
          style={labelStyle}
          x={(i + 0.5) * cell}
          y={-(LABEL_CELLS / 2) * cell}
          anchor={0.5}
        />
      ))}
      {ROWS.map((label, i) => (
        <pixiText
          key={label}
          text={label}
          style={labelStyle}
          x={-(LABEL_CELLS / 2) * cell}
          y={(i + 0.5) * cell}
          anchor={0.5}
        />
      ))}
      <pixiGraphics ref={veilRef} draw={drawVeil} visible={false} />
      <pixiContainer ref={containerRef} sortableChildren>
        <pixiGraphics draw={drawGrid} />
        {children}
      </pixiContainer>
    </pixiContainer>
  );
}
