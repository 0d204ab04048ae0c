import type { LoadReport } from './run';
import { htmlPage } from '../html-page';
import { barChart, escapeHtml, lineChart, type Series } from './svg-chart';
import { paceText } from './think';

const COLORS = { p50: '#2f80ed', p99: '#eb5757', done: '#27ae60', failed: '#eb5757', shots: '#9b51e0', max: '#f2994a' };

const fmt = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

function modelText(report: LoadReport): string {
  const m = report.model;
  const how =
    m.kind === 'closed'
      ? `closed model: ${m.count} ${report.scenario === 'game' ? 'games' : 'accounts'}, ${m.concurrency} at once, ramp ${m.rampSeconds} s`
      : `open model: ${m.ratePerSecond} arrivals/s for ${m.durationSeconds} s, at most ${m.maxInFlight} in flight`;
  const extra =
    report.scenario === 'game'
      ? `, think time ${paceText(report.paceMs, report.paceJitter)}, rematch share ${report.rematch}`
      : '';
  return `${how}${extra}, ${report.workers} generator thread(s)`;
}

function summaryTable(report: LoadReport): string {
  const rows: [string, string][] =
    report.scenario === 'game'
      ? [
          ['Games completed', `${report.completed} of ${report.games}`],
          ['Games/s', String(report.gamesPerSecond)],
          ['Shots/s', String(report.shotsPerSecond)],
          ['Peak games in flight', String(report.peakInFlight)],
        ]
      : [
          ['Sign-ups and logins', `${report.completed} of ${report.planned}`],
          ['Sign-ups/s', String(report.signUp?.perSecond ?? '–')],
          ['Logins/s', String(report.login?.perSecond ?? '–')],
        ];
  rows.push(
    ['Errors', String(report.errors)],
    ['Duration', `${report.seconds} s`],
    [
      'Server event-loop delay (max / worst 1 s p99)',
      report.server
        ? `${report.server.eventLoopDelayMs.max} ms / ${report.server.eventLoopDelayMs.p99} ms`
        : 'not measured (the server has no GET /metrics)',
    ],
  );
  return `<table class="summary">${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
}

function latencyTable(report: LoadReport): string {
  const head = '<tr><th>Event</th><th>Count</th><th>p50 ms</th><th>p95 ms</th><th>p99 ms</th><th>max ms</th></tr>';
  const rows = Object.entries(report.latencyMs)
    .map(
      ([name, p]) =>
        `<tr><th>${escapeHtml(name)}</th><td>${p.count}</td>${[p.p50, p.p95, p.p99, p.max].map((v) => `<td>${fmt(v)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="numbers">${head}${rows}</table>`;
}

function errorsTable(report: LoadReport): string {
  const entries = Object.entries(report.errorsByCode);
  if (entries.length === 0) return '<p class="ok">No errors.</p>';
  const perInterval = report.intervals
    .filter((i) => i.failed > 0)
    .map(
      (i) =>
        `<tr><td>${i.startSecond}–${i.startSecond + i.seconds} s</td><td>${escapeHtml(
          Object.entries(i.errors)
            .map(([c, n]) => `${c} ${n}`)
            .join(', '),
        )}</td></tr>`,
    )
    .join('');
  return (
    `<table class="numbers"><tr><th>Code</th><th>Count</th></tr>${entries
      .map(([c, n]) => `<tr><th>${escapeHtml(c)}</th><td>${n}</td></tr>`)
      .join('')}</table>` + `<table class="numbers"><tr><th>Interval</th><th>Errors</th></tr>${perInterval}</table>`
  );
}

/** p50 and p99 of `event` for every interval where it was measured, at the interval's middle. */
function latencyOverTime(report: LoadReport, event: string): string {
  const points = (key: 'p50' | 'p99'): [number, number][] =>
    report.intervals.flatMap((i) => {
      const p = i.latencyMs[event];
      return p ? [[i.startSecond + i.seconds / 2, p[key]] as [number, number]] : [];
    });
  const series: Series[] = [
    { name: 'p50', color: COLORS.p50, points: points('p50') },
    { name: 'p99', color: COLORS.p99, points: points('p99') },
  ];
  return lineChart(`${event}: latency per 10 s`, series, 'seconds into the run', 'ms');
}

function throughputOverTime(report: LoadReport): string {
  const perSecond = (pick: (i: LoadReport['intervals'][number]) => number): [number, number][] =>
    report.intervals.map((i) => [i.startSecond + i.seconds / 2, Math.round((pick(i) / i.seconds) * 100) / 100]);
  const unit = report.scenario === 'game' ? 'games' : 'sign-ups + logins';
  const series: Series[] = [
    { name: `${unit} done/s`, color: COLORS.done, points: perSecond((i) => i.done) },
    { name: `${unit} failed/s`, color: COLORS.failed, points: perSecond((i) => i.failed) },
  ];
  const charts = [lineChart(`Throughput per 10 s (${unit})`, series, 'seconds into the run', 'per second')];
  if (report.scenario === 'game') {
    const shots: Series = {
      name: 'shots/s',
      color: COLORS.shots,
      points: perSecond((i) => i.latencyMs.shoot?.count ?? 0),
    };
    charts.push(lineChart('Shots acknowledged per second, per 10 s', [shots], 'seconds into the run', 'shots/s'));
  }
  return charts.join('');
}

function histogram(report: LoadReport, event: string): string {
  const bars = (report.histograms[event] ?? []).map((b) => ({ label: fmt(b.fromMs), value: b.count }));
  return barChart(`${event}: latency histogram`, bars, 'ms (log scale, 4 bars per doubling)', 'count', COLORS.p50);
}

function serverSection(report: LoadReport): string {
  const server = report.server;
  if (!server) return '<p>The server did not answer GET /metrics: its event-loop delay was not measured.</p>';
  const series: Series[] = [
    { name: 'p99 over 1 s', color: COLORS.p99, points: server.samples.map((s) => [s.second, s.p99]) },
    { name: 'max over 1 s', color: COLORS.max, points: server.samples.map((s) => [s.second, s.max]) },
  ];
  return (
    `<div class="grid-2">${lineChart('Server event-loop delay, per second', series, 'seconds into the run', 'ms')}</div>` +
    `<p>At the end: ${server.last.rooms} rooms in memory, ${server.last.sockets} sockets (peak ${server.peakSockets}), ` +
    `${Math.round(server.last.memory.rssBytes / 1048576)} MiB resident.</p>`
  );
}

/**
 * One self-contained HTML page for a load run (no script, font, stylesheet or image from anywhere
 * else): summary, latency table, latency over time (p50/p99 per 10 s) and the histogram of every
 * event, throughput, errors by code and per interval, the server's event-loop delay, and the full
 * JSON report embedded for tools.
 */
export function renderHtmlReport(report: LoadReport, server: string, when = new Date()): string {
  const events = Object.keys(report.latencyMs);
  const ordered = [...events.filter((e) => e === 'shoot'), ...events.filter((e) => e !== 'shoot')];
  const title = `Broadside load report — ${report.scenario} scenario`;
  return htmlPage({
    title,
    meta: `${server} · ${when.toISOString()} · ${modelText(report)}`,
    maxWidth: 1340,
    css: `table { margin: 8px 16px 8px 0; display: inline-table; vertical-align: top; }
.grid-2 { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: 8px 24px; }
figure { margin: 8px 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
svg .axis { stroke: var(--muted); }
.legend span { margin-right: 14px; } .legend i { display: inline-block; width: 12px; height: 3px; margin: 0 6px 3px 0; vertical-align: middle; }
.ok { color: #27ae60; }`,
    body: `<section id="summary"><h2>Summary</h2>${summaryTable(report)}${latencyTable(report)}</section>
<section id="throughput"><h2>Throughput</h2><div class="grid-2">${throughputOverTime(report)}</div></section>
<section id="latency-over-time"><h2>Latency over time</h2><div class="grid-2">${ordered.map((e) => latencyOverTime(report, e)).join('')}</div></section>
<section id="histograms"><h2>Latency histograms</h2><div class="grid-2">${ordered.map((e) => histogram(report, e)).join('')}</div></section>
<section id="errors"><h2>Errors</h2>${errorsTable(report)}</section>
<section id="server"><h2>Server</h2>${serverSection(report)}</section>`,
    data: report,
  });
}
