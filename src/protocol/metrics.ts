import { z } from 'zod';

/* GET /metrics: the server's own load figures (docs/protocol.md), read by `broadside load`. */

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
