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

/* ---------- HTTP (docs/protocol.md, "Analysis") ---------- */

/** GET /games/{id}/analysis, 200: the analysis, computed once and kept. */
export const AnalysisDoneSchema = z.object({
  status: z.literal('done'),
  gameId: z.number().int(),
  computedAt: z.number(),
  analysis: GameAnalysisSchema,
});

/**
 * GET /games/{id}/analysis, 202 (with Retry-After): the analysis is under way. `ahead`: analyses
 * before it in the server's queue; `retryAfter`: seconds after which asking again is worth it.
 */
export const AnalysisPendingSchema = z.object({
  status: z.enum(['queued', 'running']),
  gameId: z.number().int(),
  ahead: z.number().int().min(0),
  retryAfter: z.number().int().min(1),
});

/** GET /games/{id}/analysis?start=0, 200: the game has no analysis and none is under way (nothing was started). */
export const AnalysisNoneSchema = z.object({ status: z.literal('none'), gameId: z.number().int() });

export const AnalysisAnswerSchema = z.discriminatedUnion('status', [
  AnalysisDoneSchema,
  AnalysisPendingSchema,
  AnalysisNoneSchema,
]);
/** `?start=0`: answer what there is, start nothing (a replay that only shows an analysis already made). */
export const AnalysisQuerySchema = z.strictObject({ start: z.enum(['0', '1']).default('1') });
export type AnalysisAnswer = z.infer<typeof AnalysisAnswerSchema>;
export type AnalysisPending = z.infer<typeof AnalysisPendingSchema>;

/**
 * GET /rooms/{slug}/hint: the heat map the caller faces now, in a game against the computer only.
 * `best`: the cells to fire (as many as the turn's shots), most probable first.
 */
export const HintSchema = z.object({
  heat: HeatSchema,
  best: z.array(ProbableCellSchema).min(1),
  method: z.enum(['exact', 'sampled']),
  boards: z.number().min(0),
});
export type Hint = z.infer<typeof HintSchema>;

/** What a player's placements tell (docs/analysis.md, "Insights"); the client words it. */
export const PLACEMENT_TIPS = ['edges', 'centre', 'habit', 'varied', 'few'] as const;
export type PlacementTip = (typeof PLACEMENT_TIPS)[number];

export const PlacementInsightSchema = z.object({
  /** Games whose fleet counts. */
  games: z.number().int().min(0),
  /** In how many of those games (per thousand) a ship stood on each cell, row by row. */
  heat: HeatSchema,
  /** The player's share of ship cells on the border, and what random fleets of the rules put there (0..1). */
  border: z.number().min(0).max(1),
  randomBorder: z.number().min(0).max(1),
  /** The cell most often under a ship, and in which share of the games. */
  top: CoordSchema.extend({ share: z.number().min(0).max(1) }).nullable(),
  tip: z.enum(PLACEMENT_TIPS),
});
export type PlacementInsight = z.infer<typeof PlacementInsightSchema>;

/** One finished game of the player in their insights, oldest first. */
export const InsightGameSchema = z.object({
  gameId: z.number().int(),
  endedAt: z.number(),
  won: z.boolean(),
  /** Shots the player fired. */
  shots: z.number().int().min(0),
  /** From the game's analysis; null until the game is analysed. */
  accuracy: z.number().min(0).max(100).nullable(),
  luck: z.number().nullable(),
});

/** GET /users/{id}/insights?rules=…: how a player shoots and places under one set of rules. */
export const InsightsSchema = z.object({
  userId: z.string(),
  rules: RulesSchema,
  games: z.array(InsightGameSchema),
  /** Of those games, how many are analysed, and how many more the server is analysing now. */
  analysed: z.number().int().min(0),
  pending: z.number().int().min(0),
  placement: PlacementInsightSchema,
});
export type Insights = z.infer<typeof InsightsSchema>;
