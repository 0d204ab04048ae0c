import { cellIndex, type Coord, coordOf, GRID_SIZE, type ShotResult } from '../../game';
import type { GameAnalysis, GradeClass, MoveAnalysis } from '../../protocol/analysis';
import type { GameRecord } from '../../protocol/history';

/*
 * The replay's review (docs/game.md, "Reviewing a game"), as plain data: which analysed move a
 * replay step shows, the heat map the shooter faced drawn as cells, the grades over the game and
 * the worst moves to jump to. The components only lay these out.
 */

/**
 * The move a replay step shows: the one the step's shot belongs to (step s shows shot s − 1, so a
 * salvo's every shot shows its one move); null before the first shot.
 */
export function moveOfStep(moves: readonly MoveAnalysis[], step: number): MoveAnalysis | null {
  if (step < 1) return null;
  const shot = step - 1;
  for (const move of moves) if (shot >= move.firstShot && shot < move.firstShot + move.shots.length) return move;
  return null;
}

/** The replay step that shows a move: just after its first shot. */
export function stepOfMove(move: Pick<MoveAnalysis, 'firstShot'>): number {
  return move.firstShot + 1;
}

/** How warm a cell is beside the warmest cell of the map: 0 (no chance) to 4 (about the best). */
export type HeatLevel = 0 | 1 | 2 | 3 | 4;

export function heatLevel(permille: number, max: number): HeatLevel {
  if (permille <= 0 || max <= 0) return 0;
  const share = permille / max;
  // Narrow bands at the top: the cells worth firing at stand out even on an open board's even map.
  if (share >= 0.9) return 4;
  if (share >= 0.75) return 3;
  if (share >= 0.5) return 2;
  return 1;
}

/** One cell of a drawn heat map. */
export interface HeatCell {
  readonly index: number;
  readonly x: number;
  readonly y: number;
  /** Its probability of holding a ship, in thousandths. */
  readonly permille: number;
  readonly level: HeatLevel;
  /** Fired at before this move, and what it answered; null for a cell still open. */
  readonly fired: ShotResult | null;
  /** Fired in this move (the chosen cells), with the answer. */
  readonly chosen: ShotResult | null;
  /** Among the best cells available. */
  readonly best: boolean;
}

export interface HeatMarks {
  /** Cells fired before, with their answers. */
  readonly fired?: ReadonlyMap<number, ShotResult>;
  readonly chosen?: readonly (Coord & { readonly result?: ShotResult })[];
  readonly best?: readonly Coord[];
}

/** The 100 cells of a heat map (row by row), each with its level and marks. */
export function heatCells(heat: readonly number[], marks: HeatMarks = {}): HeatCell[] {
  const max = heat.reduce((m, v) => Math.max(m, v), 0);
  const chosen = new Map((marks.chosen ?? []).map((c) => [cellIndex(c), c.result ?? 'M'] as const));
  const best = new Set((marks.best ?? []).map(cellIndex));
  return Array.from({ length: GRID_SIZE * GRID_SIZE }, (_, index) => {
    const { x, y } = coordOf(index);
    const permille = heat[index] ?? 0;
    return {
      index,
      x,
      y,
      permille,
      level: heatLevel(permille, max),
      fired: marks.fired?.get(index) ?? null,
      chosen: chosen.get(index) ?? null,
      best: best.has(index),
    };
  });
}

/** The cells a player had fired at, and their answers, before the game's shot number `before`. */
export function firedBefore(
  record: Pick<GameRecord, 'shots'>,
  shooterId: string,
  before: number,
): Map<number, ShotResult> {
  const fired = new Map<number, ShotResult>();
  for (const shot of record.shots.slice(0, before))
    if (shot.shooterId === shooterId) fired.set(cellIndex(shot), shot.result);
  return fired;
}

/** A move drawn on the chart of grades. */
export interface GradePoint {
  readonly n: number;
  readonly step: number;
  /** 0..1 */
  readonly grade: number;
  readonly class: GradeClass;
}

/** Each player's moves (in the analysis's player order) as points of the chart of grades. */
export function gradeSeries(analysis: Pick<GameAnalysis, 'moves' | 'players'>): GradePoint[][] {
  return analysis.players.map((player) =>
    analysis.moves
      .filter((m) => m.shooterId === player.userId)
      .map((m) => ({ n: m.n, step: stepOfMove(m), grade: m.grade, class: m.class })),
  );
}

/** One of a player's worst moves, to jump to. */
export interface WorstMove {
  readonly n: number;
  readonly step: number;
  readonly class: GradeClass;
  readonly grade: number;
  /** The cells fired, and the best ones it missed. */
  readonly cells: readonly Coord[];
  readonly best: readonly Coord[];
}

/** A player's worst moves as the analysis lists them (worst first), ready to jump to. */
export function worstMoves(analysis: Pick<GameAnalysis, 'moves' | 'players'>, playerIndex: number): WorstMove[] {
  const player = analysis.players[playerIndex];
  if (!player) return [];
  const byNumber = new Map(analysis.moves.map((m) => [m.n, m]));
  return player.worst.flatMap((n) => {
    const move = byNumber.get(n);
    if (!move) return [];
    return [{ n, step: stepOfMove(move), class: move.class, grade: move.grade, cells: move.shots, best: move.best }];
  });
}

/** The next or previous move of a player worse than `good` from a step, to step through mistakes. */
export function nextMistake(
  moves: readonly MoveAnalysis[],
  step: number,
  direction: 1 | -1,
  shooterId?: string,
): MoveAnalysis | null {
  const bad = moves.filter(
    (m) =>
      (m.class === 'inaccuracy' || m.class === 'mistake' || m.class === 'blunder') &&
      (!shooterId || m.shooterId === shooterId),
  );
  if (direction === 1) return bad.find((m) => stepOfMove(m) > step) ?? null;
  return bad.findLast((m) => stepOfMove(m) < step) ?? null;
}

/** A class's sign beside its name, as chess annotates moves, so a grade reads without colour. */
export const CLASS_SIGNS: Readonly<Record<GradeClass, string>> = {
  best: '★',
  good: '✓',
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
};

/** Luck as a signed figure of hits, one decimal in the language's way ("+1.2", "−0,4", "0"). */
export function signedHits(luck: number, language = 'en'): string {
  const rounded = Math.round(luck * 10) / 10;
  if (rounded === 0) return '0';
  const figure = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.abs(rounded),
  );
  return rounded > 0 ? `+${figure}` : `−${figure}`;
}
