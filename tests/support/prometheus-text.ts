/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4, what Prometheus scrapes
 * from `text/plain; version=0.0.4`), so that tests check /metrics as Prometheus would take it:
 * HELP and TYPE lines, metric and label names, escaped label values, float values (NaN, ±Inf),
 * one block per family, no series twice, and histograms whose buckets are cumulative and end in a
 * +Inf bucket equal to their count. Any violation throws, naming the line.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name (a histogram's `_bucket`, `_sum`, `_count`). */
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  help: string | null;
  type: MetricType;
  readonly samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES: readonly MetricType[] = ['counter', 'gauge', 'histogram', 'summary', 'untyped'];

class ParseError extends Error {
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

function parseValue(text: string, line: number): number {
  // Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case: prom-client
  // writes 'Nan' (its default event-loop series before their first sample).
  if (/^nan$/i.test(text)) return Number.NaN;
  if (/^\+?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new ParseError(line, `not a number: ${text}`);
  return Number(text);
}

/** Reads `{a="x",b="y"}` from `text` at `start`; returns the labels and where they end. */
function parseLabels(text: string, start: number, line: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let at = start + 1;
  for (;;) {
    if (text[at] === '}') return { labels, end: at + 1 };
    const eq = text.indexOf('=', at);
    if (eq < 0) throw new ParseError(line, 'label without =');
    const name = text.slice(at, eq).trim();
    if (!LABEL_NAME.test(name)) throw new ParseError(line, `bad label name "${name}"`);
    if (name in labels) throw new ParseError(line, `label ${name} twice`);
    if (text[eq + 1] !== '"') throw new ParseError(line, `label ${name}: value not quoted`);
    let value = '';
    let i = eq + 2;
    for (; ; i++) {
      const c = text[i];
      if (c === undefined) throw new ParseError(line, `label ${name}: unterminated value`);
      if (c === '"') break;
      if (c === '\\') {
        const next = text[++i];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new ParseError(line, `label ${name}: bad escape \\${next}`);
      } else value += c;
    }
    labels[name] = value;
    at = i + 1;
    if (text[at] === ',') at++;
    else if (text[at] !== '}') throw new ParseError(line, `label ${name}: expected , or }`);
  }
}

/** The family a sample belongs to: its own name, or its name less a histogram's or summary's suffix. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name);
  if (own) return own;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const family = families.get(name.slice(0, -suffix.length));
    if (family && (family.type === 'histogram' || (family.type === 'summary' && suffix !== '_bucket'))) return family;
  }
  return undefined;
}

const seriesKey = (name: string, labels: Readonly<Record<string, string>>): string =>
  `${name}{${Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(',')}}`;

function checkHistogram(family: Family): void {
  const groups = new Map<string, { buckets: { le: number; value: number }[]; count?: number; sum?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = seriesKey('', rest);
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (sample.name === `${family.name}_bucket`) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      group.buckets.push({ le: parseValue(le, 0), value: sample.value });
    } else if (sample.name === `${family.name}_count`) group.count = sample.value;
    else if (sample.name === `${family.name}_sum`) group.sum = sample.value;
    else throw new Error(`${family.name}: unexpected sample ${sample.name}`);
  }
  for (const [key, group] of groups) {
    const where = `${family.name}${key}`;
    if (group.count === undefined || group.sum === undefined) throw new Error(`${where}: no _count or _sum`);
    const last = group.buckets[group.buckets.length - 1];
    if (!last || last.le !== Number.POSITIVE_INFINITY) throw new Error(`${where}: no +Inf bucket last`);
    if (last.value !== group.count) throw new Error(`${where}: +Inf bucket ${last.value} ≠ count ${group.count}`);
    group.buckets.forEach((bucket, i) => {
      const before = group.buckets[i - 1];
      if (before && (bucket.le <= before.le || bucket.value < before.value))
        throw new Error(`${where}: buckets not increasing at le=${bucket.le}`);
    });
  }
}

/** Every family of an exposition, by name; throws on anything Prometheus would refuse or misread. */
export function parsePrometheusText(text: string): Map<string, Family> {
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('the exposition does not end with a line break');
  const families = new Map<string, Family>();
  const series = new Set<string>();
  let current: Family | null = null;
  const closed = new Set<string>();
  const open = (name: string, line: number): Family => {
    if (!METRIC_NAME.test(name)) throw new ParseError(line, `bad metric name "${name}"`);
    let family = families.get(name);
    if (family && family !== current) throw new ParseError(line, `family ${name} appears in two blocks`);
    if (!family) {
      if (current) closed.add(current.name);
      family = { name, help: null, type: 'untyped', samples: [] };
      families.set(name, family);
    }
    current = family;
    return family;
  };
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (raw.startsWith('#')) {
      const [, keyword, name, ...rest] = raw.split(' ');
      if (keyword === 'HELP' && name) {
        const family = open(name, line);
        if (family.help !== null) throw new ParseError(line, `second HELP for ${name}`);
        family.help = rest.join(' ');
      } else if (keyword === 'TYPE' && name) {
        const family = open(name, line);
        const type = rest[0] as MetricType;
        if (!TYPES.includes(type) || rest.length !== 1) throw new ParseError(line, `bad TYPE "${rest.join(' ')}"`);
        if (family.samples.length > 0) throw new ParseError(line, `TYPE of ${name} after its samples`);
        family.type = type;
      }
      return;
    }
    const brace = raw.indexOf('{');
    const space = raw.indexOf(' ');
    const nameEnd = brace >= 0 && (space < 0 || brace < space) ? brace : space;
    if (nameEnd <= 0) throw new ParseError(line, 'no value');
    const name = raw.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new ParseError(line, `bad metric name "${name}"`);
    let labels: Record<string, string> = {};
    let rest = raw.slice(nameEnd);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(raw, nameEnd, line);
      labels = parsed.labels;
      rest = raw.slice(parsed.end);
    }
    const parts = rest.trim().split(/\s+/);
    if (parts.length < 1 || parts.length > 2 || parts[0] === '')
      throw new ParseError(line, 'expected a value and an optional timestamp');
    const value = parseValue(parts[0] ?? '', line);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new ParseError(line, `bad timestamp ${parts[1]}`);
    const family = familyOf(name, families) ?? open(name, line);
    if (family !== current) throw new ParseError(line, `sample ${name} outside its family's block`);
    if (family.type === 'counter' && !(value >= 0)) throw new ParseError(line, `counter ${name} is ${value}`);
    const key = seriesKey(name, labels);
    if (series.has(key)) throw new ParseError(line, `series ${key} twice`);
    series.add(key);
    family.samples.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/** The value of the one sample of `name` whose labels include `labels`; throws when there is not exactly one. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number {
  const family = familyOf(name, families);
  const found = (family?.samples ?? []).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name}${JSON.stringify(labels)}`);
  return found[0]?.value ?? Number.NaN;
}
