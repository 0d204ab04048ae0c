import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Family, parsePrometheusText } from '../support/prometheus-text';
import { startTestServer, type TestServer } from '../support/server';

/** deploy/grafana-dashboard.json: every PromQL it holds (panel targets and the node variable). */
interface Dashboard {
  readonly panels: readonly { readonly title: string; readonly targets: readonly { readonly expr: string }[] }[];
  readonly templating: { readonly list: readonly { readonly name: string; readonly definition?: string }[] };
}
const dashboard = JSON.parse(readFileSync(join(__dirname, '../../deploy/grafana-dashboard.json'), 'utf8')) as Dashboard;
const queries: { readonly where: string; readonly expr: string }[] = [
  ...dashboard.panels.flatMap((p) => p.targets.map((t) => ({ where: p.title, expr: t.expr }))),
  ...dashboard.templating.list.flatMap((v) => (v.definition ? [{ where: `$${v.name}`, expr: v.definition }] : [])),
];

/** A selector's metric name and the label names it matches on: `name{a="x",b=~"y"}`. */
const SELECTOR = /\b((?:broadside|nodejs|process)_[a-z0-9_]+)(?:\{([^}]*)\})?/g;
const HISTOGRAM_PARTS = /_(bucket|sum|count)$/;

let server: TestServer;
let families: Map<string, Family>;
beforeAll(async () => {
  server = await startTestServer({ config: { nodeName: 'dashboard-node' } });
  families = parsePrometheusText(await (await fetch(`${server.url}/metrics`)).text());
});
afterAll(async () => {
  await server.dispose();
});

describe('the Grafana dashboard in deploy/', () => {
  it('names in every query a metric the server exports, with labels the series carry', () => {
    expect(queries.length).toBeGreaterThan(15);
    for (const { where, expr } of queries) {
      const selectors = [...expr.matchAll(SELECTOR)];
      expect(selectors.length, `${where}: ${expr}`).toBeGreaterThan(0);
      for (const [, name = '', matchers = ''] of selectors) {
        // A histogram is queried through its _bucket series; its family is the base name.
        const family = families.get(name) ?? families.get(name.replace(HISTOGRAM_PARTS, ''));
        expect(family, `${where}: ${name} is not exported`).toBeDefined();
        if (!family) continue;
        if (family.name !== name) expect(family.type, `${where}: ${name}`).toBe('histogram');
        // Labels are known from samples: a series nothing has touched yet (a histogram before its
        // first observation) has none on an idle server, and is checked by name only.
        if (family.samples.length === 0) continue;
        const labels = new Set(family.samples.flatMap((s) => Object.keys(s.labels)));
        for (const [, label] of matchers.matchAll(/([a-z_]+)\s*[=!]~?/g))
          expect(labels.has(label ?? ''), `${where}: ${name} has no label ${label}`).toBe(true);
      }
    }
  });

  it('groups only by labels the series it sums carry', () => {
    for (const { where, expr } of queries) {
      const names = [...expr.matchAll(SELECTOR)].map(([, name = '']) => name.replace(HISTOGRAM_PARTS, ''));
      if (names.some((n) => (families.get(n)?.samples.length ?? 0) === 0)) continue;
      const labels = new Set(
        names.flatMap((n) => (families.get(n)?.samples ?? []).flatMap((s) => Object.keys(s.labels))),
      );
      for (const [, by = ''] of expr.matchAll(/\bby \(([^)]*)\)/g))
        for (const label of by.split(',').map((l) => l.trim()))
          expect(label === 'le' || labels.has(label), `${where}: no series carries ${label}`).toBe(true);
    }
  });
});
