/*
 * The analysis engine (docs/analysis.md): what one player may know before a move, as each cell's
 * probability of holding a ship (counted exactly where the consistent fleets are few enough,
 * sampled otherwise with its error), and every move of a game graded against the best available.
 * Pure: no I/O, deterministic for a seed; the server runs it in a worker thread, the CLI in-process.
 */
export {
  BATCHES,
  EXACT_BUDGET,
  type ProbabilityMethod,
  type ProbabilityOptions,
  probabilitiesOf,
  refine,
  SAMPLES,
  type ShipProbabilities,
  shipProbabilities,
  sumError,
} from './probabilities';
export { exactCount, type ExactCount, fleetBound } from './exact';
export { bestCells, gradeMove, type MoveGrade, thresholdDistance } from './grade';
export { type AnalysisSource, type GameMove, InconsistentGameError, movesOf, viewAfter } from './moves';
export {
  type AnalyseOptions,
  analyseGame,
  assessMove,
  ENGINE_NAME,
  heatOf,
  positionOf,
  REFINE_FACTOR,
  REFINE_WITHIN,
  summarise,
} from './game';
export { placementInsight, RANDOM_BORDER } from './placement';
