import { z } from 'zod';
import { GRID_SIZE } from '../game';
import { CoordSchema, RulesSchema, ShotResultSchema } from './schemas';

/* Issue 33: how good was each shot (docs/analysis.md). The analysis of a finished game, the hint
 * against the computer and a player's insights, as the server sends them and the clients read them. */

/**
 * A move's class by its grade (p of the cells fired / p of the best cells available, 0..1), best
 * first. The thresholds are the least grade of each class; below the last, a blunder.
 */
export const GRADE_CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const;
export type GradeClass = (typeof GRADE_CLASSES)[number];

/**
 * The least grade of each class (docs/analysis.md, "Classes"). Wide bands, far apart compared
 * with the sampler's error (a grade's standard error is about 0.01 at 20 000 boards, and a
 * position whose grade falls within three errors of a threshold is sampled again until it does
 * not or the budget runs out), so a move keeps its class from one analysis to the next.
 */
export const GRADE_THRESHOLDS: Readonly<Record<Exclude<GradeClass, 'blunder'>, number>> = {
  best: 0.95,
  good: 0.8,
  inaccuracy: 0.6,
  mistake: 0.35,
};

/** The class of a grade (0..1). */
export function gradeClass(grade: number): GradeClass {
  if (grade >= GRADE_THRESHOLDS.best) return 'best';
  if (grade >= GRADE_THRESHOLDS.good) return 'good';
  if (grade >= GRADE_THRESHOLDS.inaccuracy) return 'inaccuracy';
  if (grade >= GRADE_THRESHOLDS.mistake) return 'mistake';
  return 'blunder';
}

/** How a move's probabilities were found: counted, sampled, or given by another engine (BEP `analyse`). */
export const ANALYSIS_METHODS = ['exact', 'sampled', 'engine'] as const;
export type AnalysisMethod = (typeof ANALYSIS_METHODS)[number];

const probability = z.number().min(0).max(1);
/** A heat map: each cell's probability of holding a ship in thousandths, row by row (index y × 10 + x). */
export const HeatSchema = z.array(z.number().int().min(0).max(1000)).length(GRID_SIZE * GRID_SIZE);

export const ProbableCellSchema = CoordSchema.extend({ p: probability });

/** One move (a shot, or a salvo fired as one) as the shooter faced it and how it did. */
export const MoveAnalysisSchema = z.object({
  /** The move's number in the game, from 0. */
  n: z.number().int().min(0),
  shooterId: z.string(),
  /** Index of the move's first shot among the game's shots (its replay step is firstShot + 1). */
  firstShot: z.number().int().min(0),
  /** The cells fired, in order, with their answer and the probability the shooter faced there. */
  shots: z.array(CoordSchema.extend({ result: ShotResultSchema, p: probability })).min(1),
  /** The best cells available: as many as the move fired, most probable first. */
  best: z.array(ProbableCellSchema),
  /** Σ p of the cells fired, and of the best cells. */
  expectedHits: z.number().min(0),
  bestExpectedHits: z.number().min(0),
  /** Cells fired that hit (H or D), and hits − expectedHits. */
  hits: z.number().int().min(0),
  luck: z.number(),
  /** expectedHits / bestExpectedHits, 0..1, and its standard error (0 when counted exactly). */
  grade: probability,
  error: z.number().min(0),
  class: z.enum(GRADE_CLASSES),
  method: z.enum(ANALYSIS_METHODS),
  /** Counted: the consistent fleets. Sampled: the boards drawn. Engine: 0. */
  boards: z.number().min(0),
  /** What the shooter faced before the move. */
  heat: HeatSchema,
});
export type MoveAnalysis = z.infer<typeof MoveAnalysisSchema>;

const classCounts = z.object(
  Object.fromEntries(GRADE_CLASSES.map((c) => [c, z.number().int().min(0)])) as Record<GradeClass, z.ZodNumber>,
);

/** One player's game in figures. */
export const PlayerAnalysisSchema = z.object({
  userId: z.string(),
  /** 100 × the mean grade of the player's moves (0..100), null for a player who never fired. */
  accuracy: z.number().min(0).max(100).nullable(),
  moves: z.number().int().min(0),
  shots: z.number().int().min(0),
  hits: z.number().int().min(0),
  expectedHits: z.number().min(0),
  /** hits − expectedHits over the game: above 0, luckier than the odds. */
  luck: z.number(),
  classes: classCounts,
  /** The player's worst moves (their numbers), worst first, at most three below `good`. */
  worst: z.array(z.number().int().min(0)),
});
export type PlayerAnalysis = z.infer<typeof PlayerAnalysisSchema>;

export const GameAnalysisSchema = z.object({
  /** What graded the moves: `broadside` (this engine), or the name of a BEP engine. */
  engine: z.string(),
  rules: RulesSchema,
  /** Boards drawn per sampled position (at least; more near a class threshold). */
  samples: z.number().int().min(0),
  moves: z.array(MoveAnalysisSchema),
  /** Both players in join order. */
  players: z.array(PlayerAnalysisSchema),
});
export type GameAnalysis = z.infer<typeof GameAnalysisSchema>;
