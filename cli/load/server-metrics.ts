import { round } from '../stats';
import { type Metrics, MetricsSchema, METRICS_JSON } from '../../src/protocol';

/** One second of the server's event-loop delay, as GET /metrics reports it. */
export interface DelayPoint {
  /** Seconds from the start of the run. */
  readonly second: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface ServerFigures {
  /** Over the run: the largest per-second max, and the largest per-second p99. */
  readonly eventLoopDelayMs: { readonly max: number; readonly p99: number };
  readonly samples: readonly DelayPoint[];
  /** The last reading: rooms and sockets held, memory. */
  readonly last: Pick<Metrics, 'rooms' | 'sockets' | 'memory'>;
  /** The most sockets the server held at any reading. */
  readonly peakSockets: number;
}

/**
 * Reads the server's GET /metrics every `everyMs` during a run. The server keeps the last two
 * minutes of per-second event-loop delay, so readings a few seconds apart miss nothing; seconds
 * are kept by their timestamp and only those inside the run count. A server without the route
 * (or unreachable) gives null: the report says "not measured" rather than zero.
 */
export function watchServer(server: string, startedAt: number, everyMs = 3000) {
  const seconds = new Map<number, DelayPoint>();
  let last: Metrics | null = null;
  let peakSockets = 0;
  const read = async (): Promise<void> => {
    try {
      const response = await fetch(`${server}/metrics`, { headers: METRICS_JSON, signal: AbortSignal.timeout(5000) });
      if (!response.ok) return;
      const parsed = MetricsSchema.safeParse(await response.json());
      if (!parsed.success) return;
      last = parsed.data;
      peakSockets = Math.max(peakSockets, parsed.data.sockets);
      for (const s of parsed.data.eventLoopDelayMs.recent) {
        // A sample covers the second before `at`: it belongs to the run if that second does.
        if (s.at - 1000 < startedAt) continue;
        seconds.set(s.at, {
          second: Math.round((s.at - startedAt) / 100) / 10,
          p50: s.p50,
          p99: s.p99,
          max: s.max,
        });
      }
    } catch {
      // Unreachable or not ours: try again at the next reading.
    }
  };
  let reading = read();
  const timer = setInterval(() => {
    reading = reading.then(read);
  }, everyMs);
  return {
    /** Takes a last reading (the run's final seconds) and returns the figures. */
    async stop(): Promise<ServerFigures | null> {
      clearInterval(timer);
      // The server samples once a second: wait for the run's last second to be closed.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await reading.then(read);
      const final: Metrics | null = last;
      if (final === null) return null;
      const samples = [...seconds.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
      return {
        eventLoopDelayMs: {
          max: round(Math.max(0, ...samples.map((s) => s.max)), 1),
          p99: round(Math.max(0, ...samples.map((s) => s.p99)), 1),
        },
        samples,
        last: { rooms: final.rooms, sockets: final.sockets, memory: final.memory },
        peakSockets,
      };
    },
  };
}
