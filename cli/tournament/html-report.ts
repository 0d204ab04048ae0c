import { END_REASONS } from '../engine/bep';
import { htmlPage } from '../html-page';
import { escapeHtml } from '../load/svg-chart';
import { eloEstimate } from './sprt';
import type { TournamentReport } from './run';

const W = 640;
const ROW = 28;
const PAD = { left: 140, right: 24, top: 16, bottom: 36 };

/** Each participant's Elo against the field, a dot with its 95% interval as a whisker. */
function eloChart(r: TournamentReport): string {
  const rows = r.participants.map((p) => ({
    name: p.name,
    e: eloEstimate([p.losses, 0, p.wins], [0, 0.5, 1], p.wins, p.losses),
  }));
  if (r.eloDiff && r.participants.length === 2) {
    rows.push({ name: `${r.participants[0]?.name} − ${r.participants[1]?.name}`, e: r.eloDiff });
  }
  const finite = (x: number): number => (Number.isFinite(x) ? x : 0);
  const span = Math.max(50, ...rows.map((row) => Math.abs(row.e.value) + finite(Math.min(row.e.error, 800))));
  const H = PAD.top + PAD.bottom + rows.length * ROW;
  const sx = (elo: number): number =>
    Math.round(
      (PAD.left + ((Math.max(-span, Math.min(span, elo)) + span) / (2 * span)) * (W - PAD.left - PAD.right)) * 10,
    ) / 10;
  const ticks = [-span, -span / 2, 0, span / 2, span].map((t) => Math.round(t));
  const grid = ticks
    .map(
      (t) =>
        `<line class="grid" x1="${sx(t)}" x2="${sx(t)}" y1="${PAD.top}" y2="${H - PAD.bottom}"/>` +
        `<text x="${sx(t)}" y="${H - PAD.bottom + 14}" text-anchor="middle">${t}</text>`,
    )
    .join('');
  const marks = rows
    .map((row, i) => {
      const y = PAD.top + i * ROW + ROW / 2;
      const err = Number.isFinite(row.e.error) ? row.e.error : span * 2;
      const label = `${row.name}: ${row.e.value.toFixed(1)} ± ${Number.isFinite(row.e.error) ? row.e.error.toFixed(1) : '∞'}`;
      return (
        `<text x="${PAD.left - 8}" y="${y + 4}" text-anchor="end" class="label">${escapeHtml(row.name)}</text>` +
        `<line x1="${sx(row.e.value - err)}" x2="${sx(row.e.value + err)}" y1="${y}" y2="${y}" stroke="#2f80ed" stroke-width="2"/>` +
        `<circle cx="${sx(row.e.value)}" cy="${y}" r="4" fill="#eb5757"><title>${escapeHtml(label)}</title></circle>`
      );
    })
    .join('');
  return (
    '<figure><figcaption>Elo against the field, with 95% error (the last row: the difference of two participants)</figcaption>' +
    `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Elo with error">${grid}${marks}` +
    `<text x="${(PAD.left + W - PAD.right) / 2}" y="${H - 6}" text-anchor="middle" class="label">Elo</text></svg></figure>`
  );
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
  return `<table class="numbers">${head}${body}</table>`;
}

function reasons(r: TournamentReport): string {
  const head = `<tr><th>Participant</th><th>Games</th><th>Wins</th><th>Losses</th>${END_REASONS.map((e) => `<th>lost by ${e}</th>`).join('')}</tr>`;
  const body = r.participants
    .map(
      (p) =>
        `<tr><th>${escapeHtml(p.name)}</th><td>${p.games}</td><td>${p.wins}</td><td>${p.losses}</td>${END_REASONS.map((e) => `<td>${p.lossReasons[e] ?? 0}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="numbers">${head}${body}</table>`;
}

/** A self-contained page: standings, crosstable, pairs, Elo with error chart, SPRT, and the JSON report. */
export function renderTournamentHtml(r: TournamentReport, lines: readonly string[], when = new Date()): string {
  const title = `Broadside tournament — ${r.participants.map((p) => p.name).join(', ')}`;
  return htmlPage({
    title,
    meta: `${when.toISOString()} · rules ${r.rules} · seed ${r.seed} · ${r.games} of ${r.planned} games`,
    maxWidth: 1100,
    css: `pre { background: color-mix(in srgb, var(--line) 30%, transparent); padding: 12px; overflow-x: auto; }
svg .label { fill: var(--fg); }`,
    body: `<section id="crosstable"><h2>Crosstable</h2>${crosstable(r)}</section>
<section id="standings"><h2>Games and end reasons</h2>${reasons(r)}</section>
<section id="elo"><h2>Elo</h2>${eloChart(r)}</section>
<section id="summary"><h2>Summary</h2><pre>${escapeHtml(lines.join('\n'))}</pre></section>`,
    data: r,
  });
}
