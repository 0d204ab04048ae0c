import { readFileSync } from 'node:fs';

/**
 * Memory of a service under test, KB: its Node process's resident size, and for the original
 * server also its redis-server's resident size and the private (anonymous) memory of its
 * PostgreSQL backends. PostgreSQL's shared buffers belong to the whole cluster and are not counted.
 * `heapKb` is V8's used heap where the server reports it (ours, GET /metrics), else null.
 */
export interface MemoryReading {
  readonly nodeKb: number;
  readonly redisKb: number;
  readonly pgKb: number;
  readonly heapKb: number | null;
}

export const totalKb = (m: MemoryReading): number => m.nodeKb + m.redisKb + m.pgKb;

/** A field of /proc/<pid>/status in KB (VmRSS, RssAnon…); 0 when the process is gone. */
export function procStatusKb(pid: number, field: 'VmRSS' | 'RssAnon'): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** One reading taken `at` (epoch ms). */
export interface MemorySample {
  readonly at: number;
  readonly memory: MemoryReading;
}

/**
 * Reads `read` every `everyMs` until stopped, and once more on demand (`mark`): the bench marks
 * the moment the load tool says its players are signed up and logged in.
 */
export class MemorySampler {
  private readonly samples: MemorySample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly read: () => Promise<MemoryReading>,
    private readonly everyMs = 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      void this.take().finally(() => {
        this.busy = false;
      });
    }, this.everyMs);
  }

  async take(): Promise<MemorySample> {
    const sample = { at: Date.now(), memory: await this.read() };
    this.samples.push(sample);
    return sample;
  }

  stop(): readonly MemorySample[] {
    if (this.timer) clearInterval(this.timer);
    return [...this.samples].sort((a, b) => a.at - b.at);
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0) : Number.NaN;
};

/** Memory of the games in flight: the plateau above the reading taken once the accounts existed. */
export interface GameMemory {
  /** Right after the tool's "accounts ready", KB. */
  readonly afterAccounts: MemoryReading;
  /** Median of the readings over the middle half of the games phase (every lane playing), KB. */
  readonly plateau: MemoryReading;
  /** (plateau − afterAccounts) / games in flight, KB: the Node process, and the whole service. */
  readonly nodeKbPerGame: number;
  readonly serviceKbPerGame: number;
  readonly heapKbPerGame: number | null;
}

/**
 * The plateau is read over the middle half of [accounts ready, last game]: the closed model keeps
 * every lane playing there (the first games are starting before it, the last lanes ending after).
 */
export function gameMemory(
  samples: readonly MemorySample[],
  afterAccounts: MemorySample,
  endedAt: number,
  inFlight: number,
): GameMemory {
  const span = endedAt - afterAccounts.at;
  const middle = samples.filter(
    (s) => s.at >= afterAccounts.at + span / 4 && s.at <= afterAccounts.at + (3 * span) / 4,
  );
  const pick = (f: (m: MemoryReading) => number): number => median(middle.map((s) => f(s.memory)));
  const heaps = middle.flatMap((s) => (s.memory.heapKb === null ? [] : [s.memory.heapKb]));
  const plateau: MemoryReading = {
    nodeKb: pick((m) => m.nodeKb),
    redisKb: pick((m) => m.redisKb),
    pgKb: pick((m) => m.pgKb),
    heapKb: heaps.length ? median(heaps) : null,
  };
  const per = (after: number, before: number): number => Math.round((after - before) / inFlight);
  const before = afterAccounts.memory;
  return {
    afterAccounts: before,
    plateau,
    nodeKbPerGame: per(plateau.nodeKb, before.nodeKb),
    serviceKbPerGame: per(totalKb(plateau), totalKb(before)),
    heapKbPerGame: plateau.heapKb !== null && before.heapKb !== null ? per(plateau.heapKb, before.heapKb) : null,
  };
}
