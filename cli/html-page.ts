import { escapeHtml } from './load/svg-chart';

/**
 * The chrome of the CLI's self-contained HTML reports (`load --report`, `tournament --report`):
 * one page, no script, font, stylesheet or image from anywhere else, light and dark colours, the
 * tables and charts styled alike, and the whole JSON report embedded for tools (`#report-data`).
 */
export interface HtmlPage {
  readonly title: string;
  /** One line under the title (where, when, what). */
  readonly meta: string;
  /** The page's widest, in CSS pixels. */
  readonly maxWidth: number;
  /** Rules of this report only, after the shared ones (so they may override them). */
  readonly css?: string;
  /** The sections, as HTML. */
  readonly body: string;
  /** The report as JSON, embedded in a script element. */
  readonly data: unknown;
}

const SHARED_CSS = `:root { color-scheme: light dark; --fg: #1b2430; --bg: #ffffff; --muted: #6b7785; --line: #d5dbe2; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0f1720; --muted: #9aa7b4; --line: #2c3845; } }
body { font: 15px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 0 auto; padding: 24px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; } h2 { font-size: 1.15rem; margin: 28px 0 8px; border-bottom: 1px solid var(--line); }
.meta { color: var(--muted); margin: 0 0 16px; }
table { border-collapse: collapse; margin: 8px 0; } th, td { padding: 3px 10px; border-bottom: 1px solid var(--line); text-align: left; }
.numbers td { text-align: right; font-variant-numeric: tabular-nums; }
svg { width: 100%; height: auto; font-size: 11px; } svg text { fill: var(--muted); } svg .label { font-size: 12px; }
svg .grid { stroke: var(--line); stroke-width: 1; }`;

/** JSON for a script element: `<` escaped so no string in it can close the element. */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function htmlPage(page: HtmlPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>
${SHARED_CSS}
body { max-width: ${page.maxWidth}px; }
${page.css ?? ''}
</style>
</head>
<body>
<h1>${escapeHtml(page.title)}</h1>
<p class="meta">${escapeHtml(page.meta)}</p>
${page.body}
<script type="application/json" id="report-data">${embeddedJson(page.data)}</script>
</body>
</html>
`;
}
