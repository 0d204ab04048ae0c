import { END_REASONS } from '../engine/bep';
import type { TournamentReport } from './run';

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
const pad = (s: string | number, n: number): string => String(s).padStart(n);

/** The human report: standings with end reasons, crosstable, pairs, Elo, SPRT. */
export function textReport(r: TournamentReport): string[] {
  const lines: string[] = [];
  lines.push(
    `tournament: ${r.participants.length} participants, ${r.games} of ${r.planned} games, rules ${r.rules}, seed ${r.seed}, ` +
      `${r.seconds} s (${r.gamesPerSecond} games/s)${r.stopped ? ', stopped early' : ''}`,
  );
  const width = Math.max(4, ...r.participants.map((p) => p.name.length));
  lines.push(
    `${'name'.padEnd(width)}  games  wins losses   score  lost by:${END_REASONS.map((e) => e.padStart(8)).join('')}`,
  );
  const ranked = [...r.participants].sort((a, b) => b.wins / Math.max(1, b.games) - a.wins / Math.max(1, a.games));
  for (const p of ranked) {
    lines.push(
      `${p.name.padEnd(width)} ${pad(p.games, 6)} ${pad(p.wins, 5)} ${pad(p.losses, 6)} ${pad(pct(p.wins / Math.max(1, p.games)), 7)}          ` +
        END_REASONS.map((e) => pad(p.lossReasons[e] ?? 0, 8)).join(''),
    );
  }
  if (r.participants.length > 2) {
    lines.push('crosstable (wins of the row against the column):');
    const names = r.participants.map((p) => p.name);
    lines.push(`${''.padEnd(width)} ${names.map((n) => n.slice(0, 8).padStart(9)).join('')}`);
    names.forEach((name, i) => {
      const cells = names.map((_, j) =>
        i === j || !r.crosstable.games[i]?.[j]
          ? '        -'
          : pad(`${r.crosstable.wins[i]?.[j]}/${r.crosstable.games[i]?.[j]}`, 9),
      );
      lines.push(`${name.padEnd(width)} ${cells.join('')}`);
    });
  }
  for (const t of r.pairings) {
    const { bothWon, split, bothLost } = t.pairs;
    lines.push(`pairs ${t.first} vs ${t.second}: both won ${bothWon}, split ${split}, both lost ${bothLost}`);
  }
  if (r.server)
    lines.push(
      `shot first (the server draws it): ${r.participants.map((p) => `${p.name} ${p.shotFirst}/${p.games}`).join(', ')}`,
    );
  if (r.eloDiff) {
    const e = r.eloDiff;
    lines.push(
      `elo difference ${r.participants[0]?.name} − ${r.participants[1]?.name}: ${e.value.toFixed(1)} ± ${Number.isFinite(e.error) ? e.error.toFixed(1) : '∞'}, LOS ${pct(e.los)}`,
    );
  }
  if (r.sprt) {
    const s = r.sprt;
    lines.push(
      `SPRT elo0=${s.elo0} elo1=${s.elo1} alpha=${s.alpha} beta=${s.beta}: LLR ${s.llr.toFixed(2)} ` +
        `[${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}] after ${s.pairs} pairs: ` +
        (s.result === 'H0' ? 'H0 accepted' : s.result === 'H1' ? 'H1 accepted' : 'no decision'),
    );
  }
  if (r.out) lines.push(`games and results in ${r.out}`);
  if (r.logDir) lines.push(`engine logs in ${r.logDir}`);
  return lines;
}
