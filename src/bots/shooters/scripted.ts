import type { Coord } from '../../game';
import type { ShotStrategy } from '../types';

/**
 * Fires a fixed list of shots in order, then falls back to `fallback`. Still a pure function of
 * the view: every shot reveals exactly one cell (M or H, later D), so the number of cells that
 * are not E is the number of shots already fired.
 */
export function scriptedShooter(shots: readonly Coord[], fallback: ShotStrategy): ShotStrategy {
  return {
    name: 'scripted',
    description: `the ${shots.length} shots of a script, then ${fallback.name}`,
    nextShot(view, rng) {
      const fired = view.grid.reduce((n, row) => n + row.filter((c) => c !== 'E').length, 0);
      return shots[fired] ?? fallback.nextShot(view, rng);
    },
  };
}
