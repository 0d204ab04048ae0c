import {
  type Cell,
  cellIndex,
  coordLabel,
  createRng,
  emptyGrid,
  inBounds,
  resolveShot,
  type ShipKey,
  type ShipMap,
} from '../game';
import type { PlacementStrategy, ShotStrategy, ShotView } from './types';

/** Shots needed to sink the whole fleet, and how long the shooter thought about each shot. */
export interface SoloGame {
  readonly shots: number;
  readonly thinkMs: readonly number[];
}

/** A shooter broke a rule: a bug in the strategy, never a result. */
export class StrategyFault extends Error {}

/** The k-th seed derived from a bench seed, so game i is the same whichever worker plays it. */
export function gameSeed(seed: number, game: number, stream: number): number {
  let h = (seed ^ Math.imul(game + 1, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  return (h ^ (h >>> 13)) >>> 0;
}

/**
 * Plays one shooter against one fleet offline until every ship is sunk, keeping the view exactly as
 * the server would send it (M, H, then D over every cell of a sunk ship, plus the sunk map).
 */
export function playSolo(shooter: ShotStrategy, fleet: ShipMap, seed: number, clock: () => number = () => 0): SoloGame {
  const rng = createRng(seed);
  const grid: Cell[][] = emptyGrid();
  const sunk: Partial<Record<ShipKey, ShipMap[ShipKey]>> = {};
  const fired = new Set<number>();
  const thinkMs: number[] = [];
  for (;;) {
    const view: ShotView = { grid, sunk };
    const started = clock();
    const target = shooter.nextShot(view, rng);
    thinkMs.push(clock() - started);
    if (!inBounds(target)) throw new StrategyFault(`${shooter.name} shot out of bounds (${target.x},${target.y})`);
    if (fired.has(cellIndex(target))) throw new StrategyFault(`${shooter.name} shot ${coordLabel(target)} twice`);
    if (fired.size >= 100) throw new StrategyFault(`${shooter.name} did not finish in 100 shots`);
    const outcome = resolveShot(fleet, fired, target);
    fired.add(cellIndex(target));
    const row = grid[target.y];
    if (row) row[target.x] = outcome.result === 'M' ? 'M' : 'H';
    if (outcome.sunk !== undefined) {
      const cells = fleet[outcome.sunk] ?? [];
      sunk[outcome.sunk] = cells;
      for (const c of cells) {
        const r = grid[c.y];
        if (r) r[c.x] = 'D';
      }
    }
    if (outcome.won) return { shots: fired.size, thinkMs };
  }
}

/** Game `index` of a bench: its fleet from one seeded stream, the shooter's rng from another. */
export function benchGame(
  shooter: ShotStrategy,
  placer: PlacementStrategy,
  seed: number,
  index: number,
  clock?: () => number,
): SoloGame {
  const fleet = placer.place(createRng(gameSeed(seed, index, 0)));
  return playSolo(shooter, fleet, gameSeed(seed, index, 1), clock);
}
