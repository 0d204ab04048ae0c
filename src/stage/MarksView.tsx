import type { Graphics } from 'pixi.js';
import { useCallback } from 'react';
import { type Cell, GRID_SIZE } from '../game';
import type { StageTheme } from './theme';
import { disc } from './draw';
import type { LastShotRings } from './last-shots';
import './pixi';

interface MarksViewProps {
  readonly grid: readonly (readonly Cell[])[];
  readonly cell: number;
  readonly theme: StageTheme;
  /** The last shot at this grid, ringed (last-shots.ts). */
  readonly last?: LastShotRings;
}

const NO_RINGS: LastShotRings = { cells: [], latest: false };

/**
 * Shot marks on one grid: a dot for a miss, a scorch and a cross for a hit, a tinted cell and cross
 * when sunk; a ring in the highlight colour around the last shot at the grid.
 */
export function MarksView({ grid, cell, theme, last = NO_RINGS }: MarksViewProps) {
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      const cross = (x: number, y: number) => {
        const a = cell * 0.27;
        const cx = (x + 0.5) * cell;
        const cy = (y + 0.5) * cell;
        g.moveTo(cx - a, cy - a).lineTo(cx + a, cy + a);
        g.moveTo(cx + a, cy - a).lineTo(cx - a, cy + a);
      };
      for (let y = 0; y < GRID_SIZE; y++) {
        for (let x = 0; x < GRID_SIZE; x++) {
          const code = grid[y]?.[x];
          if (code === 'M') disc(g, (x + 0.5) * cell, (y + 0.5) * cell, cell * 0.13).fill({ color: theme.miss });
          // A damaged section: a scorch on the hull under the cross. It is drawn here rather than
          // into the ship's cached texture, which would be re-rendered on every hit.
          else if (code === 'H')
            disc(g, (x + 0.5) * cell, (y + 0.5) * cell, cell * 0.3).fill({ color: theme.bg, alpha: 0.5 });
          else if (code === 'D')
            g.rect(x * cell + 1, y * cell + 1, cell - 1, cell - 1).fill({ color: theme.sunk, alpha: 0.22 });
        }
      }
      for (let y = 0; y < GRID_SIZE; y++) {
        for (let x = 0; x < GRID_SIZE; x++) {
          const code = grid[y]?.[x];
          if (code === 'H' || code === 'D') cross(x, y);
        }
      }
      g.stroke({ color: theme.hit, width: Math.max(2, cell * 0.08), cap: 'round' });
      // The last shot: a ring inside the cell, clear of the grid lines and of the mark it circles.
      for (const c of last.cells) disc(g, (c.x + 0.5) * cell, (c.y + 0.5) * cell, cell * 0.4);
      if (last.cells.length > 0)
        g.stroke({ color: theme.highlight, alpha: last.latest ? 1 : 0.55, width: Math.max(2, cell * 0.08) });
    },
    [grid, cell, theme.miss, theme.sunk, theme.hit, theme.bg, theme.highlight, last],
  );
  return <pixiGraphics draw={draw} zIndex={20} />;
}
