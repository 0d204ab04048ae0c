import type { Cell, Coord, Rng } from '../game';
import { readBoard } from './knowledge';
import type { RemoteShotStrategy, SeatView, ShotStrategy, ShotView } from './types';

/**
 * A salvo of `count` distinct cells chosen as a set (docs/game.md, "Rule variants"): one cell at a
 * time with the shooter's own rule, each pick taken as a miss for the next. Assuming a miss is what
 * makes it a set: after a cell is picked its neighbours no longer look as likely as it did, so the
 * salvo spreads over the likely places instead of piling every shot onto one ship's guessed cells;
 * and while a hit is being worked the next pick is the cell most likely should the first one miss.
 */
export function conditionedSalvo(shooter: ShotStrategy, view: ShotView, count: number, rng: Rng): Coord[] {
  const grid: Cell[][] = view.grid.map((row) => [...row]);
  const out: Coord[] = [];
  for (let i = 0; i < count && readBoard({ ...view, grid }).unknown.length > 0; i++) {
    const c = shooter.nextShot({ ...view, grid }, rng);
    const row = grid[c.y];
    if (row?.[c.x] !== 'E') break;
    out.push(c);
    row[c.x] = 'M';
  }
  return nameWater(grid, out, count);
}

/**
 * Near the end the rules may ask for more shots than cells that could hold a ship: the salvo `out`
 * is completed to `count` with cells not shot yet that are known to be water, which it must still name.
 */
function nameWater(grid: Cell[][], out: Coord[], count: number): Coord[] {
  for (let y = 0; y < grid.length && out.length < count; y++)
    for (let x = 0; x < (grid[y]?.length ?? 0) && out.length < count; x++)
      if (grid[y]?.[x] === 'E') {
        out.push({ x, y });
        (grid[y] as Cell[])[x] = 'M';
      }
  return out;
}

/** The shooter's salvo of `count` cells: its own set rule if it has one, else conditionedSalvo. */
export function salvoOf(shooter: ShotStrategy, view: ShotView, count: number, rng: Rng): Coord[] {
  if (count === 1) return [shooter.nextShot(view, rng)];
  return shooter.nextSalvo ? shooter.nextSalvo(view, count, rng) : conditionedSalvo(shooter, view, count, rng);
}

/**
 * A turn's `count` cells for a bot playing through a server (docs/game.md, "Rule variants"): one
 * shot, the shooter's own salvo rule, or its nextShot asked again and again with each pick shown as
 * a miss (as conditionedSalvo does), then water it must still name. 'resign' when the shooter gives up.
 */
export async function pickSalvo(
  shooter: RemoteShotStrategy,
  view: SeatView,
  count: number,
  rng: Rng,
): Promise<Coord[] | 'resign'> {
  if (count <= 1) {
    const one = await shooter.nextShot(view, rng);
    return one === 'resign' ? one : [one];
  }
  if (shooter.nextSalvo) return shooter.nextSalvo(view, count, rng);
  const grid: Cell[][] = view.grid.map((row) => [...row]);
  const out: Coord[] = [];
  while (out.length < count && readBoard({ ...view, grid }).unknown.length > 0) {
    const c = await shooter.nextShot({ ...view, grid }, rng);
    if (c === 'resign') return c;
    const row = grid[c.y];
    if (row?.[c.x] !== 'E') break;
    out.push({ x: c.x, y: c.y });
    row[c.x] = 'M';
  }
  return nameWater(grid, out, count);
}
