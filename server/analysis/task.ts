import { type AnalysisSource, analyseGame, bestCells, heatOf, shipProbabilities } from '../../src/bots/analysis';
import type { ShotView } from '../../src/bots';
import { coordOf, createRng } from '../../src/game';
import type { GameAnalysis, Hint } from '../../src/protocol/analysis';

/** What the analysis pool's threads are given: plain data (structured clone). */
export type AnalysisTask =
  | { readonly kind: 'game'; readonly source: AnalysisSource; readonly seed: number; readonly samples?: number }
  | {
      readonly kind: 'hint';
      readonly view: ShotView;
      /** Cells the player fires this turn (a salvo's size). */
      readonly count: number;
      readonly seed: number;
      readonly samples: number;
    };

export type AnalysisResult =
  | { readonly kind: 'game'; readonly analysis: GameAnalysis; readonly ms: number }
  | { readonly kind: 'hint'; readonly hint: Hint | null; readonly ms: number };

/** The heat map a player faces now and the cells to fire; null when no fleet explains the view. */
export function hintOf(view: ShotView, count: number, seed: number, samples: number): Hint | null {
  const result = shipProbabilities(view, { rng: createRng(seed), samples });
  if (!result) return null;
  return {
    heat: heatOf(result.p),
    best: bestCells(result, Math.max(1, count)).map((c) => ({
      ...coordOf(c),
      p: Math.round((result.p[c] ?? 0) * 1e4) / 1e4,
    })),
    method: result.method,
    boards: result.boards,
  };
}

/** One task of the analysis pool (server/analysis/workers.ts): a finished game's analysis, or a hint. */
export default function run(task: AnalysisTask): AnalysisResult {
  const started = performance.now();
  if (task.kind === 'game') {
    const analysis = analyseGame(task.source, { seed: task.seed, ...(task.samples ? { samples: task.samples } : {}) });
    return { kind: 'game', analysis, ms: performance.now() - started };
  }
  const hint = hintOf(task.view, task.count, task.seed, task.samples);
  return { kind: 'hint', hint, ms: performance.now() - started };
}
