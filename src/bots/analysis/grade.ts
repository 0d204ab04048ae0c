import { GRADE_THRESHOLDS, type GradeClass, gradeClass } from '../../protocol/analysis';
import { type ShipProbabilities, sumError } from './probabilities';

/** How good one move was against the best available to the same player at the same moment. */
export interface MoveGrade {
  /** Σ p of the cells fired: the hits the move could expect. */
  readonly expectedHits: number;
  /** The best set of as many cells: the most probable ones (see bestCells). */
  readonly best: readonly number[];
  readonly bestExpectedHits: number;
  /** expectedHits / bestExpectedHits (1 when nothing is left to find), and its standard error. */
  readonly grade: number;
  readonly error: number;
  readonly class: GradeClass;
}

/**
 * The `count` unshot cells with the highest probability, most probable first (ties by cell index).
 * A salvo's expected hits are the sum of its cells' probabilities (linearity of expectation, the
 * ships' overlaps and all), so no other set of `count` cells expects more: the best salvo is
 * exactly this one, no greedy search needed.
 */
export function bestCells(result: ShipProbabilities, count: number): number[] {
  return [...result.unshot].sort((a, b) => (result.p[b] ?? 0) - (result.p[a] ?? 0) || a - b).slice(0, count);
}

/**
 * Grades a move (one shot, or a salvo's cells fired together) against the best move of as many
 * cells. The error comes from the sampler's batches: the grade is a ratio a/m of two sums, so by
 * the delta method its error is that of a − grade × m, over m.
 */
export function gradeMove(result: ShipProbabilities, cells: readonly number[]): MoveGrade {
  const p = result.p;
  const expectedHits = cells.reduce((s, c) => s + (p[c] ?? 0), 0);
  const best = bestCells(result, cells.length);
  const bestExpectedHits = best.reduce((s, c) => s + (p[c] ?? 0), 0);
  if (!(bestExpectedHits > 0)) {
    return { expectedHits, best, bestExpectedHits, grade: 1, error: 0, class: 'best' };
  }
  const grade = Math.min(1, expectedHits / bestExpectedHits);
  const weights = new Map<number, number>();
  for (const c of cells) weights.set(c, (weights.get(c) ?? 0) + 1);
  for (const c of best) weights.set(c, (weights.get(c) ?? 0) - grade);
  const error = sumError(result, [...weights]) / bestExpectedHits;
  return { expectedHits, best, bestExpectedHits, grade, error, class: gradeClass(grade) };
}

/** How far a grade is from the nearest class threshold, in its standard errors (Infinity when exact). */
export function thresholdDistance(grade: number, error: number): number {
  const gap = Math.min(...Object.values(GRADE_THRESHOLDS).map((t) => Math.abs(grade - t)));
  return error > 0 ? gap / error : Number.POSITIVE_INFINITY;
}
