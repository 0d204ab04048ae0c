import { normalCdf } from '../tournament/sprt';
import { type MeanError, meanError, roundedMeanError } from '../stats';

/** Two participants side by side on the same fleets (docs/cli.md, "bench"). */
export interface Comparison {
  readonly rules: string;
  readonly a: string;
  readonly b: string;
  /** Games both finished (a fault leaves a game out of the pairing). */
  readonly games: number;
  /** Shots of a minus shots of b, per game: its mean, standard error and 95% interval. */
  readonly difference: MeanError | null;
  /** The likelihood that a needs fewer shots than b on average (normal approximation). */
  readonly los: number | null;
}

/**
 * The paired difference of two benches over the same games (game i: the same fleet and the same
 * shooter seed for both): luck in the fleets cancels out, so its error is far smaller than the
 * two errors side by side would suggest.
 */
export function compareShots(rules: string, a: string, b: string, as: Int32Array, bs: Int32Array): Comparison {
  const diffs: number[] = [];
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const x = as[i] ?? -1;
    const y = bs[i] ?? -1;
    if (x >= 0 && y >= 0) diffs.push(x - y);
  }
  const difference = meanError(diffs);
  const los =
    difference === null
      ? null
      : difference.se === 0
        ? difference.mean < 0
          ? 1
          : difference.mean > 0
            ? 0
            : 0.5
        : normalCdf(-difference.mean / difference.se);
  return {
    rules,
    a,
    b,
    games: diffs.length,
    difference: roundedMeanError(difference),
    los: los === null ? null : Math.round(los * 1e4) / 1e4,
  };
}
