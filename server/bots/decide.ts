import { shooterNamed } from '../../src/bots/registry';
import { salvoOf } from '../../src/bots/salvo';
import { type Coord, createRng, type Grid, type PartialShipMap, type Rules } from '../../src/game';

/** One turn's shots to decide, as plain data that crosses to a worker thread (structured clone). */
export interface DecideTask {
  readonly shooter: string;
  /** The bot's own view of the opponent grid (E M H D) and the opponent ships sunk so far. */
  readonly grid: Grid;
  readonly sunk: PartialShipMap;
  /** The room's rules (what each shot reveals) and how many cells this turn takes (a salvo's size). */
  readonly rules: Rules;
  readonly count: number;
  /** Drawn from the bot's rng on the main thread, so a game replays exactly from its seed. */
  readonly seed: number;
}

export interface Decision {
  /** The turn's cells, chosen as a set (one under one-shot rules). */
  readonly targets: Coord[];
  /** Time spent choosing, in ms, measured where it ran. */
  readonly computeMs: number;
}

/** Chooses a turn's shots: the same pure strategy call inline or in a worker thread (the pool's task). */
export default function decide(task: DecideTask): Decision {
  const started = performance.now();
  const view = { grid: task.grid, sunk: task.sunk, rules: task.rules };
  const targets = salvoOf(shooterNamed(task.shooter), view, task.count, createRng(task.seed));
  return { targets: targets.map((t) => ({ x: t.x, y: t.y })), computeMs: performance.now() - started };
}
