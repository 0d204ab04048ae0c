import { z } from 'zod';

/*
 * GET /metrics with `Accept: application/json`: the server's own load figures as the project's
 * tools read them (docs/protocol.md), `broadside load` and the benches; without it the server
 * answers Prometheus's text format (docs/deploy.md, "Metrics").
 */

/** The request headers that ask GET /metrics for its JSON. */
export const METRICS_JSON: Readonly<Record<string, string>> = { accept: 'application/json' };

const delay = z.object({ p50: z.number(), p99: z.number(), max: z.number() });
const percentiles = z.object({
  count: z.number().int(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  max: z.number(),
});
/** A computer level's time per shot decision, ms: choosing it, and asking to having it (worker queue included). */
const decisionTimes = z.object({ compute: percentiles.optional(), roundTrip: percentiles.optional() });

export const MetricsSchema = z.object({
  uptimeSeconds: z.number(),
  eventLoopDelayMs: z.object({
    sinceStart: delay.extend({ mean: z.number() }),
    recent: z.array(delay.extend({ at: z.number() })),
  }),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
  /** The node's name (NODE_ID or the host name), and whether it takes new rooms or drains; absent from older servers. */
  node: z.string().optional(),
  ready: z.boolean().optional(),
  draining: z.boolean().optional(),
  rooms: z.number().int(),
  sockets: z.number().int(),
  /** Shots stored and the commits that stored them: the shots of one event-loop turn share a commit. */
  shotCommits: z.object({ commits: z.number().int(), shots: z.number().int() }),
  /** The server's computer players (issue 12); optional for servers that have none. */
  computers: z
    .object({
      seats: z.number().int(),
      max: z.number().int(),
      refused: z.number().int(),
      decisions: z.object({
        easy: decisionTimes.optional(),
        medium: decisionTimes.optional(),
        hard: decisionTimes.optional(),
      }),
    })
    .optional(),
});

export type Metrics = z.infer<typeof MetricsSchema>;
