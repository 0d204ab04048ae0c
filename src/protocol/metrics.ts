import { z } from 'zod';

/* GET /metrics: the server's own load figures (docs/protocol.md), read by `broadside load`. */

const delay = z.object({ p50: z.number(), p99: z.number(), max: z.number() });

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
});

export type Metrics = z.infer<typeof MetricsSchema>;
