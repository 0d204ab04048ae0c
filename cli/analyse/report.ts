import { coordLabel, formatRules } from '../../src/game';
import type { GameAnalysis, MoveAnalysis, PlayerAnalysis } from '../../src/protocol/analysis';

/** The text report of `broadside analyse`: one row per move, then each player's figures. */

const pct = (p: number): string => p.toFixed(3);
const signed = (v: number): string => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}`;

function pad(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
    .join('  ')
    .trimEnd();
}

function moveRow(move: MoveAnalysis, name: string): string[] {
  const fired = move.shots.map((s) => `${coordLabel(s)} ${s.result}`).join(', ');
  const p = move.shots.length === 1 ? pct(move.shots[0]?.p ?? 0) : `Σ ${move.expectedHits.toFixed(2)}`;
  const best =
    move.best.length === 1
      ? `${coordLabel(move.best[0] ?? { x: 0, y: 0 })} ${pct(move.best[0]?.p ?? 0)}`
      : `${move.best.map(coordLabel).join(' ')} Σ ${move.bestExpectedHits.toFixed(2)}`;
  const grade = move.error > 0 ? `${move.grade.toFixed(2)} ±${move.error.toFixed(2)}` : move.grade.toFixed(2);
  return [String(move.n + 1), name, fired, p, best, grade, move.class, move.method];
}

function playerLines(player: PlayerAnalysis, name: string): string[] {
  const classes = Object.entries(player.classes)
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  const worst = player.worst.length > 0 ? `; worst moves: ${player.worst.map((n) => `#${n + 1}`).join(', ')}` : '';
  return [
    `${name}: accuracy ${player.accuracy === null ? '–' : player.accuracy.toFixed(1)}, luck ${signed(player.luck)} ` +
      `(${player.hits} hits for ${player.expectedHits.toFixed(2)} expected over ${player.shots} shots)`,
    `  ${classes}${worst}`,
  ];
}

export function analysisReport(analysis: GameAnalysis, label: string, names: ReadonlyMap<string, string>): string[] {
  const name = (id: string): string => names.get(id) ?? id;
  const header = ['#', 'player', 'fired', 'p', 'best', 'grade', 'class', 'how'];
  const rows = analysis.moves.map((m) => moveRow(m, name(m.shooterId)));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const exact = analysis.moves.filter((m) => m.method === 'exact').length;
  const how =
    analysis.engine === 'broadside'
      ? `${exact} of ${analysis.moves.length} moves counted exactly, the others from ${analysis.samples} sampled boards or more`
      : `graded by the engine ${analysis.engine}`;
  return [
    `${label} · ${formatRules(analysis.rules)} · ${how}`,
    '',
    pad(header, widths),
    ...rows.map((r) => pad(r, widths)),
    '',
    ...analysis.players.flatMap((p) => playerLines(p, name(p.userId))),
    '',
    'grade = p of the cells fired / p of the best cells (docs/analysis.md); ± its standard error when sampled',
  ];
}
