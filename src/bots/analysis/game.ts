import { type Coord, cellIndex, coordOf, createRng, GRID_SIZE } from '../../game';
import {
  type AnalysisMethod,
  GRADE_CLASSES,
  type GameAnalysis,
  type GradeClass,
  type MoveAnalysis,
  type PlayerAnalysis,
} from '../../protocol/analysis';
import { readKnowledge } from '../knowledge';
import { gradeMove, thresholdDistance } from './grade';
import { type AnalysisSource, type GameMove, InconsistentGameError, movesOf } from './moves';
import { EXACT_BUDGET, probabilitiesOf, refine, SAMPLES, type ShipProbabilities } from './probabilities';

export interface AnalyseOptions {
  /** Seeds the sampler; each move draws from its own stream, so a move's figures do not depend on the others. */
  readonly seed?: number;
  /** Boards per sampled position (default SAMPLES). */
  readonly samples?: number;
  /** Boards a position near a class threshold may grow to (default REFINE_FACTOR × samples). */
  readonly maxSamples?: number;
  readonly exactBudget?: number;
  /** Called after each move is graded, with how many are done out of how many. */
  readonly onMove?: (done: number, total: number) => void;
}

/** How many times the first draw a position near a class threshold may be sampled to. */
export const REFINE_FACTOR = 4;
/**
 * A sampled grade this close to a class threshold (in its standard errors) is sampled again: at
 * three errors a class changes between two analyses about once in several hundred such moves.
 */
export const REFINE_WITHIN = 3;

/** The name a Broadside analysis carries in `engine`. */
export const ENGINE_NAME = 'broadside';

/** One stream per (seed, move), from splitmix-style mixing, so moves can be graded in any order. */
function moveSeed(seed: number, n: number): number {
  let z = (seed ^ Math.imul(n + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/** Probabilities in thousandths, for the heat map a viewer draws. */
export function heatOf(p: ArrayLike<number>): number[] {
  return Array.from({ length: GRID_SIZE * GRID_SIZE }, (_, c) =>
    Math.max(0, Math.min(1000, Math.round((p[c] ?? 0) * 1000))),
  );
}

const round = (value: number, digits = 4): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** A move graded against one set of probabilities (this engine's, or another engine's). */
export function assessMove(move: GameMove, result: ShipProbabilities, method: AnalysisMethod): MoveAnalysis {
  const cells = move.cells.map(cellIndex);
  const g = gradeMove(result, cells);
  const hits = move.results.filter((r) => r !== 'M').length;
  const cell = (c: number): Coord & { p: number } => ({ ...coordOf(c), p: round(result.p[c] ?? 0) });
  return {
    n: move.n,
    shooterId: move.shooterId,
    firstShot: move.firstShot,
    shots: move.cells.map((c, i) => ({ x: c.x, y: c.y, result: move.results[i] ?? 'M', p: cell(cellIndex(c)).p })),
    best: g.best.map(cell),
    expectedHits: round(g.expectedHits),
    bestExpectedHits: round(g.bestExpectedHits),
    hits,
    luck: round(hits - g.expectedHits),
    grade: round(g.grade),
    error: round(g.error),
    class: g.class,
    method,
    boards: result.boards,
    heat: heatOf(result.p),
  };
}

/** Each player's figures from their graded moves; players in the source's order. */
export function summarise(source: AnalysisSource, moves: readonly MoveAnalysis[]): PlayerAnalysis[] {
  return source.players.map(({ userId }) => {
    const own = moves.filter((m) => m.shooterId === userId);
    const classes = Object.fromEntries(GRADE_CLASSES.map((c) => [c, 0])) as Record<GradeClass, number>;
    for (const m of own) classes[m.class]++;
    const hits = own.reduce((s, m) => s + m.hits, 0);
    const expectedHits = own.reduce((s, m) => s + m.expectedHits, 0);
    const worst = own
      .filter((m) => m.class !== 'best' && m.class !== 'good')
      .sort((a, b) => a.grade - b.grade || a.n - b.n)
      .slice(0, 3)
      .map((m) => m.n);
    return {
      userId,
      accuracy: own.length > 0 ? round((100 * own.reduce((s, m) => s + m.grade, 0)) / own.length, 2) : null,
      moves: own.length,
      shots: own.reduce((s, m) => s + m.shots.length, 0),
      hits,
      expectedHits: round(expectedHits, 3),
      luck: round(hits - expectedHits, 3),
      classes,
      worst,
    };
  });
}

/**
 * The probabilities one move was chosen under: exact if it can be counted within the budget,
 * else sampled, and sampled again (up to maxSamples) while its grade sits within REFINE_WITHIN
 * errors of a class threshold, so the class it gets is the one any other analysis would give.
 */
export function positionOf(
  move: GameMove,
  options: { seed: number; samples: number; maxSamples: number; exactBudget: number },
): ShipProbabilities | null {
  const rng = createRng(moveSeed(options.seed, move.n));
  const unshot: number[] = [];
  for (let y = 0; y < GRID_SIZE; y++)
    for (let x = 0; x < GRID_SIZE; x++) if ((move.view.grid[y]?.[x] ?? 'E') === 'E') unshot.push(y * GRID_SIZE + x);
  let result = probabilitiesOf(readKnowledge(move.view), unshot, {
    rng,
    samples: options.samples,
    exactBudget: options.exactBudget,
  });
  if (!result) return null;
  const cells = move.cells.map(cellIndex);
  while (result.method === 'sampled' && result.boards < options.maxSamples) {
    const g = gradeMove(result, cells);
    if (thresholdDistance(g.grade, g.error) >= REFINE_WITHIN) break;
    result = refine(move.view, result, rng, Math.min(result.boards, options.maxSamples - result.boards));
  }
  return result;
}

/**
 * Grades every move of a finished game (docs/analysis.md). Pure and deterministic for a seed.
 * Each player's moves are graded from the last to the first: the fleets consistent with what a
 * player knows only shrink as the game goes on, so once a position is too large to count, every
 * earlier one of that player is too, and it is sampled without trying.
 * Throws InconsistentGameError on a game no real play produces (a cell fired twice, a shot off the
 * board, answers no fleet of the rules explains).
 */
export function analyseGame(source: AnalysisSource, options: AnalyseOptions = {}): GameAnalysis {
  const moves = movesOf(source);
  const samples = options.samples ?? SAMPLES;
  const settings = {
    seed: options.seed ?? 1,
    samples,
    maxSamples: options.maxSamples ?? REFINE_FACTOR * samples,
    exactBudget: options.exactBudget ?? EXACT_BUDGET,
  };
  const out: MoveAnalysis[] = new Array(moves.length);
  const countable = new Map<string, boolean>();
  let done = 0;
  for (let i = moves.length - 1; i >= 0; i--) {
    const move = moves[i] as GameMove;
    const tryExact = countable.get(move.shooterId) ?? true;
    const result = positionOf(move, { ...settings, exactBudget: tryExact ? settings.exactBudget : 0 });
    if (!result)
      throw new InconsistentGameError(
        `no fleet of the rules explains what ${move.shooterId} knew at move ${move.n + 1}`,
      );
    if (result.method === 'sampled') countable.set(move.shooterId, false);
    out[i] = assessMove(move, result, result.method);
    options.onMove?.(++done, moves.length);
  }
  return { engine: ENGINE_NAME, rules: source.rules, samples, moves: out, players: summarise(source, out) };
}
