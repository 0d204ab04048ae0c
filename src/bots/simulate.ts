import {
  type Cell,
  cellIndex,
  coordLabel,
  CLASSIC_RULES,
  createRng,
  emptyGrid,
  fleetKeys,
  GRID_SIZE,
  inBounds,
  resolveShot,
  type ShipKey,
  type Rules,
  type ShipMap,
} from '../game';
import { salvoOf } from './salvo';
import type { PlacementStrategy, ShotStrategy, ShotView } from './types';

/**
 * One offline game: shots to sink the whole fleet, moves (a salvo is one move), turns (under
 * `again: 'hit'` a move that hits keeps the turn, so several moves make one turn), and how long the
 * shooter thought about each move.
 */
export interface SoloGame {
  readonly shots: number;
  readonly moves: number;
  readonly turns: number;
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
 * the server would send it (M, H, then D over every cell of a sunk ship, plus the sunk map and the
 * rules). Under salvo rules each move is as many shots as the shooter's fleet has ships: nobody
 * shoots back in a solo game, so its salvo never shrinks (docs/benchmarks.md).
 */
export function playSolo(
  shooter: ShotStrategy,
  fleet: ShipMap,
  seed: number,
  clock: () => number = () => 0,
  rules: Rules = CLASSIC_RULES,
): SoloGame {
  const rng = createRng(seed);
  const grid: Cell[][] = emptyGrid();
  const sunk: Partial<Record<ShipKey, ShipMap[ShipKey]>> = {};
  const fired = new Set<number>();
  const thinkMs: number[] = [];
  const salvo = rules.shots === 'salvo' ? fleetKeys(rules).length : 1;
  let moves = 0;
  let turns = 1;
  for (;;) {
    const view: ShotView = { grid, sunk, rules };
    const count = Math.min(salvo, GRID_SIZE * GRID_SIZE - fired.size);
    const started = clock();
    const targets = salvoOf(shooter, view, count, rng);
    thinkMs.push(clock() - started);
    if (targets.length !== count)
      throw new StrategyFault(`${shooter.name} fired ${targets.length} shots where ${count} were due`);
    moves++;
    let hit = false;
    for (const target of targets) {
      if (!inBounds(target)) throw new StrategyFault(`${shooter.name} shot out of bounds (${target.x},${target.y})`);
      if (fired.has(cellIndex(target))) throw new StrategyFault(`${shooter.name} shot ${coordLabel(target)} twice`);
      const outcome = resolveShot(fleet, fired, target);
      fired.add(cellIndex(target));
      hit ||= outcome.result !== 'M';
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
      if (outcome.won) return { shots: fired.size, moves, turns, thinkMs };
    }
    if (fired.size >= GRID_SIZE * GRID_SIZE) throw new StrategyFault(`${shooter.name} did not finish in 100 shots`);
    if (!(rules.again === 'hit' && hit)) turns++;
  }
}

/** Game `index` of a bench: its fleet from one seeded stream, the shooter's rng from another. */
export function benchGame(
  shooter: ShotStrategy,
  placer: PlacementStrategy,
  seed: number,
  index: number,
  clock?: () => number,
  rules: Rules = CLASSIC_RULES,
): SoloGame {
  const fleet = placer.place(createRng(gameSeed(seed, index, 0)), rules);
  return playSolo(shooter, fleet, gameSeed(seed, index, 1), clock, rules);
}
