import {
  Counter,
  Gauge,
  Histogram,
  type MetricObjectWithValues,
  type MetricValueWithName,
  type Registry,
} from 'prom-client';
import type { FlatCounters, FlatHistograms } from './flat-series';

type Labels = Record<string, string>;

/**
 * A prom-client counter whose values are read, at each scrape, from a FlatCounters the hot path
 * bumps: `labelsOf(index)` names each slot's labels, or null for a slot not to expose (a
 * combination that cannot happen, a zero that would only add lines).
 */
export function flatCounter(
  registry: Registry,
  options: { name: string; help: string; labelNames: readonly string[] },
  source: FlatCounters,
  labelsOf: (index: number, value: number) => Labels | null,
): Counter<string> {
  return new Counter({
    ...options,
    labelNames: [...options.labelNames],
    registers: [registry],
    collect() {
      this.reset();
      for (let index = 0; index < source.size; index++) {
        const value = source.values[index] ?? 0;
        const labels = labelsOf(index, value);
        if (labels) this.inc(labels, value);
      }
    },
  });
}

type Readings = readonly (readonly [Labels, number])[];

/** A prom-client gauge set at each scrape from `read` (rooms and sockets held now, the queue's length…). */
export function readGauge(
  registry: Registry,
  options: { name: string; help: string; labelNames?: readonly string[] },
  read: () => Promise<Readings> | Readings,
): Gauge<string> {
  return new Gauge({
    name: options.name,
    help: options.help,
    labelNames: [...(options.labelNames ?? [])],
    registers: [registry],
    async collect() {
      const values = await read();
      this.reset();
      for (const [labels, value] of values) this.set(labels, value);
    },
  });
}

/** A prom-client counter set at each scrape from a total another part keeps (moves committed, refused moves). */
export function readCounter(
  registry: Registry,
  options: { name: string; help: string },
  read: () => number,
): Counter<string> {
  return new Counter({
    ...options,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/**
 * A prom-client histogram exposing a FlatHistograms: the hot path counts into typed arrays, and
 * the buckets, sum and count of each series are written out only when Prometheus scrapes.
 * prom-client's Histogram offers no way to set its buckets, so this one answers its own values
 * (the registry asks `getForPromString`, or `get` for JSON).
 */
class FlatHistogramMetric extends Histogram<string> {
  constructor(
    registry: Registry,
    private readonly options: { name: string; help: string; labelNames: readonly string[] },
    private readonly source: FlatHistograms,
    private readonly labelsOf: (series: number) => Labels,
  ) {
    super({
      name: options.name,
      help: options.help,
      labelNames: [...options.labelNames],
      buckets: [...source.bounds],
      registers: [registry],
    });
  }

  private values(): MetricValueWithName<string>[] {
    const { name } = this.options;
    const { source } = this;
    const values: MetricValueWithName<string>[] = [];
    for (let series = 0; series < source.series; series++) {
      const labels = this.labelsOf(series);
      const cumulative = source.cumulative(series);
      source.bounds.forEach((bound, i) => {
        values.push({ labels: { ...labels, le: bound }, value: cumulative[i] ?? 0, metricName: `${name}_bucket` });
      });
      const total = cumulative[cumulative.length - 1] ?? 0;
      values.push({ labels: { ...labels, le: '+Inf' }, value: total, metricName: `${name}_bucket` });
      values.push({ labels, value: source.sums[series] ?? 0, metricName: `${name}_sum` });
      values.push({ labels, value: source.counts[series] ?? 0, metricName: `${name}_count` });
    }
    return values;
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    const { name, help } = this.options;
    // The type field is the text prom-client prints ('histogram'); its typings declare an enum instead.
    const type = 'histogram' as unknown as MetricObjectWithValues<MetricValueWithName<string>>['type'];
    return { name, help, type, values: this.values(), aggregator: 'sum', collect: () => undefined };
  }

  /** What the registry reads for the text format. */
  getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    return this.get();
  }
}

export function flatHistogram(
  registry: Registry,
  options: { name: string; help: string; labelNames?: readonly string[] },
  source: FlatHistograms,
  labelsOf: (series: number) => Labels = () => ({}),
): Histogram<string> {
  return new FlatHistogramMetric(registry, { ...options, labelNames: options.labelNames ?? [] }, source, labelsOf);
}
