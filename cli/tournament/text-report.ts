import { END_REASONS } from '../engine/bep';
import { formatMeanError } from '../stats';
import type { Rating } from './ratings';
import type { TournamentReport } from './run';
import { type EloEstimate, formatSprt, type Pentanomial } from './sprt';
import type { Tally } from './tally';

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
const pad = (s: string | number, n: number): string => String(s).padStart(n);
const signed = (x: number, digits = 1): string => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

/** A rating as the table prints it: `+62.1`, a floor `> +412.0`, a ceiling `< -412.0`, or `–`. */
export function ratingText(r: Pick<Rating, 'rating' | 'bound'>): string {
  if (r.rating === null) return '–';
  return `${r.bound === 'floor' ? '> ' : r.bound === 'ceiling' ? '< ' : ''}${signed(r.rating)}`;
}

/** `[LL, LD, DD+WL, WD, WW]` as fastchess prints Ptnml(0-2). */
export const ptnml = (p: Pentanomial): string => `[${p.join(', ')}]`;

/** `+177.5 ± 59.3, nElo +190.2 ± 50.1, LOS 100.0 %`, or the bound of a perfect score. */
export function eloText(e: EloEstimate): string {
  if (e.bound)
    return `${e.bound === 'floor' ? '>' : '<'} ${signed(e.value)} (every pair ${e.bound === 'floor' ? 'won' : 'lost'}), LOS ${pct(e.los)}`;
  const nElo = e.nElo === null ? 'nElo –' : `nElo ${signed(e.nElo)} ± ${(e.nEloError ?? 0).toFixed(1)}`;
  return `${signed(e.value)} ± ${(e.error ?? 0).toFixed(1)}, ${nElo}, LOS ${pct(e.los)}`;
}

/** The human report: ratings, shots, end reasons, crosstable, pairs, Elo, SPRT. */
export function textReport(r: TournamentReport): string[] {
  const lines: string[] = [];
  lines.push(
    `tournament: ${r.participants.length} participants, ${r.games} of ${r.planned} games, rules ${r.rules}, seed ${r.seed}` +
      // A saved run read back (broadside view) has no time of its own to tell.
      `${r.seconds > 0 ? `, ${r.seconds} s (${r.gamesPerSecond} games/s)` : ''}${r.stopped ? ', stopped early' : ''}`,
  );
  const width = Math.max(4, ...r.participants.map((p) => p.name.length));
  lines.push(
    'ratings (joint maximum likelihood, pool average 0; 95 % error from a bootstrap over pairs; LOS over the next):',
  );
  lines.push(`   # ${'name'.padEnd(width)}    rating   error     LOS  games   wins   score`);
  r.ratings.forEach((p, i) => {
    lines.push(
      `${pad(i + 1, 4)} ${p.name.padEnd(width)} ${pad(ratingText(p), 9)} ${pad(p.error === null ? '–' : p.error.toFixed(1), 7)} ` +
        `${pad(p.losNext === null ? '' : pct(p.losNext), 7)} ${pad(p.games, 6)} ${pad(p.wins, 6)} ${pad(pct(p.wins / Math.max(1, p.games)), 7)}`,
    );
  });
  const salvo = r.rules.includes('shots=salvo');
  lines.push(
    `shots to win (games won by sinking every ship: mean ± standard error [95 % interval])${salvo ? ', moves to win' : ''}, shots per game:`,
  );
  for (const s of r.shots) {
    lines.push(
      `     ${s.name.padEnd(width)} ${formatMeanError(s.toWin)}${s.toWin ? ` in ${s.toWin.n} wins` : ''}` +
        `${salvo ? `; moves ${formatMeanError(s.movesToWin)}` : ''}; ${s.perGame.toFixed(1)} per game`,
    );
  }
  lines.push(`     ${'lost by:'.padEnd(width)} ${END_REASONS.map((e) => e.padStart(8)).join('')}`);
  for (const p of r.participants)
    lines.push(`     ${p.name.padEnd(width)} ${END_REASONS.map((e) => pad(p.lossReasons[e] ?? 0, 8)).join('')}`);
  if (r.participants.length > 2) {
    lines.push('crosstable (wins of the row against the column):');
    const names = r.participants.map((p) => p.name);
    lines.push(`     ${''.padEnd(width)} ${names.map((n) => n.slice(0, 8).padStart(9)).join('')}`);
    names.forEach((name, i) => {
      const cells = names.map((_, j) =>
        i === j || !r.crosstable.games[i]?.[j]
          ? '        -'
          : pad(`${r.crosstable.wins[i]?.[j]}/${r.crosstable.games[i]?.[j]}`, 9),
      );
      lines.push(`     ${name.padEnd(width)} ${cells.join('')}`);
    });
  }
  for (const t of r.pairings) {
    const { bothWon, split, bothLost } = t.pairs;
    lines.push(
      `pairs ${t.first} vs ${t.second}: Ptnml(0-2) ${ptnml(t.pentanomial)} (both lost ${bothLost}, split ${split}, both won ${bothWon})`,
    );
  }
  if (r.server)
    lines.push(
      `shot first (the server draws it): ${r.participants.map((p) => `${p.name} ${p.shotFirst}/${p.games}`).join(', ')}`,
    );
  if (r.eloDiff)
    lines.push(`elo difference ${r.participants[0]?.name} − ${r.participants[1]?.name}: ${eloText(r.eloDiff)}`);
  if (r.sprt) {
    const s = r.sprt;
    lines.push(
      `SPRT ${formatSprt(s)}: LLR ${s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}] after ${s.pairs} pairs: ` +
        (s.result === 'H0' ? 'H0 accepted' : s.result === 'H1' ? 'H1 accepted' : 'no decision'),
    );
  }
  for (const name of r.faulted)
    lines.push(`${name} lost every game it played by a fault: check its log (timeouts, crashes, illegal moves)`);
  if (r.out) lines.push(`games and results in ${r.out} (broadside view ${r.out} replays them)`);
  if (r.logDir) lines.push(`engine logs in ${r.logDir}`);
  return lines;
}

/**
 * The line printed every `--rating-interval` games: for two participants the score, the pairs'
 * Elo and Ptnml(0-2) and the LLR; for more, each one's score (ratings wait for the end).
 */
export function intervalLine(done: number, tally: Tally): string {
  const s = tally.standings();
  if (s.eloDiff && s.pentanomial) {
    const [a, b] = s.participants;
    const sprt = s.sprt
      ? `, LLR ${s.sprt.llr.toFixed(2)} (${s.sprt.lower.toFixed(2)}, ${s.sprt.upper.toFixed(2)})`
      : '';
    return (
      `games ${done}: ${a?.name} ${a?.wins}-${b?.wins} ${b?.name} (${pct((a?.wins ?? 0) / Math.max(1, done))}), ` +
      `Elo ${eloText(s.eloDiff)}, Ptnml(0-2) ${ptnml(s.pentanomial)}${sprt}`
    );
  }
  return `games ${done}: ${s.participants.map((p) => `${p.name} ${p.wins}/${p.games}`).join(', ')}`;
}
