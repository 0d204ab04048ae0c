import { END_REASONS } from '../engine/bep';
import { htmlPage } from '../html-page';
import { escapeHtml } from '../load/svg-chart';
import { formatMeanError } from '../stats';
import { CHART_CSS, intervalChart, llrChart } from './report-charts';
import type { TournamentReport } from './run';
import { formatSprt } from './sprt';
import type { GameSummary } from './tally';
import { eloText, ptnml, ratingText } from './text-report';

export interface HtmlReportOptions {
  /** The run's folder (--out), named in the hint to replay its games; null when games were not kept. */
  readonly dir: string | null;
  /**
   * The page is served by `broadside view` (cli/view/serve.ts): each game links to the replay
   * viewer there. A report written to a file names the command instead.
   */
  readonly served?: boolean;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const table = (head: string, body: string): string =>
  `<div class="scroll"><table class="numbers">${head}${body}</table></div>`;

/** The path of a game in the replay viewer `broadside view` serves next to this page. */
export const viewerLink = (id: string): string => `view.html?game=${encodeURIComponent(id)}`;

function ratingsSection(r: TournamentReport): string {
  const shots = new Map(r.shots.map((s) => [s.name, s]));
  const salvo = r.rules.includes('shots=salvo');
  const head = `<tr><th>#</th><th>Participant</th><th>Rating</th><th>±</th><th>LOS next</th><th>Games</th><th>Wins</th><th>Score</th><th>Shots to win</th>${salvo ? '<th>Moves to win</th>' : ''}<th>Shots / game</th></tr>`;
  const body = r.ratings
    .map((p, i) => {
      const s = shots.get(p.name);
      return (
        `<tr><td>${i + 1}</td><th>${escapeHtml(p.name)}</th><td>${escapeHtml(ratingText(p))}</td>` +
        `<td>${p.error === null ? '–' : p.error.toFixed(1)}</td><td>${p.losNext === null ? '' : pct(p.losNext)}</td>` +
        `<td>${p.games}</td><td>${p.wins}</td><td>${pct(p.wins / Math.max(1, p.games))}</td>` +
        `<td>${escapeHtml(formatMeanError(s?.toWin ?? null))}</td>${salvo ? `<td>${escapeHtml(formatMeanError(s?.movesToWin ?? null))}</td>` : ''}` +
        `<td>${s ? s.perGame.toFixed(1) : '–'}</td></tr>`
      );
    })
    .join('');
  const two = r.participants.length === 2 && r.eloDiff;
  // Two participants make one comparison: one interval, the difference of whole pairs.
  const chart =
    two && r.eloDiff
      ? intervalChart(
          `Elo of ${r.participants[0]?.name} over ${r.participants[1]?.name}, from ${r.eloDiff.pairs} whole pairs (95% interval)`,
          [
            {
              label: `${r.participants[0]?.name} − ${r.participants[1]?.name}`,
              value: r.eloDiff.value,
              low: r.eloDiff.error === null ? null : r.eloDiff.value - r.eloDiff.error,
              high: r.eloDiff.error === null ? null : r.eloDiff.value + r.eloDiff.error,
              bound: r.eloDiff.bound,
              text: eloText(r.eloDiff),
            },
          ],
          'Elo',
        )
      : intervalChart(
          'Ratings against the pool average, with 95% intervals',
          r.ratings.map((p) => ({
            label: p.name,
            value: p.rating,
            low: p.rating === null || p.error === null ? null : p.rating - p.error,
            high: p.rating === null || p.error === null ? null : p.rating + p.error,
            bound: p.bound,
            text: p.rating === null ? '–' : `${ratingText(p)}${p.error === null ? '' : ` ± ${p.error.toFixed(1)}`}`,
          })),
          'Elo',
        );
  const note =
    '<p class="note">Joint maximum-likelihood ratings (as Ordo and BayesElo compute them), 0 the pool average; ' +
    'the 95% error comes from a bootstrap over whole pairs. LOS next: the likelihood of being stronger than the next one. ' +
    '&gt; and &lt; mark a floor and a ceiling: a participant who won (lost) every game has no finite rating.</p>';
  return `<section id="ratings"><h2>Ratings</h2>${table(head, body)}${note}${chart}</section>`;
}

function shotsSection(r: TournamentReport): string {
  const salvo = r.rules.includes('shots=salvo');
  const chart = intervalChart(
    'Shots to win: games won by sinking every ship, mean and 95% interval',
    r.shots.map((s) => ({
      label: s.name,
      value: s.toWin?.mean ?? null,
      low: s.toWin?.ci95[0] ?? null,
      high: s.toWin?.ci95[1] ?? null,
      text: s.toWin ? `${s.toWin.mean.toFixed(2)} ± ${s.toWin.se.toFixed(2)} (${s.toWin.n} wins)` : '–',
    })),
    'shots',
    false,
  );
  const moves = salvo
    ? intervalChart(
        'Moves to win (a salvo is one move), mean and 95% interval',
        r.shots.map((s) => ({
          label: s.name,
          value: s.movesToWin?.mean ?? null,
          low: s.movesToWin?.ci95[0] ?? null,
          high: s.movesToWin?.ci95[1] ?? null,
          text: s.movesToWin ? `${s.movesToWin.mean.toFixed(2)} ± ${s.movesToWin.se.toFixed(2)}` : '–',
        })),
        'moves',
        false,
      )
    : '';
  return (
    `<section id="shots"><h2>Shots</h2>${chart}${moves}<p class="note">A lost game ends at the opponent's last shot, ` +
    'so only the games a participant won say how many shots it needed (± is the standard error).</p></section>'
  );
}

function sprtSection(r: TournamentReport): string {
  const s = r.sprt;
  if (!s) return '';
  const verdict = s.result === 'H1' ? 'H1 accepted' : s.result === 'H0' ? 'H0 accepted' : 'no decision yet';
  return (
    `<section id="sprt"><h2>SPRT</h2><p>${escapeHtml(formatSprt(s))}: LLR <strong>${s.llr.toFixed(2)}</strong> ` +
    `in [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}] after ${s.pairs} pairs: <strong>${verdict}</strong>.</p>` +
    `${llrChart(s.path, s.lower, s.upper)}</section>`
  );
}

function pairsSection(r: TournamentReport): string {
  const head =
    '<tr><th>Pairing</th><th>Games</th><th>First wins</th><th>Ptnml(0-2)</th><th>Both lost</th><th>Split</th><th>Both won</th></tr>';
  const body = r.pairings
    .map(
      (t) =>
        `<tr><th>${escapeHtml(`${t.first} vs ${t.second}`)}</th><td>${t.games}</td><td>${t.firstWins}</td>` +
        `<td>${ptnml(t.pentanomial)}</td><td>${t.pairs.bothLost}</td><td>${t.pairs.split}</td><td>${t.pairs.bothWon}</td></tr>`,
    )
    .join('');
  const diff = r.eloDiff
    ? `<p>Elo ${escapeHtml(`${r.participants[0]?.name} − ${r.participants[1]?.name}`)}: ${escapeHtml(eloText(r.eloDiff))}</p>`
    : '';
  return `<section id="pairs"><h2>Pairs</h2>${table(head, body)}${diff}</section>`;
}

function crosstable(r: TournamentReport): string {
  const names = r.participants.map((p) => p.name);
  const head = `<tr><th></th>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join('')}<th>Score</th></tr>`;
  const body = names
    .map((name, i) => {
      const p = r.participants[i];
      const cells = names
        .map((_, j) => {
          const games = r.crosstable.games[i]?.[j] ?? 0;
          return i === j || games === 0 ? '<td>–</td>' : `<td>${r.crosstable.wins[i]?.[j] ?? 0}/${games}</td>`;
        })
        .join('');
      return `<tr><th>${escapeHtml(name)}</th>${cells}<td>${p ? `${p.wins}/${p.games}` : ''}</td></tr>`;
    })
    .join('');
  return `<section id="crosstable"><h2>Crosstable</h2><p class="note">Wins of the row against the column.</p>${table(head, body)}</section>`;
}

function reasons(r: TournamentReport): string {
  const head = `<tr><th>Participant</th><th>Games</th><th>Wins</th><th>Losses</th>${END_REASONS.map((e) => `<th>lost by ${e}</th>`).join('')}</tr>`;
  const body = r.participants
    .map(
      (p) =>
        `<tr><th>${escapeHtml(p.name)}</th><td>${p.games}</td><td>${p.wins}</td><td>${p.losses}</td>${END_REASONS.map((e) => `<td>${p.lossReasons[e] ?? 0}</td>`).join('')}</tr>`,
    )
    .join('');
  const faulted = r.faulted.length
    ? `<p class="warning">${escapeHtml(r.faulted.join(', '))} lost every game by a fault: see the engine logs${r.logDir ? ` in ${escapeHtml(r.logDir)}` : ''}.</p>`
    : '';
  return `<section id="end-reasons"><h2>How the games ended</h2>${faulted}${table(head, body)}</section>`;
}

function gamesSection(r: TournamentReport, games: readonly GameSummary[], options: HtmlReportOptions): string {
  if (games.length === 0) return '';
  const names = r.participants.map((p) => p.name);
  const salvo = r.rules.includes('shots=salvo');
  const hint = options.served
    ? '<p class="note">Each game opens in the replay viewer.</p>'
    : options.dir
      ? `<p class="note">Replay any game in the browser: <code>broadside view ${escapeHtml(options.dir)}</code> serves this report with every game linked to the replay viewer; <code>--game ID</code> opens one.</p>`
      : '<p class="note">The games were not saved (run with <code>--out DIR</code> to replay them).</p>';
  const head = `<tr><th>Game</th><th>First</th><th>Second</th><th>Winner</th><th>How</th><th>Shots</th>${salvo ? '<th>Moves</th>' : ''}</tr>`;
  const body = [...games]
    .sort((a, b) => a.index - b.index)
    .map((g) => {
      const first = g.first ?? 0;
      const order = first === 0 ? ([0, 1] as const) : ([1, 0] as const);
      const id =
        options.served && g.file
          ? `<a href="${escapeHtml(viewerLink(g.id))}">${escapeHtml(g.id)}</a>`
          : escapeHtml(g.id);
      const moves = g.moves ? `${g.moves[order[0]]}–${g.moves[order[1]]}` : '–';
      return (
        `<tr><th>${id}</th><td>${escapeHtml(names[g.seats[order[0]]] ?? '?')}</td><td>${escapeHtml(names[g.seats[order[1]]] ?? '?')}</td>` +
        `<td>${escapeHtml(names[g.winner] ?? '?')}</td><td title="${escapeHtml(g.detail)}">${escapeHtml(g.reason)}</td>` +
        `<td>${g.shots[order[0]]}–${g.shots[order[1]]}</td>${salvo ? `<td>${moves}</td>` : ''}</tr>`
      );
    })
    .join('');
  const list = `<div class="scroll"><table class="numbers games">${head}${body}</table></div>`;
  return (
    `<section id="games"><h2>Games</h2>${hint}` +
    (games.length > 60 ? `<details><summary>All ${games.length} games</summary>${list}</details>` : list) +
    '</section>'
  );
}

/**
 * A self-contained page: ratings with their chart, shots per participant, the SPRT's path, pairs,
 * crosstable, end reasons, every game (linked to the replay viewer when served), the text summary
 * and the JSON report. Readable on a phone: tables scroll sideways, charts keep their text size.
 */
export function renderTournamentHtml(
  r: TournamentReport,
  lines: readonly string[],
  games: readonly GameSummary[],
  options: HtmlReportOptions,
  when = new Date(),
): string {
  const title = `Broadside tournament — ${r.participants.map((p) => p.name).join(', ')}`;
  return htmlPage({
    title,
    meta: `${when.toISOString()} · rules ${r.rules} · seed ${r.seed} · ${r.games} of ${r.planned} games${r.stopped ? ' · stopped early' : ''}`,
    maxWidth: 1100,
    css: `pre { background: color-mix(in srgb, var(--line) 30%, transparent); padding: 12px; overflow-x: auto; font-size: 0.85em; }
svg .label { fill: var(--fg); }
.scroll { overflow-x: auto; max-width: 100%; }
figure { margin: 12px 0; }
.numbers td, .numbers th { white-space: nowrap; }
table.games td:nth-child(-n + 5) { text-align: left; }
.note { color: var(--muted); font-size: 0.9em; }
.warning { color: #eb5757; font-weight: 600; }
table.games th a { color: #2f80ed; }
details summary { cursor: pointer; margin: 8px 0; }
@media (max-width: 600px) { body { padding: 12px; font-size: 14px; } th, td { padding: 3px 6px; } }
${CHART_CSS}`,
    body: `${ratingsSection(r)}
${shotsSection(r)}
${sprtSection(r)}
${pairsSection(r)}
${r.participants.length > 2 ? crosstable(r) : ''}
${reasons(r)}
${gamesSection(r, games, options)}
<section id="summary"><h2>Summary</h2><pre>${escapeHtml(lines.join('\n'))}</pre></section>`,
    data: r,
  });
}
