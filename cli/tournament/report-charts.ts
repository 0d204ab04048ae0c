import { escapeHtml, niceTicks } from '../load/svg-chart';
import type { LlrPoint } from './run';

/**
 * The tournament report's charts: intervals as HTML rows (a dot and its whisker on a track, the
 * figures as text beside them), so the text keeps its size on a phone, and the SPRT's path as an
 * inline SVG. No script; colours from the page's variables, so both themes read.
 */

export interface IntervalRow {
  readonly label: string;
  /** The estimate; null draws nothing (a participant without games). */
  readonly value: number | null;
  /** The 95% interval; null for a bound (drawn as an arrow past the value). */
  readonly low: number | null;
  readonly high: number | null;
  /** A floor points right, a ceiling left. */
  readonly bound?: 'floor' | 'ceiling' | null;
  /** The figures as text (`+62.1 ± 21.4`). */
  readonly text: string;
}

const pct = (x: number): string => `${Math.round(x * 1000) / 10}%`;

/** Rows of estimates with their intervals on one shared scale, a zero line when it is in range. */
export function intervalChart(caption: string, rows: readonly IntervalRow[], unit: string, zero = true): string {
  const numbers = rows.flatMap((r) => [r.value, r.low, r.high]).filter((v): v is number => v !== null);
  if (numbers.length === 0)
    return `<figure class="intervals"><figcaption>${escapeHtml(caption)}</figcaption><p>No data yet.</p></figure>`;
  let min = Math.min(...numbers, ...(zero ? [0] : []));
  let max = Math.max(...numbers, ...(zero ? [0] : []));
  const margin = Math.max((max - min) * 0.06, 1);
  min -= margin;
  max += margin;
  const at = (v: number): number => Math.max(0, Math.min(1, (v - min) / (max - min)));
  const zeroLine = zero && min < 0 && max > 0 ? `<span class="zero" style="left:${pct(at(0))}"></span>` : '';
  const body = rows
    .map((r) => {
      if (r.value === null)
        return `<div class="row"><span class="name">${escapeHtml(r.label)}</span><span class="track"></span><span class="figure">–</span></div>`;
      const low = r.low ?? (r.bound === 'ceiling' ? min : r.value);
      const high = r.high ?? (r.bound === 'floor' ? max : r.value);
      const whisker = `<span class="whisker${r.bound ? ` ${r.bound}` : ''}" style="left:${pct(at(low))};width:${pct(at(high) - at(low))}"></span>`;
      const dot = `<span class="dot" style="left:${pct(at(r.value))}" title="${escapeHtml(`${r.label}: ${r.text}`)}"></span>`;
      return `<div class="row"><span class="name">${escapeHtml(r.label)}</span><span class="track">${zeroLine}${whisker}${dot}</span><span class="figure">${escapeHtml(r.text)}</span></div>`;
    })
    .join('');
  const scale = `<div class="row scale"><span class="name"></span><span class="track"><span class="tick" style="left:0">${Math.round(min)}</span><span class="tick" style="left:100%">${Math.round(max)}</span></span><span class="figure">${escapeHtml(unit)}</span></div>`;
  return `<figure class="intervals"><figcaption>${escapeHtml(caption)}</figcaption><div class="rows">${body}${scale}</div></figure>`;
}

/** The CSS of interval charts and of the SPRT chart, added to the page's own. */
export const CHART_CSS = `/* One grid for every row, so each row's track has the same width and the scale lines up. */
.intervals .rows { display: grid; grid-template-columns: minmax(4em, max-content) minmax(8em, 1fr) max-content; gap: 4px 10px; align-items: center; }
.intervals .row { display: contents; }
.intervals .row > * { min-height: 22px; display: flex; align-items: center; }
.intervals .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; display: block !important; line-height: 22px; }
.intervals .figure { font-variant-numeric: tabular-nums; white-space: nowrap; }
.intervals .track { position: relative; height: 18px; border-bottom: 1px solid var(--line); }
.intervals .scale .track { border: 0; height: 14px; color: var(--muted); font-size: 0.8em; }
.intervals .tick { position: absolute; transform: translateX(-50%); }
.intervals .tick:first-child { transform: none; } .intervals .tick:last-child { transform: translateX(-100%); }
.intervals .zero { position: absolute; top: 0; bottom: 0; border-left: 1px dashed var(--muted); }
.intervals .whisker { position: absolute; top: 8px; height: 2px; background: #2f80ed; }
.intervals .whisker.floor { background: linear-gradient(90deg, #2f80ed, transparent); }
.intervals .whisker.ceiling { background: linear-gradient(270deg, #2f80ed, transparent); }
.intervals .dot { position: absolute; top: 4px; width: 10px; height: 10px; margin-left: -5px; border-radius: 50%; background: #eb5757; }
svg.llr { font-size: 15px; } svg.llr .h1 { stroke: #27ae60; } svg.llr .h0 { stroke: #eb5757; }
@media (max-width: 600px) { .intervals .rows { gap: 4px 6px; font-size: 0.9em; } .intervals .name { max-width: 7em; } }`;

const W = 560;
const H = 260;
const PAD = { left: 54, right: 16, top: 16, bottom: 44 };

/** The SPRT's LLR after each pair, between its two bounds (docs/engines.md, "SPRT"). */
export function llrChart(path: readonly LlrPoint[], lower: number, upper: number): string {
  if (path.length === 0) return '<p>No pair completed yet.</p>';
  const last = path[path.length - 1];
  const xMax = Math.max(1, last?.pairs ?? 1);
  const yMin = Math.min(lower, ...path.map((p) => p.llr)) * 1.08;
  const yMax = Math.max(upper, ...path.map((p) => p.llr)) * 1.08;
  const sx = (x: number): number => Math.round((PAD.left + (x / xMax) * (W - PAD.left - PAD.right)) * 10) / 10;
  const sy = (y: number): number =>
    Math.round((PAD.top + ((yMax - y) / (yMax - yMin)) * (H - PAD.top - PAD.bottom)) * 10) / 10;
  const d = [{ pairs: 0, llr: 0 }, ...path].map((p, i) => `${i ? 'L' : 'M'}${sx(p.pairs)} ${sy(p.llr)}`).join('');
  const xTicks = niceTicks(xMax, 4).filter((t) => t <= xMax);
  const bound = (y: number, cls: string, text: string): string =>
    `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${sy(y)}" y2="${sy(y)}" class="${cls}" stroke-width="1.5" stroke-dasharray="6 4"/>` +
    `<text x="${W - PAD.right}" y="${sy(y) + (y > 0 ? -6 : 16)}" text-anchor="end">${escapeHtml(text)}</text>`;
  return (
    `<svg class="llr" viewBox="0 0 ${W} ${H}" role="img" aria-label="LLR after each pair">` +
    `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${sy(0)}" y2="${sy(0)}" class="grid"/>` +
    `<text x="${PAD.left - 6}" y="${sy(0) + 5}" text-anchor="end">0</text>` +
    bound(upper, 'h1', `H1 at ${upper.toFixed(2)}`) +
    bound(lower, 'h0', `H0 at ${lower.toFixed(2)}`) +
    xTicks.map((t) => `<text x="${sx(t)}" y="${H - PAD.bottom + 20}" text-anchor="middle">${t}</text>`).join('') +
    `<text x="${(PAD.left + W - PAD.right) / 2}" y="${H - 6}" text-anchor="middle" class="label">pairs</text>` +
    `<text x="14" y="${(PAD.top + H - PAD.bottom) / 2}" text-anchor="middle" class="label" transform="rotate(-90 14 ${(PAD.top + H - PAD.bottom) / 2})">LLR</text>` +
    `<path d="${d}" fill="none" stroke="#2f80ed" stroke-width="2.5"/>` +
    `<circle cx="${sx(last?.pairs ?? 0)}" cy="${sy(last?.llr ?? 0)}" r="4" fill="#2f80ed"/></svg>`
  );
}
