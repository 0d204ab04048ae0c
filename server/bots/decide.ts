import { shooterNamed } from '../../src/bots/registry';
import { type Coord, createRng, type Grid, type PartialShipMap } from '../../src/game';

/** One shot to decide, as plain data that crosses to a worker thread (structured clone). */
export interface DecideTask {
  readonly shooter: string;
  /** The bot's own view of the opponent grid (E M H D) and the opponent ships sunk so far. */
  readonly grid: Grid;
  readonly sunk: PartialShipMap;
  /** Drawn from the bot's rng on the main thread, so a game replays exactly from its seed. */
  readonly seed: number;
}

export interface Decision {
  readonly target: Coord;
  /** Time spent choosing, in ms, measured where it ran. */
  readonly computeMs: number;
}

/** Chooses a shot: the same pure strategy call inline or in a worker thread (the pool's task). */
export default function decide(task: DecideTask): Decision {
  const started = performance.now();
  const target = shooterNamed(task.shooter).nextShot({ grid: task.grid, sunk: task.sunk }, createRng(task.seed));
  return { target: { x: target.x, y: target.y }, computeMs: performance.now() - started };
}
