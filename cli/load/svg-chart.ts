/** Small inline SVG charts for the HTML report: no script, no external asset, readable when printed. */

export interface Series {
  readonly name: string;
  readonly color: string;
  readonly points: readonly (readonly [number, number])[];
}

const W = 640;
const H = 220;
const PAD = { left: 56, right: 12, top: 12, bottom: 34 };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** 1, 2, 5 × 10ⁿ steps giving about `count` ticks from 0 to `max`. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  if ((ticks[ticks.length - 1] ?? 0) < max) ticks.push(Number((ticks.length * step).toPrecision(12)));
  return ticks;
}

const label = (v: number): string => (Math.abs(v) >= 1000 ? `${Number((v / 1000).toPrecision(3))}k` : String(v));

function frame(
  xTicks: readonly [number, string][],
  yTicks: readonly number[],
  sx: (x: number) => number,
  sy: (y: number) => number,
  xLabel: string,
  yLabel: string,
): string {
  const grid = yTicks
    .map(
      (t) =>
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${sy(t)}" y2="${sy(t)}" class="grid"/>` +
        `<text x="${PAD.left - 6}" y="${sy(t) + 4}" text-anchor="end">${label(t)}</text>`,
    )
    .join('');
  const xs = xTicks
    .map(([x, text]) => `<text x="${sx(x)}" y="${H - PAD.bottom + 16}" text-anchor="middle">${escapeHtml(text)}</text>`)
    .join('');
  return (
    `${grid}${xs}<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom}" class="axis"/>` +
    `<text x="${(PAD.left + W - PAD.right) / 2}" y="${H - 4}" text-anchor="middle" class="label">${escapeHtml(xLabel)}</text>` +
    `<text x="12" y="${(PAD.top + H - PAD.bottom) / 2}" text-anchor="middle" class="label" transform="rotate(-90 12 ${(PAD.top + H - PAD.bottom) / 2})">${escapeHtml(yLabel)}</text>`
  );
}

function legend(series: readonly Series[]): string {
  return `<p class="legend">${series
    .map((s) => `<span><i style="background:${s.color}"></i>${escapeHtml(s.name)}</span>`)
    .join(' ')}</p>`;
}

/** Lines over a linear x axis (seconds), one per series, with dots on the points. */
export function lineChart(title: string, series: readonly Series[], xLabel: string, yLabel: string): string {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return `<figure><figcaption>${escapeHtml(title)}</figcaption><p>No data.</p></figure>`;
  const xMax = Math.max(...all.map(([x]) => x), 1);
  const yTicks = niceTicks(Math.max(...all.map(([, y]) => y)));
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const sx = (x: number): number => Math.round((PAD.left + (x / xMax) * (W - PAD.left - PAD.right)) * 10) / 10;
  const sy = (y: number): number => Math.round((H - PAD.bottom - (y / yMax) * (H - PAD.top - PAD.bottom)) * 10) / 10;
  const xTicks = niceTicks(xMax)
    .filter((t) => t <= xMax)
    .map((t): [number, string] => [t, label(t)]);
  const paths = series
    .map((s) => {
      const d = s.points.map(([x, y], i) => `${i ? 'L' : 'M'}${sx(x)} ${sy(y)}`).join('');
      const dots = s.points.map(([x, y]) => `<circle cx="${sx(x)}" cy="${sy(y)}" r="2.5" fill="${s.color}"/>`).join('');
      return `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"/>${dots}`;
    })
    .join('');
  return (
    `<figure><figcaption>${escapeHtml(title)}</figcaption>` +
    `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(title)}">${frame(xTicks, yTicks, sx, sy, xLabel, yLabel)}${paths}</svg>` +
    `${legend(series)}</figure>`
  );
}

/** Bars, one per category, side by side; labels under every few bars. */
export function barChart(
  title: string,
  bars: readonly { readonly label: string; readonly value: number }[],
  xLabel: string,
  yLabel: string,
  color: string,
): string {
  if (bars.length === 0) return `<figure><figcaption>${escapeHtml(title)}</figcaption><p>No data.</p></figure>`;
  const yTicks = niceTicks(Math.max(...bars.map((b) => b.value)));
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const width = (W - PAD.left - PAD.right) / bars.length;
  const sx = (i: number): number => Math.round((PAD.left + (i + 0.5) * width) * 10) / 10;
  const sy = (y: number): number => Math.round((H - PAD.bottom - (y / yMax) * (H - PAD.top - PAD.bottom)) * 10) / 10;
  const every = Math.max(1, Math.ceil(bars.length / 8));
  const xTicks = bars.flatMap((b, i): [number, string][] => (i % every === 0 ? [[i, b.label]] : []));
  const rects = bars
    .map((b, i) => {
      const top = sy(b.value);
      return (
        `<rect x="${Math.round((PAD.left + i * width + 1) * 10) / 10}" y="${top}" width="${Math.max(1, Math.round((width - 2) * 10) / 10)}" ` +
        `height="${Math.round((H - PAD.bottom - top) * 10) / 10}" fill="${color}"><title>${escapeHtml(`${b.label}: ${b.value}`)}</title></rect>`
      );
    })
    .join('');
  return (
    `<figure><figcaption>${escapeHtml(title)}</figcaption>` +
    `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(title)}">${frame(xTicks, yTicks, sx, sy, xLabel, yLabel)}${rects}</svg></figure>`
  );
}
