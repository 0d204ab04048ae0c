import { type Coord, coordOf, type Rng } from '../game';

/**
 * The cell with the highest score among `cells`, ties broken uniformly with `rng` (so a bot does
 * not always open in the same corner, yet replays exactly for a seed).
 */
export function argmax(cells: readonly number[], score: ArrayLike<number>, rng: Rng): Coord {
  let best = Number.NEGATIVE_INFINITY;
  let chosen = -1;
  let ties = 0;
  for (const c of cells) {
    const s = score[c] ?? 0;
    if (s > best) {
      best = s;
      chosen = c;
      ties = 1;
    } else if (s === best) {
      ties++;
      // Reservoir choice: the k-th tie replaces the current pick with probability 1/k.
      if (rng.int(ties) === 0) chosen = c;
    }
  }
  if (chosen < 0) throw new Error('No cell left to shoot');
  return coordOf(chosen);
}

/** A uniformly drawn element of `cells`. */
export function pickAny(cells: readonly number[], rng: Rng): Coord {
  if (cells.length === 0) throw new Error('No cell left to shoot');
  return coordOf(cells[rng.int(cells.length)] ?? 0);
}
